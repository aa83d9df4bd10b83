/**
 * Laws over one answer to a request that must succeed: status, content type, schema, the item
 * rules, limits and the session the items belong to.
 */
import { observeBody } from '../drift.js';
import { SPEC_FILES } from '../faces.js';
import { type ListOperation, idOf } from '../operations.js';
import { type ItemRuleId, checkItemRule, judgeItemRule, rulesFor } from '../rules/index.js';
import { type ItemRule, isObject } from '../rules/types.js';
import { validateBody } from '../validate.js';
import { defineLaw, everyOperation, having, type With } from './define.js';
import { isJsonType, objectItems, pageItems, queryValue, statusSource, violationOf } from './common.js';
import { type Exchange, type Judgement, type LawRef, NOTHING, type Subjects } from './types.js';

type Page = Subjects['page'];

/** A token-paged answer that offers a next cursor. */
function offersCursor(op: ListOperation, page: Page): boolean {
  if (op.paging.kind !== 'token' || !isObject(page.exchange.body)) return false;
  const value = page.exchange.body[op.paging.responseField];
  return value !== undefined && value !== null;
}

const fiveHundred = (law: LawRef, exchange: Exchange, what: string): Judgement => ({
  judged: 1,
  violations: exchange.status >= 500 ? [violationOf(law, '', `${what} got ${exchange.status}`, exchange.status)] : [],
});

const hasEnvelope = having('envelopeTarget');
const hasLimit = having('limit');
const hasIdSource = having('idSource');
const hasSessionField = having('sessionField');

export const notAServerError = defineLaw({
  id: 'not-a-server-error',
  appliesTo: everyOperation,
  statement: 'No request, valid or not, gets a 5xx.',
  source: statusSource,
  unexercised: 'no request was answered',
  check: {
    page: (s, { law }) => fiveHundred(law, s.exchange, 'a valid request'),
    error: (s, { law }) => fiveHundred(law, s.exchange, `a request that must get ${s.expected.status}`),
  },
});

export const statusCode = defineLaw({
  id: 'status-code',
  appliesTo: everyOperation,
  statement: 'A valid request gets 200.',
  source: statusSource,
  unexercised: 'no valid request was answered',
  check: {
    page(s, { law }) {
      if (s.exchange.status >= 500 || s.acceptedBy) return NOTHING;
      return {
        judged: 1,
        violations:
          s.exchange.status === 200
            ? []
            : [violationOf(law, '', `a valid request got ${s.exchange.status}, expected 200`, s.exchange.status)],
      };
    },
  },
});

export const contentType = defineLaw({
  id: 'content-type',
  appliesTo: everyOperation,
  statement: 'A 200 carries a JSON body labelled application/json.',
  source: (op) => ({ file: SPEC_FILES[op.face], sentence: `${op.operationId} 200: content application/json` }),
  unexercised: 'no request got a 200',
  check: {
    page({ exchange }, { law }) {
      if (exchange.status !== 200) return NOTHING;
      if (exchange.body === undefined)
        return {
          judged: 1,
          violations: [
            violationOf(
              law,
              '',
              `the 200 response body is not JSON (content-type ${exchange.contentType ?? 'missing'}${exchange.bodyError ? `; ${exchange.bodyError}` : ''})`,
            ),
          ],
        };
      if (!isJsonType(exchange.contentType))
        return {
          judged: 1,
          violations: [
            violationOf(
              law,
              '',
              `the 200 response is JSON but labelled ${exchange.contentType ?? '(no content-type)'}, not application/json`,
              exchange.contentType,
            ),
          ],
        };
      return { judged: 1, violations: [] };
    },
  },
});

/** One law per face: the operations of a face share their schema law. */
export const responseSchema = defineLaw({
  id: (op) => `${op.face}.response-schema`,
  appliesTo: everyOperation,
  statement: 'Every 200 body matches the schema the spec documents for it.',
  source: (op) => ({ file: SPEC_FILES[op.face], sentence: `${op.operationId} 200 response schema` }),
  unexercised: 'no request got a JSON 200',
  check: {
    page({ exchange }, { op }) {
      if (exchange.status !== 200 || exchange.body === undefined) return NOTHING;
      return { judged: 1, violations: validateBody(op.face, op.operationId, 200, exchange.body, 'documented') ?? [] };
    },
  },
});

