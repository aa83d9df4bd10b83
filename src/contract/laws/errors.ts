import { apisOf } from '../api-set.js';
import { jsonRpcBinding, type RefusedHeader, refusedHeaders } from '../json-rpc.js';
/**
 * Laws over answers the documents say must be refusals: unsupported filters, bad paging
 * values, malformed and foreign cursors, unknown sessions, and the API's error format.
 */
import { type CustomErrorFormat, idOf, itemsOf, type ListOperation, type RejectedParam } from '../operations.js';
import { pointerKeys, valueAt } from '../pointer.js';
import { isObject } from '../rules/check-helpers.js';
import { validateBody } from '../validate.js';
import type { Violation } from '../violation.js';
import {
  carriesJson,
  isJsonType,
  lawId,
  NOTHING,
  objectItems,
  pageItems,
  queryValue,
  statusSource,
  statusWords,
  violationOf,
} from './common.js';
import { defineLaw, everyOperation, having, type LawChecks } from './define.js';
import type { ErrorExpectation, Exchange, LawRef, Subjects } from './types.js';

type ErrorSubject = Subjects['error'];
type Paging = ListOperation['paging'];

/** The check of a law judged by the status of the refusals sent for it. */
const refusalStatus: LawChecks<ListOperation, unknown> = {
  error({ exchange, expected }, { law }) {
    if (expected.law !== law.id || exchange.status >= 500) return NOTHING;
    const ok =
      expected.status === '4xx' ? exchange.status >= 400 && exchange.status < 500 : exchange.status === expected.status;
    return {
      judged: 1,
      violations: ok
        ? []
        : [
            violationOf(
              law,
              '',
              `got ${answerWords(exchange)}, expected ${refusalWords(exchange, expected)}`,
              exchange.status,
            ),
          ],
    };
  },
};

/** What answered: a status, or for a JSON-RPC call its result or its error's code. */
const answerWords = (exchange: Exchange) =>
  exchange.rpc !== undefined && exchange.status === 200 ? 'a result' : statusWords(exchange);

/** The refusal expected: a status, or for a JSON-RPC call the error the documents name. */
const refusalWords = (exchange: Exchange, expected: ErrorExpectation) =>
  exchange.rpc !== undefined && expected.errorType !== undefined
    ? `the JSON-RPC error ${expected.errorType}`
    : String(expected.status);

/**
 * How a refusal is stated: its status, or for a JSON-RPC call an error object (judged as the status it stands
 * for), whose code the error format's law holds to the documented one.
 */
const refusalHow = (op: ListOperation, { status, errorType }: Pick<RejectedParam, 'status' | 'errorType'>) =>
  jsonRpcBinding(op) && errorType ? `a JSON-RPC error (error-format holds its code to ${errorType})` : String(status);

/** One law per rejected parameter's law name: the values the documents say are refused, and how. */
const hasUnknownSession = having('unknownSession');

export const refusalLaws = defineLaw({
  id: (op, rejected: RejectedParam) => lawId(op, rejected.law),
  appliesTo: everyOperation,
  each: uniqueRejections,
  statement(op, rejected) {
    const all = op.rejected.filter((r) => r.law === rejected.law);
    const statement = all.map((r) => `${r.param}=${r.values.join('|')}`).join(', ');
    return `${statement} ${all.length > 1 ? 'are each' : 'is'} refused with ${refusalHow(op, rejected)}.`;
  },
  source: (_op, rejected) => rejected.source,
  unexercised: 'no such request was answered',
  check: refusalStatus,
});

/** One law per header with refused values (A2A's unsupported version): sent in place of the module's value. */
export const headerRefusalLaws = defineLaw({
  id: (op, header: RefusedHeader) => lawId(op, header.rejected.law),
  appliesTo: (op) => refusedHeaders(op).length > 0,
  each: refusedHeaders,
  statement(op, { name, rejected }) {
    const carrying = rejected.values.map((v) => `${name}: ${v}`).join(' or ');
    return `A request carrying ${carrying} is refused with ${refusalHow(op, rejected)}.`;
  },
  source: (_op, header) => header.rejected.source,
  unexercised: 'no such request was answered',
  check: refusalStatus,
});

