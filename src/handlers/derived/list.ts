/**
 * The list behaviour derived from an operation's data (`ListOperation`): what a module's mock does for
 * an operation it gives no behaviour of its own (README.md). A page holds `limit` tasks within the
 * documented bounds (a minimum of 1 and the mock's own maximum where no document gives one), its
 * default, or the whole list where the API does not page.
 */
import type { ListOperation } from '../../contract/operation-types.js';
import { isProblem, truncate } from '../query.js';
import type { MockContext, OperationBehaviour } from '../types.js';
import { PAGING, pageBody } from './paging.js';
import { Answered, queryParams, type RequestParams, refused } from './request.js';
import { scopeOf } from './scope.js';

/** The largest page the mock serves where no document bounds the limit: a larger one is refused. */
export const MOCK_MAX_LIMIT = 1000;
/** The page size of a paged list whose API has no limit parameter, or documents no default. */
const MOCK_DEFAULT_LIMIT = 20;

function pageSizeOf(op: ListOperation, read: RequestParams, context: MockContext): number | Answered {
  const whole = op.paging.kind === 'none' ? Number.MAX_SAFE_INTEGER : MOCK_DEFAULT_LIMIT;
  if (!op.limit) return whole;
  const { param, minimum = 1, maximum = MOCK_MAX_LIMIT } = op.limit;
  const raw = read.one(param);
  if (isProblem(raw)) return refused(op, context, param, raw.message);
  if (raw === undefined) return op.limit.default ?? whole;
  if (!/^-?\d{1,16}$/.test(raw))
    return refused(op, context, param, `${param} must be a whole number, got "${truncate(raw)}"`);
  const size = Number(raw);
  if (size < minimum || size > maximum)
    return refused(op, context, param, `${param} must be between ${minimum} and ${maximum}, got ${size}`);
  return size;
}

/** Parameters the operation reads: a `rejected` entry of any other one refuses every value of it. */
function honouredParams(op: ListOperation): ReadonlySet<string> {
  const { paging, session } = op;
  return new Set([
    ...op.filters.map((f) => f.param),
    ...(op.limit ? [op.limit.param] : []),
    ...(session.in === 'query' ? [session.param] : []),
    ...(paging.kind === 'token'
      ? [paging.param]
      : paging.kind === 'item-id'
        ? [paging.afterParam, paging.beforeParam]
        : []),
  ]);
}

export function derivedBehaviour(op: ListOperation): OperationBehaviour {
  if (op.target !== 'task')
    throw new Error(
      `${op.api}.${op.operationId} lists ${op.target} objects; the derived behaviour lists tasks: give its own ` +
        `behaviour in mock.operations.${op.operationId}`,
    );
  const honoured = honouredParams(op);
  const paging = PAGING[op.paging.kind];
  return (request, context, path) => {
    const read = queryParams(request);
    const scope = scopeOf(op, read, path, context);
    if (scope instanceof Answered) return scope.response;
    // A parameter the operation does not read is refused with any value where a document says so.
    for (const entry of op.rejected)
      if (!honoured.has(entry.param) && read.one(entry.param) !== undefined)
        return refused(op, context, entry.param, `${entry.param} is not supported here`).response;
    const size = pageSizeOf(op, read, context);
    if (size instanceof Answered) return size.response;
    // The page size is part of the query a bound token belongs to.
    const query = { ...scope, key: `${scope.key}|${size}` };
    const start = paging.start(op, read, query, context);
    if (start instanceof Answered) return start.response;
    // And a value a document lists as refused is, whatever the readers made of it.
    for (const entry of op.rejected) {
      const value = read.one(entry.param);
      if (typeof value === 'string' && entry.values.includes(value))
        return refused(op, context, entry.param, `${entry.param}=${truncate(value)} is refused`).response;
    }
    const { session, states, where } = scope;
    const page = context.store.page(op.api, { session, states, where, ...start, limit: size });
    return pageBody(op, page.entries, paging.next(op, page, query, context));
  };
}