/** Every item rule of the operation's target, as a law: it judges the objects of every 200 page. */
export const itemRuleLaws = defineLaw({
  id: (_op, rule: ItemRule<ItemRuleId>) => rule.id,
  appliesTo: everyOperation,
  each: (op) => rulesFor(op.face, op.target),
  statement: (_op, rule) => rule.statement,
  source: (_op, rule) => rule.source,
  unexercised: (_op, rule) =>
    rule.applies ? 'no listed object was of the kind or in the state the rule constrains' : 'no object was listed',
  check: {
    page(s, { op, member: rule }) {
      const items = pageItems(op, s.exchange);
      if (!items) return NOTHING;
      let judged = 0;
      const violations = [];
      for (let index = 0; index < items.length; index++) {
        const item = items[index];
        if (!isObject(item)) continue;
        const judgement = judgeItemRule(rule, item, `${op.itemsPointer}/${index}`);
        if (judgement.judged) judged++;
        violations.push(...judgement.violations);
      }
      return { judged, violations };
    },
  },
});

/** The rules about a whole 200 body (JSON-RPC's envelope), as laws. */
export const envelopeRuleLaws = defineLaw({
  id: (_op, rule: ItemRule<ItemRuleId>) => rule.id,
  appliesTo: hasEnvelope,
  each: (op) => rulesFor(op.face, op.envelopeTarget),
  statement: (_op, rule) => rule.statement,
  source: (_op, rule) => rule.source,
  unexercised: 'no request got a JSON 200',
  check: {
    page: ({ exchange }, { member: rule }) =>
      exchange.status === 200 && isObject(exchange.body)
        ? { judged: 1, violations: checkItemRule(rule, exchange.body) }
        : NOTHING,
  },
});

export const limitRespected = defineLaw({
  id: 'limit-respected',
  appliesTo: hasLimit,
  statement: (op) => `A page never holds more items than ${op.limit.param}.`,
  source: (op) => op.limit.source,
  unexercised: (op) => `no page was full (as many items as ${op.limit.param}, or a next cursor)`,
  check: {
    page(s, { op, law }) {
      const { param } = op.limit;
      const text = queryValue(s.exchange.query, param);
      const items = pageItems(op, s.exchange);
      const limit = Number(text);
      // The documents state no count for the minimum 0, so a page of limit 0 judges nothing here.
      if (text === undefined || !items || !Number.isInteger(limit) || limit < 1) return NOTHING;
      if (items.length < limit && !offersCursor(op, s)) return NOTHING;
      return {
        judged: 1,
        violations:
          items.length > limit
            ? [
                violationOf(
                  law,
                  op.itemsPointer,
                  `${items.length} items on a page whose ${param} is ${limit}`,
                  items.length,
                ),
              ]
            : [],
      };
    },
  },
});

type WithLimit<K extends 'minimum' | 'default'> = With<'limit'> & {
  limit: With<'limit'>['limit'] & { [P in K]-?: number };
};
const limitHas =
  <K extends 'minimum' | 'default'>(key: K) =>
  (op: ListOperation): op is WithLimit<K> =>
    op.limit?.[key] !== undefined;
const hasMinimumLimit = limitHas('minimum');
const hasDefaultLimit = limitHas('default');

export const minimumLimitAccepted = defineLaw({
  id: 'minimum-limit-accepted',
  appliesTo: hasMinimumLimit,
  statement: (op) => `${op.limit.param}=${op.limit.minimum}, the documented minimum, is a valid request (200).`,
  source: (op) => op.limit.source,
  unexercised: (op) => `${op.limit.param}=${op.limit.minimum} was not sent`,
  check: {
    page(s, { op, law }) {
      if (s.acceptedBy !== law.id || s.exchange.status >= 500) return NOTHING;
      return {
        judged: 1,
        violations:
          s.exchange.status === 200
            ? []
            : [
                violationOf(
                  law,
                  '',
                  `${op.limit.param}=${op.limit.minimum} (the documented minimum) got ${s.exchange.status}, expected 200`,
                  s.exchange.status,
                ),
              ],
      };
    },
  },
});

