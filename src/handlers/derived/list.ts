/**
 * The list behaviour derived from an operation's data (`ListOperation`): what a module's mock does
 * for an operation it gives no behaviour of its own. See README.md.
 */
import type { ListOperation } from '../../contract/operation-types.js';
import { truncate } from '../query.js';
import type { OperationBehaviour } from '../types.js';
import { pageBody } from './body.js';
import { pageSizeOf } from './page-size.js';
import { PAGING } from './paging.js';
import { queryParams } from './params.js';
import { Answered, refused } from './refusals.js';
import { scopeOf } from './scope.js';

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
    const start = paging.start(op, read, scope, context);
    if (start instanceof Answered) return start.response;
    // And a value a document lists as refused is, whatever the readers made of it.
    for (const entry of op.rejected) {
      const value = read.one(entry.param);
      if (typeof value === 'string' && entry.values.includes(value))
        return refused(op, context, entry.param, `${entry.param}=${truncate(value)} is refused`).response;
    }
    const { session, states, where } = scope;
    const page = context.store.page(op.api, { session, states, where, ...start, limit: size });
    return pageBody(op, page.entries, paging.next(op, page, scope, context));
  };
}
