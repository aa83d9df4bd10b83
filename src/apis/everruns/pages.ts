/** Everruns' page override: what `pages.everruns(tasks, request)` answers. */

import { completedTasks, type RequestLike, sessionOf } from '../../overrides/pages.js';
import type { DeepPartial, EverrunsTask, EverrunsTaskList } from '../../types/index.js';
import { builtinApis } from '../builtin-set.js';

/** Everruns `GET /v1/sessions/{session_id}/tasks`: the bare array (001 pages nothing). */
export function everrunsPage(
  tasks: readonly DeepPartial<EverrunsTask>[],
  request?: RequestLike,
  session = sessionOf(request, 'override'),
): EverrunsTaskList {
  return completedTasks('everruns', tasks, session, builtinApis());
}