export const defaultLimit = defineLaw({
  id: 'default-limit',
  appliesTo: hasDefaultLimit,
  statement: (op) => `Without ${op.limit.param}, a page holds at most ${op.limit.default} items.`,
  source: (op) => op.limit.source,
  unexercised: (op) => `no page without ${op.limit.param} was full (${op.limit.default} items or a next cursor)`,
  check: {
    page(s, { op, law }) {
      const { param, default: dflt } = op.limit;
      const items = pageItems(op, s.exchange);
      if (queryValue(s.exchange.query, param) !== undefined || !items) return NOTHING;
      if (items.length < dflt && !offersCursor(op, s)) return NOTHING;
      return {
        judged: 1,
        violations:
          items.length > dflt
            ? [
                violationOf(
                  law,
                  op.itemsPointer,
                  `${items.length} items on a page without ${param}; the default is ${dflt}`,
                  items.length,
                ),
              ]
            : [],
      };
    },
  },
});

export const noUndocumentedFields = defineLaw({
  id: 'no-undocumented-fields',
  appliesTo: everyOperation,
  statement:
    'Answers carry only the fields and enumerated values the spec declares (judged only with --fail-on-drift; otherwise drift is a warning).',
  source: (op) => ({
    file: SPEC_FILES[op.face],
    sentence: `${op.operationId} 200 response schema: declared properties and enums`,
  }),
  unexercised: 'no request got a JSON 200',
  check: {
    page({ exchange }, { op, law }) {
      if (exchange.status !== 200 || exchange.body === undefined) return NOTHING;
      const found = observeBody(op.face, op.operationId, 200, exchange.body).drift;
      return {
        judged: 1,
        violations: found.map((d) =>
          violationOf(
            law,
            d.path,
            d.kind === 'field'
              ? `${d.path} is not a field the spec declares`
              : `${JSON.stringify(d.value)} at ${d.path} is not a value the spec declares`,
            d.value,
          ),
        ),
      };
    },
  },
});

export const idsUnique = defineLaw({
  id: 'ids-unique',
  appliesTo: hasIdSource,
  statement: (op) => `No two items of one answer share an ${op.idField}: it identifies one object.`,
  source: (op) => op.idSource,
  unexercised: 'no answer listed two items',
  check: {
    page({ exchange }, { op, law }) {
      const items = objectItems(op, exchange);
      if (items.length < 2) return NOTHING;
      const seen = new Map<string, number>();
      const violations = items.flatMap((item, index) => {
        const id = idOf(op, item);
        const first = seen.get(id);
        if (first === undefined) {
          seen.set(id, index);
          return [];
        }
        return [
          violationOf(
            law,
            `${op.itemsPointer}/${index}/${op.idField}`,
            `item ${index} has ${op.idField} ${JSON.stringify(id)}, like item ${first} of the same answer`,
            id,
          ),
        ];
      });
      return { judged: 1, violations };
    },
  },
});

export const itemsBelongToSession = defineLaw({
  id: 'items-belong-to-session',
  appliesTo: hasSessionField,
  statement: (op) => `Every item's ${op.sessionField} is the session of the path.`,
  source: (op) => ({ file: SPEC_FILES[op.face], sentence: `${op.sessionField}: owning session` }),
  unexercised: 'no item was listed under a session',
  check: {
    page(s, { op, law }) {
      if (s.session === undefined) return NOTHING;
      const field = op.sessionField;
      const items = objectItems(op, s.exchange);
      const violations = items.flatMap((item, index) =>
        item[field] === s.session
          ? []
          : [
              violationOf(
                law,
                `${op.itemsPointer}/${index}/${field}`,
                `item ${idOf(op, item)} belongs to ${JSON.stringify(item[field])}, listed under session ${s.session}`,
                item[field],
              ),
            ],
      );
      return { judged: items.length, violations };
    },
  },
});
