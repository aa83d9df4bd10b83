/** LangGraph's page override: what `pages.langgraph(runs, request)` answers. */

import { completedTasks, limitOf, queryOf, type RequestLike } from '../../overrides/pages.js';
import type { DeepPartial, LangGraphRun } from '../../types/index.js';
import { builtinApis } from '../builtin-set.js';
import { LANGGRAPH_DEFAULT_LIMIT } from './contract.js';

/** The thread a request's path names (`/threads/{thread_id}/runs`), else `fallback`. */
function threadOf(request: RequestLike | undefined, fallback: string): string {
  if (request === undefined) return fallback;
  const url = typeof request === 'string' || request instanceof URL ? request : request.url;
  const match = /\/threads\/([^/]+)\/runs/.exec(new URL(url, 'http://page.invalid').pathname);
  return match ? decodeURIComponent(match[1]!) : fallback;
}

/** LangGraph `GET /threads/{thread_id}/runs`: a bare array, `limit` (default 10) runs after the first `offset`. */
export function langgraphPage(
  runs: readonly DeepPartial<LangGraphRun>[],
  request: RequestLike,
  thread = threadOf(request, '00000000-0000-4000-8000-000000000000'),
): LangGraphRun[] {
  const query = queryOf(request);
  const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
  const status = query.get('status');
  const all = completedTasks('langgraph', runs, thread, builtinApis()).filter(
    (run) => !status || run.status === status,
  );
  return all.slice(offset, offset + limitOf(query, LANGGRAPH_DEFAULT_LIMIT));
}