function uniqueRejections(op: ListOperation): RejectedParam[] {
  const seen = new Set<string>();
  return op.rejected.filter((r) => !seen.has(r.law) && seen.add(r.law));
}

type TokenPaging = Extract<Paging, { kind: 'token' }>;
/** An operation whose token cursors are bound to the query they came from. */
type BoundCursors = ListOperation & { paging: TokenPaging & Required<Pick<TokenPaging, 'boundToQuery'>> };
const boundCursors = (op: ListOperation): op is BoundCursors =>
  op.paging.kind === 'token' && op.paging.boundToQuery !== undefined;

export const malformedCursorRejected = defineLaw({
  id: 'malformed-cursor-rejected',
  appliesTo: boundCursors,
  statement: (op) => `A malformed ${op.paging.param} returns ${op.paging.boundToQuery.status}.`,
  source: (op) => op.paging.source,
  unexercised: 'no malformed cursor was answered',
  check: refusalStatus,
});

export const cursorBoundToQuery = defineLaw({
  id: 'cursor-bound-to-query',
  appliesTo: boundCursors,
  statement: (op) => `A ${op.paging.param} from a different query returns ${op.paging.boundToQuery.status}.`,
  source: (op) => op.paging.source,
  unexercised: 'no page offered a cursor to replay with another query',
  check: refusalStatus,
});

export const unknownSession404 = defineLaw({
  id: 'unknown-session-404',
  appliesTo: hasUnknownSession,
  statement: "An unknown session gets 404 in the API's error format.",
  source: (op) => op.unknownSession.source,
  unexercised: 'no unknown session was asked for',
  check: refusalStatus,
});

export const errorFormat = defineLaw({
  id: 'error-format',
  appliesTo: (op) => formatOf(op) !== undefined,
  statement: (op) => `Error responses use the ${formatOf(op)?.name} error format.`,
  source: statusSource,
  unexercised: 'no refusal was answered with its status (a documented one, or a probed value the server refused)',
  check: {
    error({ exchange, expected }, { op, law }) {
      const ok =
        expected.status === '4xx'
          ? exchange.status >= 400 && exchange.status < 500
          : exchange.status === expected.status;
      // A JSON error body cut at the size cap was never read: there is nothing to judge.
      if (!ok || (exchange.bodyCut && isJsonType(exchange.contentType))) return NOTHING;
      return { judged: 1, violations: errorFormatViolations(op, law, exchange, expected) };
    },
  },
});

function errorFormatViolations(
  op: ListOperation,
  law: LawRef,
  exchange: ErrorSubject['exchange'],
  { errorType, source }: Pick<ErrorExpectation, 'errorType' | 'source'>,
): Violation[] {
  if (!carriesJson(op, exchange.contentType) || exchange.body === undefined)
    return [
      violationOf(law, '', `error ${exchange.status} is not JSON (content-type ${exchange.contentType ?? 'missing'})`),
    ];
  // Statuses the spec gives no body for are held to the API's documented error shape.
  const schema =
    validateBody(op.api, op.operationId, exchange.status, exchange.body, 'documented', apisOf(op)) ??
    (op.errorShapeStatus !== undefined
      ? validateBody(op.api, op.operationId, op.errorShapeStatus, exchange.body, 'documented', apisOf(op))
      : undefined) ??
    [];
  const out: Violation[] = schema.map((v) => ({ ...v, law: law.id, source: law.source }));
  const format = formatOf(op);
  const typePointer = format?.typePointer;
  if (typePointer !== undefined && errorType !== undefined) {
    const actual = valueAt(exchange.body, typePointer);
    const field = pointerKeys(typePointer).join('.');
    // A body without the type's parent object is the schema's finding, not this one.
    const same = typeof actual === 'number' ? String(actual) === errorType : actual === errorType;
    // A JSON-RPC error came with HTTP 200: its code is what was answered, not the status it is judged as.
    const answered = exchange.rpc ? '' : ` for ${exchange.status}`;
    if (isObject(valueAt(exchange.body, typePointer.replace(/\/[^/]*$/, ''))) && !same) {
      const found = violationOf(
        law,
        typePointer,
        `${field} is ${JSON.stringify(actual)}, expected ${errorType}${answered}`,
        actual,
      );
      // Shown against the sentence that names the type, where the refusal has one.
      out.push(source ? { ...found, source } : found);
    }
  }
  for (const f of format?.check?.(exchange.body, exchange.status, errorType) ?? [])
    out.push(violationOf(law, f.path, f.message, f.value));
  return out;
}

