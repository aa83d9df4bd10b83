/** Everruns: GET /v1/sessions/{session_id}/tasks, a bare array (001). The documented behaviour only. */
import { fieldValue, taskOperation } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { isProblem, single, truncate } from '../../handlers/query.js';
import {
  json,
  type MockContext,
  type MockResponse,
  type OperationBehaviour,
  storedTasks,
} from '../../handlers/types.js';
import type { EverrunsTaskList } from '../../types/index.js';

/** 001 documents the 404 ("Session not found") but no error body; this one is the mock's own. */
export function everrunsError(status: number, code: string, message: string): MockResponse {
  return json(status, { error: { code, message } });
}

/** 001's 404 for a session that does not exist. */
export const sessionNotFound = (session: string): MockResponse =>
  everrunsError(404, 'not_found', `Session not found: ${truncate(session)}`);

/**
 * A session a task links to while in the states the contract's `sessionLink` names exists (a child
 * session: the task's transcript lives there), tasks of its own or not. Asked only of a session the
 * store does not know, so the scan of every stored task is paid on that path alone.
 */
function linkedByTask(context: MockContext, session: string): boolean {
  const { sessionLink: link, stateField } = taskOperation('everruns', context.apis);
  if (!link || !stateField) return false;
  for (const known of context.store.sessionsOf('everruns'))
    for (const { item } of context.store.tasks('everruns', known))
      if (fieldValue(item, link.field) === session && link.whileStates.includes(String(item[stateField]))) return true;
  return false;
}

export const listTasks: OperationBehaviour = (request, context, params) => {
  const session = params.session_id ?? '';
  if (!context.store.hasSession('everruns', session) && !linkedByTask(context, session))
    return sessionNotFound(session);
  const state = single(request.query, 'state');
  if (isProblem(state)) return everrunsError(400, 'invalid_parameter', state.message);
  const kind = single(request.query, 'kind');
  if (isProblem(kind)) return everrunsError(400, 'invalid_parameter', kind.message);
  const matches = (t: JsonObject) =>
    (state === undefined || t.state === state) && (kind === undefined || t.kind === kind);
  const body: EverrunsTaskList = storedTasks(
    'everruns',
    context.store.tasks('everruns', session, matches).map((r) => r.item),
  );
  return json(200, body);
};
