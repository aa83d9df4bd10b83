/** A2A's page override: what `pages.a2a(tasks, request)` answers. */

import { completedTasks, offsetPage, queryOf, type RequestLike } from '../../overrides/pages.js';
import type { A2AListTasksResponse, A2ATask, DeepPartial } from '../../types/index.js';
import { builtinApis } from '../builtin-set.js';
import { A2A_DEFAULT_PAGE_SIZE } from './contract.js';

/**
 * A2A `GET /tasks`: `pageSize` (default 50) and a `pageToken` that is the position of the next page (a number as
 * text); `nextPageToken` is "" on the last page. The context is `contextId`, else `context`.
 */
export function a2aPage(
  tasks: readonly DeepPartial<A2ATask>[],
  request: RequestLike,
  context = queryOf(request).get('contextId') ?? 'ctx-override',
): A2AListTasksResponse {
  const query = queryOf(request);
  const all = completedTasks('a2a', tasks, context, builtinApis());
  const status = query.get('status');
  const listed = status ? all.filter((task) => task.status.state === status) : all;
  const asked = Number(query.get('pageSize'));
  const pageSize = Number.isInteger(asked) && asked > 0 ? asked : A2A_DEFAULT_PAGE_SIZE;
  const { items, next } = offsetPage(listed, Number(query.get('pageToken') ?? 0) || 0, pageSize);
  return { tasks: items, nextPageToken: next === undefined ? '' : String(next), pageSize, totalSize: listed.length };
}