/** The operation's error format as data: its name, where its documented type is, its own check. */
function formatOf(op: ListOperation): CustomErrorFormat | undefined {
  const format = op.errorFormat;
  if (format === 'unspecified') return undefined;
  if (format === 'anthropic') return { name: format, typePointer: '/error/type' };
  if (format === 'fastapi') return { name: format };
  // The error object a JSON-RPC refusal is judged by (json-rpc.ts), its code documented as text.
  if (format === 'json-rpc') return { name: 'JSON-RPC 2.0', typePointer: '/code' };
  return format;
}

type ItemIdPaging = Extract<Paging, { kind: 'item-id' }>;
const itemIdCursors = (op: ListOperation): op is ListOperation & { paging: ItemIdPaging } =>
  op.paging.kind === 'item-id';

/**
 * Item-id cursors exclude their own item and stay on their side of it. The item a cursor names
 * bounds the page ("starting after", "ending before" it), so it is never on that page, whatever
 * order the page is in: every page of every walk shows that, and the matcher judges it from the
 * URL. Which side is which is read from the order a walk listed the items in.
 */
export const cursorExclusive = defineLaw({
  id: 'cursor-exclusive',
  appliesTo: itemIdCursors,
  statement: (op) =>
    `${op.paging.afterParam}/${op.paging.beforeParam} exclude their own item from the page they bound ` +
    '(in any order) and stay on their side of it.',
  source: (op) => op.paging.source,
  unexercised: 'no page was asked for with a cursor',
  check: {
    page({ exchange }, { op, law }) {
      const bounds = [op.paging.afterParam, op.paging.beforeParam].flatMap((param) => {
        const pivot = queryValue(exchange.query, param);
        return pivot === undefined ? [] : [[param, pivot] as const];
      });
      const items = objectItems(op, exchange);
      if (bounds.length === 0 || pageItems(op, exchange) === undefined) return NOTHING;
      const violations = bounds.flatMap(([param, pivot]) =>
        items.flatMap((item, index) =>
          idOf(op, item) === pivot
            ? [
                violationOf(
                  law,
                  `${op.itemsPointer}/${index}${op.idField}`,
                  `${param}=${pivot} bounds this page, and the page lists ${pivot} itself`,
                  pivot,
                ),
              ]
            : [],
        ),
      );
      return { judged: bounds.length, violations };
    },
    cursor({ side, pivot, order, exchange }, { op, law }) {
      if (exchange.status !== 200) return NOTHING;
      const { afterParam, beforeParam } = op.paging;
      const ids = (itemsOf(op, exchange.body) ?? []).filter(isObject).map((i) => idOf(op, i));
      const label = side === 'after' ? afterParam : beforeParam;
      const pivotIndex = order.indexOf(pivot);
      const allowed = new Set(side === 'after' ? order.slice(pivotIndex + 1) : order.slice(0, pivotIndex));
      const violations: Violation[] = [];
      if (ids.includes(pivot))
        violations.push(violationOf(law, '', `${label}=${pivot} returned ${pivot} itself`, pivot));
      // Only items the walk saw can be placed; tasks that arrived since cannot be judged.
      const known = new Set(order);
      const wrongSide = ids.filter((id) => id !== pivot && known.has(id) && !allowed.has(id));
      if (wrongSide.length > 0)
        violations.push(
          violationOf(
            law,
            '',
            `${label}=${pivot} returned ${wrongSide.join(', ')}, which come on the other side of ${pivot}`,
            wrongSide,
          ),
        );
      return { judged: 1, violations };
    },
  },
});
