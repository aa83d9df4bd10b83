/** Praxis: what the generators need beyond the contract (see GeneratorProfile). */
import type { GeneratorProfile } from '../../generators/profile.js';

const iso = (ms: number) => new Date(ms).toISOString();

export const praxisGenerators: GeneratorProfile = {
  api: 'praxis',
  overridesIn: (b, edge) => ({
    'BackgroundTask.trigger_count': b.nullable(
      edge
        ? b.oneof([
            { arbitrary: b.integer(0, 50), weight: 1 },
            { arbitrary: b.constant(Number.MAX_SAFE_INTEGER), weight: 1 },
          ])
        : b.integer(0, 50),
    ),
  }),
  // 004: a session's resources, "each is a file reference mounted into the session's machine", and its
  // outcome evaluations, "One entry per `define_outcome` event sent to the session".
  nestedIds: { session: ['resources[].id', 'outcome_evaluations[].outcome_id'] },
  stampCreation(target, item, ms) {
    const out = { ...item };
    if (target === 'session') {
      out.created_at = iso(ms);
      out.updated_at = iso(ms);
      return out;
    }
    out.started_at = iso(ms);
    if (typeof out.ended_at === 'string') out.ended_at = iso(ms + 30_000);
    if (typeof out.notified_at === 'string') out.notified_at = iso(ms + 31_000);
    return out;
  },
  lifecycle: {
    initial: 'running',
    start(task) {
      task.ended_at = null;
    },
    advance(previous, next, state, later) {
      // A lost task is given no end: it may be found again, and an end once recorded never changes.
      if (state !== 'running' && state !== 'lost' && (previous.ended_at === null || previous.ended_at === undefined))
        next.ended_at = iso(later(Date.parse(String(previous.started_at))));
    },
  },
};
