/**
 * Laws over one answer to a request that must succeed: status, content type, schema, the item
 * rules, limits, filters and the session the items belong to.
 */
import { observeBody } from '../drift.js';
import { SPEC_FILES } from '../faces.js';
import { type ListOperation, fieldValue, idOf, matchesFilter } from '../operations.js';
import { type ItemRuleId, checkItemRule, judgeItemRule, rulesFor } from '../rules/index.js';
import { type ItemRule, isObject } from '../rules/types.js';
import { validateBody } from '../validate.js';
import { isJsonType, makeLaw, objectItems, pageItems, queryValue, statusSource, violationOf } from './common.js';
import { type Judgement, type Law, NOTHING, type Subjects } from './types.js';

type Page = Subjects['page'];

/** An item rule as a law of the catalogue: it judges the objects of every 200 page. */
function ruleLaw(
  op: ListOperation,
  rule: ItemRule<ItemRuleId>,
  unexercised: string,
  page: (s: Page) => Judgement,
): Law {
  return {
    id: rule.id,
    face: op.face,
    operationId: op.operationId,
    statement: rule.statement,
    source: rule.source,
    unexercised,
    checks: { page },
  };
}

/** A token-paged answer that offers a next cursor. */
function offersCursor(op: ListOperation, page: Page): boolean {
  if (op.paging.kind !== 'token' || !isObject(page.exchange.body)) return false;
  const value = page.exchange.body[op.paging.responseField];
  return value !== undefined && value !== null;
}

