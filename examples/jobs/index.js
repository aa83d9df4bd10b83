// @ts-check
/**
 * A list API that is not built in, as one module: `agent-task-contracts mock --api examples/jobs/index.js`
 * serves it, `conform --api examples/jobs/index.js` judges a server by its laws. The mock's behaviour and
 * error bodies, the generators and the validators are derived from the contract; the module adds a law fault.
 */
import { defineApi, editItems } from 'agent-task-contracts/kit';
import { jobsContract } from './contract.js';

export default defineApi({
  contract: jobsContract,
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
