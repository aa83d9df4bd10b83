/**
 * The jobs API module (index.js): its contract, generator profile and mock profile, and its entry in
 * the package's `ApiTypes`, so that seeding, faults, scenarios and overrides of `jobs` are typed
 * like those of a built-in API.
 */
import type { ApiModule, ApiTypesOf, FaultIdsOf } from 'agent-task-contracts/kit';
import type { components, operations, paths } from './jobs-types.js';

/** A job, as `GET /sessions/{session_id}/jobs` lists it. */
export type Job = components['schemas']['Job'];
/** The documented job states. */
export type JobStatus = components['schemas']['JobStatus'];
/** The paths of the jobs spec, for `typedApi<JobsPaths>('jobs')`. */
export type JobsPaths = paths;
/** The item rules of contract.js. */
export type JobsRuleId = 'jobs.finished-at-when-ended' | 'jobs.exit-code-matches-status';
/** Everything the mock can break in the jobs API: each rule, and the law faults of mock.js. */
export type JobsFaultId = FaultIdsOf<JobsRuleId, 'jobs.order-newest-first'>;

// The module that declares ApiTypes (agent-task-contracts/api-types), not one that re-exports it: an entry
// added through a re-export can be lost, depending on which file the compiler reads first.
declare module 'agent-task-contracts/api-types' {
  interface ApiTypes {
    jobs: ApiTypesOf<{
      task: Job;
      rule: JobsRuleId;
      fault: JobsFaultId;
      operation: Extract<keyof operations, string>;
      state: JobStatus;
    }>;
  }
}

declare const jobs: ApiModule;
export default jobs;
