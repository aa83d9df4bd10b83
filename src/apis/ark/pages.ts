/** Ark's page override: what `pages.ark(tasks, request)` answers. */

import { completedTasks, limitOf, offsetPage, queryOf, type RequestLike, sessionOf } from '../../overrides/pages.js';
import type { ArkTask, ArkTaskPage, DeepPartial } from '../../types/index.js';
import { builtinApis } from '../builtin-set.js';
import { ARK_DEFAULT_LIMIT } from './contract.js';

/** Ark `GET /sessions/{session_id}/tasks`: `limit` (default 20) and an integer `cursor`. */
export function arkPage(
  tasks: readonly DeepPartial<ArkTask>[],
  request: RequestLike,
  session = sessionOf(request, 'sesn-override'),
): ArkTaskPage {
  const query = queryOf(request);
  const { items, next } = offsetPage(
    completedTasks('ark', tasks, session, builtinApis()),
    Number(query.get('cursor') ?? 0) || 0,
    limitOf(query, ARK_DEFAULT_LIMIT),
  );
  return next === undefined ? { items } : { items, next_cursor: next };
}
