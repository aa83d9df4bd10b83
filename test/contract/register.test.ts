import jobs from 'agent-task-contracts/examples/jobs';
import { describe, expect, it } from 'vitest';
import { faces, registerContract } from '../../src/contract/faces.js';

/** The jobs contract with some members replaced, its getters (validators, compiled once registered) kept as getters. */
const jobsWith = (members: Record<string, unknown>): typeof jobs.contract =>
  Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(jobs.contract), ...Object.getOwnPropertyDescriptors(members) },
  ) as typeof jobs.contract;

describe('registerContract refuses a module the shared layers could not serve', () => {
  it('a session bound in the path under another name than {session_id}, naming the operation and the fix', () => {
    const operations = jobs.contract.operations.map((op) => ({
      ...op,
      path: op.path.replace('{session_id}', '{queue_id}'),
    }));
    expect(() => registerContract(jobsWith({ operations }))).toThrow(
      /API "jobs", operation listJobs: its path \/sessions\/\{queue_id\}\/jobs binds the session in the path.*write the path with \{session_id\}/,
    );
    expect(faces()).not.toContain('jobs');
  });

  it('an API name that is not lower-case letters, digits and dashes', () => {
    expect(() => registerContract(jobsWith({ face: 'Jobs' }))).toThrow(/lower-case/);
  });
});
