/** The jobs module (index.js) and its `ApiTypes` entry: added tasks, faults and overrides typed like a built-in API's. */
import type { ApiModule, ApiTypesOf, FaultIdsOf } from 'agent-task-contracts/kit';
import type { JobsLawFaultId, JobsRuleId } from './jobs-ids.js';
import type { components, paths } from './jobs-types.js';

export type Job = components['schemas']['Job'];
export type JobStatus = components['schemas']['JobStatus'];
/** The paths of the jobs spec, for `typedApi<JobsPaths>('jobs')`. */
export type JobsPaths = paths;
/** Everything the mock can break: each rule of contract.js, and the law faults of index.js. */
export type JobsFaultId = FaultIdsOf<JobsRuleId, JobsLawFaultId>;

// Added to the module that declares ApiTypes, not one that re-exports it (an entry merged through a re-export
// can be lost, depending on which file the compiler reads first).
declare module 'agent-task-contracts/api-types' {
  interface ApiTypes {
    jobs: ApiTypesOf<{ task: Job; rule: JobsRuleId; fault: JobsFaultId; operation: 'listJobs'; state: JobStatus }>;
  }
}

declare const jobs: ApiModule;
export default jobs;