export function pageLaws(op: ListOperation): Law[] {
  const laws: Law[] = [];
  const notAServerError = makeLaw(
    op,
    'not-a-server-error',
    'No request, valid or not, gets a 5xx.',
    statusSource(op),
    'no request was answered',
    {},
  );
  const fiveHundred = (exchange: Page['exchange'], what: string): Judgement => ({
    judged: 1,
    violations:
      exchange.status >= 500
        ? [violationOf(notAServerError, '', `${what} got ${exchange.status}`, exchange.status)]
        : [],
  });
  notAServerError.checks.page = (s) => fiveHundred(s.exchange, 'a valid request');
  notAServerError.checks.error = (s) => fiveHundred(s.exchange, `a request that must get ${s.expected.status}`);
  laws.push(notAServerError);

  const statusCode = makeLaw(
    op,
    'status-code',
    'A valid request gets 200.',
    statusSource(op),
    'no valid request was answered',
    {},
  );
  statusCode.checks.page = (s) => {
    if (s.exchange.status >= 500 || s.acceptedBy) return NOTHING;
    return {
      judged: 1,
      violations:
        s.exchange.status === 200
          ? []
          : [violationOf(statusCode, '', `a valid request got ${s.exchange.status}, expected 200`, s.exchange.status)],
    };
  };
  laws.push(statusCode);

  const contentType = makeLaw(
    op,
    'content-type',
    'A 200 carries a JSON body labelled application/json.',
    { file: SPEC_FILES[op.face], sentence: `${op.operationId} 200: content application/json` },
    'no request got a 200',
    {},
  );
  contentType.checks.page = ({ exchange }) => {
    if (exchange.status !== 200) return NOTHING;
    if (exchange.body === undefined)
      return {
        judged: 1,
        violations: [
          violationOf(
            contentType,
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
            contentType,
            '',
            `the 200 response is JSON but labelled ${exchange.contentType ?? '(no content-type)'}, not application/json`,
            exchange.contentType,
          ),
        ],
      };
    return { judged: 1, violations: [] };
  };
  laws.push(contentType);

  laws.push({
    id: `${op.face}.response-schema`,
    face: op.face,
    operationId: op.operationId,
    statement: 'Every 200 body matches the schema the spec documents for it.',
    source: { file: SPEC_FILES[op.face], sentence: `${op.operationId} 200 response schema` },
    unexercised: 'no request got a JSON 200',
    checks: {
      page: ({ exchange }) => {
        if (exchange.status !== 200 || exchange.body === undefined) return NOTHING;
        return { judged: 1, violations: validateBody(op.face, op.operationId, 200, exchange.body, 'documented') ?? [] };
      },
    },
  });

  for (const rule of rulesFor(op.face, op.target)) {
    const unexercised = rule.applies
      ? 'no listed object was of the kind or in the state the rule constrains'
      : 'no object was listed';
    laws.push(
      ruleLaw(op, rule, unexercised, (s) => {
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
      }),
    );
  }
  for (const rule of op.envelopeTarget ? rulesFor(op.face, op.envelopeTarget) : []) {
    laws.push(
      ruleLaw(op, rule, 'no request got a JSON 200', ({ exchange }) =>
        exchange.status === 200 && isObject(exchange.body)
          ? { judged: 1, violations: checkItemRule(rule, exchange.body) }
          : NOTHING,
      ),
    );
  }

  if (op.limit) {
    const { param } = op.limit;
    const respected = makeLaw(
      op,
      'limit-respected',
      `A page never holds more items than ${param}.`,
      op.limit.source,
      `no page was full (as many items as ${param}, or a next cursor)`,
      {},
    );
    respected.checks.page = (s) => {
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
                  respected,
                  op.itemsPointer,
                  `${items.length} items on a page whose ${param} is ${limit}`,
                  items.length,
                ),
              ]
            : [],
      };
    };
    laws.push(respected);
    if (op.limit.minimum !== undefined) {
      const minimum = op.limit.minimum;
      const accepted = makeLaw(
        op,
        'minimum-limit-accepted',
        `${param}=${minimum}, the documented minimum, is a valid request (200).`,
        op.limit.source,
        `${param}=${minimum} was not sent`,
        {},
      );
      accepted.checks.page = (s) => {
        if (s.acceptedBy !== accepted.id || s.exchange.status >= 500) return NOTHING;
        return {
          judged: 1,
          violations:
            s.exchange.status === 200
              ? []
              : [
                  violationOf(
                    accepted,
                    '',
                    `${param}=${minimum} (the documented minimum) got ${s.exchange.status}, expected 200`,
                    s.exchange.status,
                  ),
                ],
        };
      };
      laws.push(accepted);
    }
    if (op.limit.default !== undefined) {
      const dflt = op.limit.default;
      const defaultLaw = makeLaw(
        op,
        'default-limit',
        `Without ${param}, a page holds at most ${dflt} items.`,
        op.limit.source,
        `no page without ${param} was full (${dflt} items or a next cursor)`,
        {},
      );
      defaultLaw.checks.page = (s) => {
        const items = pageItems(op, s.exchange);
        if (queryValue(s.exchange.query, param) !== undefined || !items) return NOTHING;
        if (items.length < dflt && !offersCursor(op, s)) return NOTHING;
        return {
          judged: 1,
          violations:
            items.length > dflt
              ? [
                  violationOf(
                    defaultLaw,
                    op.itemsPointer,
                    `${items.length} items on a page without ${param}; the default is ${dflt}`,
                    items.length,
                  ),
                ]
              : [],
        };
      };
      laws.push(defaultLaw);
    }
  }

  const drift = makeLaw(
    op,
    'no-undocumented-fields',
    'Answers carry only the fields and enumerated values the spec declares (judged only with --fail-on-drift; otherwise drift is a warning).',
    { file: SPEC_FILES[op.face], sentence: `${op.operationId} 200 response schema: declared properties and enums` },
    'no request got a JSON 200',
    {},
  );
  drift.checks.page = ({ exchange }) => {
    if (exchange.status !== 200 || exchange.body === undefined) return NOTHING;
    const found = observeBody(op.face, op.operationId, 200, exchange.body).drift;
    return {
      judged: 1,
      violations: found.map((d) =>
        violationOf(
          drift,
          d.path,
          d.kind === 'field'
            ? `${d.path} is not a field the spec declares`
            : `${JSON.stringify(d.value)} at ${d.path} is not a value the spec declares`,
          d.value,
        ),
      ),
    };
  };
  laws.push(drift);

  if (op.idSource) {
    const unique = makeLaw(
      op,
      'ids-unique',
      `No two items of one answer share an ${op.idField}: it identifies one object.`,
      op.idSource,
      'no answer listed two items',
      {},
    );
    unique.checks.page = ({ exchange }) => {
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
            unique,
            `${op.itemsPointer}/${index}/${op.idField}`,
            `item ${index} has ${op.idField} ${JSON.stringify(id)}, like item ${first} of the same answer`,
            id,
          ),
        ];
      });
      return { judged: 1, violations };
    };
    laws.push(unique);
  }

  if (op.sessionField) {
    const field = op.sessionField;
    const belongs = makeLaw(
      op,
      'items-belong-to-session',
      `Every item's ${field} is the session of the path.`,
      { file: SPEC_FILES[op.face], sentence: `${field}: owning session` },
      'no item was listed under a session',
      {},
    );
    belongs.checks.page = (s) => {
      if (s.session === undefined) return NOTHING;
      const items = objectItems(op, s.exchange);
      const violations = items.flatMap((item, index) =>
        item[field] === s.session
          ? []
          : [
              violationOf(
                belongs,
                `${op.itemsPointer}/${index}/${field}`,
                `item ${idOf(op, item)} belongs to ${JSON.stringify(item[field])}, listed under session ${s.session}`,
                item[field],
              ),
            ],
      );
      return { judged: items.length, violations };
    };
    laws.push(belongs);
  }
  return laws;
}

/** Every item of a page matches the filter (a page check of the filter laws). */
export function filterPageCheck(op: ListOperation, law: Law, param: string): (s: Page) => Judgement {
  const filter = op.filters.find((f) => f.param === param)!;
  return (s) => {
    const value = queryValue(s.exchange.query, param);
    if (value === undefined) return NOTHING;
    const items = objectItems(op, s.exchange);
    const violations = items.flatMap((item, index) =>
      matchesFilter(filter, item, value)
        ? []
        : [
            violationOf(
              law,
              `${op.itemsPointer}/${index}/${filter.field.replace('.', '/')}`,
              `item ${idOf(op, item)} has ${filter.field} ${JSON.stringify(fieldValue(item, filter.field))}, which does not match ${param}=${value}`,
              fieldValue(item, filter.field),
            ),
          ],
    );
    return { judged: items.length, violations };
  };
}
