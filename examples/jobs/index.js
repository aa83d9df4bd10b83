// @ts-check
/**
 * A list API that is not built in, as one module: `agent-task-contracts mock --api examples/jobs/index.js`
 * serves it, `conform --api examples/jobs/index.js` judges a server by its laws, and `registerApi(jobs)`
 * adds it in process.
 */
import { defineApi } from 'agent-task-contracts/kit';
import { jobsContract } from './contract.js';
import { jobsGenerators } from './generators.js';
import { jobsMock } from './mock.js';

export default defineApi({ contract: jobsContract, generators: jobsGenerators, mock: jobsMock });
