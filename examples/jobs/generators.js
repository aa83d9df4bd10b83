// @ts-check
/** The jobs API's generator profile: times the schema cannot imply, a repair/break kit per rule, lifecycle moves. */
import { millisAfter, plausibleMillis } from 'agent-task-contracts/kit';
import { ended } from './contract.js';

/**
 * @param {import('agent-task-contracts/kit').JsonObject} job
 * @returns the exit code its status implies (a failed job's stays when it is one already)
 */
const exitCodeOf = (job) =>
  job.status === 'succeeded' ? 0 : job.status === 'failed' ? (Number(job.exit_code) > 0 ? job.exit_code : 1) : null;

/** @type {import('agent-task-contracts/kit').GeneratorProfile} */
export const jobsGenerators = {
  api: 'jobs',
  // Built with the walk's own backend (b), so bulk draws need no fast-check.
  overridesIn: (b, edge) => ({
    'Job.created_at': plausibleMillis(b, edge),
    'Job.finished_at': b.nullable(plausibleMillis(b, edge)),
    'Job.command': b.constantFrom(['npm test', 'pytest -q', 'cargo build --release', 'make lint', 'go vet ./...']),
  }),
  kits: {
    'jobs.finished-at-when-ended': {
      // What the repair reads, sets or deletes: `generate` writes the other members as it draws them.
      members: ['status', 'finished_at', 'created_at'],
      repair(job) {
        if (!ended(job.status)) job.finished_at = null;
        else if (typeof job.finished_at !== 'number' || job.finished_at < Number(job.created_at))
          job.finished_at = millisAfter(job.created_at, 1_000);
      },
      break(job) {
        job.finished_at = ended(job.status) ? null : millisAfter(job.created_at, 1_000);
      },
    },
    'jobs.exit-code-matches-status': {
      members: ['status', 'exit_code'],
      repair(job) {
        job.exit_code = exitCodeOf(job);
      },
      break(job) {
        job.status = 'succeeded';
        job.finished_at = millisAfter(job.created_at, 1_000);
        job.exit_code = 2;
      },
    },
  },
  stampCreation: (_target, job, ms) => ({
    ...job,
    created_at: ms,
    finished_at: typeof job.finished_at === 'number' ? ms + 30_000 : job.finished_at,
  }),
  lifecycle: {
    initial: 'queued',
    start(job) {
      job.finished_at = null;
      job.exit_code = null;
    },
    advance(previous, next, status, later) {
      if (ended(status)) next.finished_at = later(Number(previous.created_at));
      next.exit_code = exitCodeOf(next);
    },
  },
};
