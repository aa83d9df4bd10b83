/** Everruns: what the generators need beyond the contract (see GeneratorProfile). */
import type { JsonObject } from '../../contract/rules/types.js';
import { randomId } from '../../generators/nested-ids.js';
import type { GeneratorProfile } from '../../generators/profile.js';

const iso = (ms: number) => new Date(ms).toISOString();

export const everrunsGenerators: GeneratorProfile = {
  api: 'everruns',
  overridesIn: (b, edge) => ({
    'Task.attempt': edge
      ? b.oneof([
          { arbitrary: b.integer(1, 5), weight: 1 },
          { arbitrary: b.constant(2 ** 31 - 1), weight: 1 },
        ])
      : b.integer(1, 5),
    // Two pending asks never share an id (everruns.unique-input-request-id), drawn one at a time too.
    'InputRequest.id': randomId(b, 'ask_'),
  }),
  // 001: an ask's "Stable ID referenced by the answering message’s `in_reply_to`", the "Child session,
  // for subagent-shaped tasks" and the "Remote task ID, for tasks wrapping an external protocol task".
  nestedIds: { task: ['input_request.id', 'links.child_session_id', 'links.remote_task_id'] },
  stampCreation(_target, item, ms) {
    const out: JsonObject = { ...item, created_at: iso(ms), updated_at: iso(ms) };
    for (const key of ['started_at', 'finished_at', 'heartbeat_at', 'cancel_requested_at'])
      if (typeof out[key] === 'string') out[key] = iso(ms + 1_000);
    return out;
  },
  finish(task) {
    // A task's result file lives under its own id.
    if (typeof task.result_path === 'string') task.result_path = `/.tasks/${String(task.id)}/result.json`;
  },
  lifecycle: {
    initial: 'queued',
    advance(previous, next, state, later) {
      next.updated_at = iso(later(Date.parse(String(previous.updated_at))));
      // Each ask its own id (the answer names it): the task's, and when it was asked.
      if (state === 'awaiting_input')
        next.input_request = {
          id: `ask_${String(next.id)}_${Date.parse(String(next.updated_at))}`,
          prompt: 'Approve the plan?',
        };
    },
  },
};
