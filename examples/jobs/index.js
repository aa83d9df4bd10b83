// @ts-check
/**
 * A list API that is not built in, as one module: `agent-task-contracts mock --api examples/jobs/index.js`
 * serves it, `conform --api examples/jobs/index.js` judges a server by its laws. The mock's behaviour, its
 * error bodies and the generators' defaults are derived from the contract; the module adds what the
 * contract cannot say: how to repair and break each rule, and a law fault.
 */
import { defineApi, editItems, millisAfter } from 'agent-task-contracts/kit';
import { ended, jobsContract } from './contract.js';

export default defineApi({
  contract: jobsContract,
  generators: {
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
          const failed = Number(job.exit_code) > 0 ? job.exit_code : 1;
          job.exit_code = job.status === 'succeeded' ? 0 : job.status === 'failed' ? failed : null;
        },
        break(job) {
          Object.assign(job, { status: 'succeeded', finished_at: millisAfter(job.created_at, 1_000), exit_code: 2 });
        },
      },
    },
  },
  mock: {
    faults: {
      // What a server that forgot its sort order answers; each item rule is a fault of its own already.
      'jobs.order-newest-first': {
        changes: 'lists each page oldest first',
        response: (response, _sent, _context, op) => editItems(op, response, (jobs) => [...jobs].reverse()),
      },
    },
  },
});
