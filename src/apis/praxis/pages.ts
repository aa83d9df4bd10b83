/** Praxis's page overrides: what `pages.praxisBackgroundTasks` and `pages.praxisSessions` answer. */

import { completedTasks, limitOf, offsetPage, queryOf, type RequestLike, sessionOf } from '../../overrides/pages.js';
import type {
  DeepPartial,
  PraxisBackgroundTask,
  PraxisBackgroundTaskList,
  PraxisSession,
  PraxisSessionList,
} from '../../types/index.js';
import { builtinApis } from '../builtin-set.js';
import { PRAXIS_DEFAULT_LIMIT } from './behaviour.js';

/** Praxis `GET /v1/sessions/{session_id}/background_tasks`: every task in `data`. */
export function praxisTasksPage(
  tasks: readonly DeepPartial<PraxisBackgroundTask>[],
  request?: RequestLike,
  session = sessionOf(request, 'sesn_override'),
): PraxisBackgroundTaskList {
  return { data: completedTasks('praxis', tasks, session, builtinApis()) };
}

/** Praxis `GET /v1/sessions`: `limit` (default 20) and the `page` token from `next_page`. */
export function praxisSessionsPage(sessions: readonly PraxisSession[], request: RequestLike): PraxisSessionList {
  const query = queryOf(request);
  const token = query.get('page');
  const start = token?.startsWith('page_') ? Number(token.slice(5)) || 0 : 0;
  const { items, next } = offsetPage(sessions, start, limitOf(query, PRAXIS_DEFAULT_LIMIT));
  return { data: items, next_page: next === undefined ? null : `page_${next}` };
}
