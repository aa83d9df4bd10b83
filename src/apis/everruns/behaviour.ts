/** Everruns: GET /v1/sessions/{session_id}/tasks, a bare array (001). The documented behaviour only. */
import type { JsonObject } from '../../contract/rules/types.js';
import { isProblem, single, truncate } from '../../handlers/query.js';
import { json, type MockResponse, type OperationBehaviour, storedTasks } from '../../handlers/types.js';
import type { EverrunsTaskList } from '../../types/index.js';

/** 001 documents the 404 ("Session not found") but no error body; this one is the mock's own. */
export function everrunsError(status: number, code: string, message: string): MockResponse {
  return json(status, { error: { code, message } });
}

export const listTasks: OperationBehaviour = (request, context, params) => {
  const session = params.session_id ?? '';
  if (!context.store.hasSession('everruns', session))
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
