/** Everruns: GET /v1/sessions/{session_id}/tasks, a bare array (001). */
import type { JsonObject } from '../../contract/index.js';
import { afterFirstWalk, breakItems, strayTask } from '../faults.js';
import { isProblem, single, truncate } from '../query.js';
import { type MockResponse, type Operation, json } from '../types.js';

/** 001 documents the 404 ("Session not found") but no error body; this one is the mock's own. */
export function everrunsError(status: number, code: string, message: string): MockResponse {
  return json(status, { error: { code, message } });
}

export const listTasks: Operation = (request, context, params) => {
  const session = params.session_id ?? '';
  const faults = context.faults;
  if (!context.store.hasSession('everruns', session) && !faults.has('everruns.unknown-session-404'))
    return everrunsError(404, 'not_found', `Session not found: ${truncate(session)}`);
  if (faults.has('everruns.not-a-server-error') && context.requestNumber % 3 === 0) return everrunsError(500, 'internal', 'injected fault');
  const state = single(request.query, 'state');
  if (isProblem(state)) return everrunsError(400, 'invalid_parameter', state.message);
  const kind = single(request.query, 'kind');
  if (isProblem(kind)) return everrunsError(400, 'invalid_parameter', kind.message);
  const matches = (t: JsonObject) =>
    (state === undefined || faults.has('everruns.filter-state') || t.state === state) && (kind === undefined || faults.has('everruns.filter-kind') || t.kind === kind);
  let items = context.store.tasks('everruns', session, matches).map((r) => r.item);
  if (faults.has('everruns.items-belong-to-session') && items[0]) items = [...items, strayTask('everruns', items[0])];
  if (faults.has('everruns.immutable-fields') && afterFirstWalk(context, 'everruns.immutable-fields'))
    items = items.map((t) => ({ ...t, created_at: new Date(Date.parse(String(t.created_at)) - 1000).toISOString() }));
  return json(200, breakItems('everruns', 'task', items, context, state !== undefined || kind !== undefined));
};
