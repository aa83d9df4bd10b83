/** Ark: GET /sessions/{session_id}/tasks, integer cursors, newest first (002). The documented behaviour only. */

import { optional } from '../../contract/optional.js';
import { integer, isProblem, type ParamProblem, single, truncate } from '../../handlers/query.js';
import { json, type MockResponse, type OperationBehaviour, pageResponse, storedTasks } from '../../handlers/types.js';
import type { ArkError, ArkTaskPage } from '../../types/index.js';
import { ARK_DEFAULT_LIMIT } from './contract.js';

export const ARK_MAX_LIMIT = 1000;

/** 002 documents no error body; this follows Ark's usual `{error: {code, message, param, type}}`. */
export function arkError(status: number, code: string, message: string, param = ''): MockResponse {
  const body: ArkError = {
    error: {
      code,
      message,
      param,
      type: status === 404 ? 'NotFound' : status >= 500 ? 'InternalServiceError' : 'BadRequest',
    },
  };
  return json(status, body);
}

const invalid = (problem: ParamProblem) =>
  arkError(
    400,
    'InvalidParameter',
    `The parameter \`${problem.param}\` specified in the request is not valid: ${problem.message}`,
    problem.param,
  );

export const arkLimit = (query: URLSearchParams) => integer(query, 'limit', 0, ARK_MAX_LIMIT);
export const arkCursor = (query: URLSearchParams) => integer(query, 'cursor', 0, Number.MAX_SAFE_INTEGER);

export const listTasks: OperationBehaviour = (request, context, params) => {
  const session = params.session_id ?? '';
  const { query } = request;
  if (!context.store.hasSession('ark', session))
    return arkError(404, 'NotFound', `The specified session ${truncate(session)} is not found.`);
  const limit = arkLimit(query);
  if (isProblem(limit)) return invalid(limit);
  const cursor = arkCursor(query);
  if (isProblem(cursor)) return invalid(cursor);
  const state = single(query, 'state');
  if (isProblem(state)) return invalid(state);
  const thread = single(query, 'session_thread_id');
  if (isProblem(thread)) return invalid(thread);

  const states = state?.split(',').map((s) => s.trim());
  // Read from the indexes: a page costs the same in any list size. The cursor is the seq of the
  // last item returned, so it stays stable when tasks are added meanwhile.
  const { entries, more } = context.store.page('ark', {
    session,
    ...(states ? { states } : {}),
    ...(thread !== undefined ? { where: (t) => t.session_thread_id === thread } : {}),
    ...optional('beforeSeq', cursor),
    limit: limit ?? ARK_DEFAULT_LIMIT,
  });
  const last = entries[entries.length - 1];
  const next = more && last ? last.seq : undefined;
  const body: ArkTaskPage = {
    items: storedTasks(
      'ark',
      entries.map((e) => e.item),
    ),
    ...optional('next_cursor', next),
  };
  return pageResponse(body, '{"items":[', entries, next !== undefined ? `],"next_cursor":${next}}` : ']}');
};
