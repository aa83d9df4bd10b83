/** Everruns: GET /v1/sessions/{session_id}/tasks, a bare array (001). The documented behaviour only. */
import type { JsonObject } from '../../contract/rules/types.js';
import { isProblem, single, truncate } from '../../handlers/query.js';
import { json, type MockResponse, type OperationBehaviour, storedTasks } from '../../handlers/types.js';
import type { EverrunsTaskList } from '../../types/index.js';

/** 001 documents the 404 ("Session not found") but no error body; this one is the mock's own. */
export function everrunsError(status: number, code: string, message: string): MockResponse {
  return json(status, { error: { code, message } });
}

/** The states in which a task's child session exists (the contract's `sessionLink`): its transcript lives there. */
const LINKED_WHILE = new Set(['running', 'awaiting_input']);

/**
 * A child session a started task links to exists, tasks of its own or not. Asked only of a session
 * the store does not know, so the scan of every stored task is paid on that path alone.
 */
function linkedByStartedTask(context: Parameters<OperationBehaviour>[1], session: string): boolean {
  for (const known of context.store.sessionsOf('everruns'))
    for (const { item } of context.store.tasks('everruns', known)) {
      const links = item.links as JsonObject | null | undefined;
      if (LINKED_WHILE.has(item.state as string) && links?.child_session_id === session) return true;
    }
  return false;
}

export const listTasks: OperationBehaviour = (request, context, params) => {
  const session = params.session_id ?? '';
  if (!context.store.hasSession('everruns', session) && !linkedByStartedTask(context, session))
    return everrunsError(404, 'not_found', `Session not found: ${truncate(session)}`);
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
