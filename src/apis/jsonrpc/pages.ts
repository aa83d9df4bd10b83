/** JSON-RPC's page override: what `pages.jsonrpc(tasks, request)` answers. */

import { completedTasks, limitOf, queryOf, type RequestLike } from '../../overrides/pages.js';
import type { DeepPartial, JsonRpcListTasksResponse, JsonRpcTask } from '../../types/index.js';
import { builtinApis } from '../builtin-set.js';
import { JSONRPC_DEFAULT_LIMIT } from './behaviour.js';

/** JSON-RPC `GET /tasks`: `limit` (default 20), `starting_after` / `ending_before` task ids. */
export function jsonrpcPage(
  tasks: readonly DeepPartial<JsonRpcTask>[],
  request: RequestLike,
  session = queryOf(request).get('session_id') ?? 'override',
): JsonRpcListTasksResponse {
  const query = queryOf(request);
  const all = completedTasks('jsonrpc', tasks, session, builtinApis());
  const limit = limitOf(query, JSONRPC_DEFAULT_LIMIT);
  const after = query.get('starting_after');
  const before = query.get('ending_before');
  const pivot = all.findIndex((t) => t.id === (before ?? after));
  // A cursor naming no given task continues nowhere: an empty page.
  if ((before ?? after) !== null && pivot === -1) return { jsonrpc: '2.0', result: [] };
  if (before !== null) return { jsonrpc: '2.0', result: all.slice(Math.max(0, pivot - limit), pivot) };
  const start = after === null ? 0 : pivot + 1;
  return { jsonrpc: '2.0', result: all.slice(start, start + limit) };
}
