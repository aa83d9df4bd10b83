import jobs from 'agent-task-contracts/examples/jobs';
import { describe, expect, it } from 'vitest';
import { ApiSet } from '../../src/contract/api-set.js';

const set = new ApiSet();
const registerContract = (contract: typeof jobs.contract) => set.addContract(contract);

/** The jobs contract with some members replaced, its getters (validators, compiled once registered) kept as getters. */
const jobsWith = (members: Record<string, unknown>): typeof jobs.contract =>
  Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(jobs.contract), ...Object.getOwnPropertyDescriptors(members) },
  ) as typeof jobs.contract;

describe('an API set refuses a contract the shared layers could not serve', () => {
  it('a session parameter the path does not have, naming the operation, the parameter and the fix', () => {
    const renamed = (session: object) =>
      jobs.contract.operations.map((op) => ({ ...op, path: op.path.replace('{session_id}', '{queue_id}'), session }));
    expect(() => registerContract(jobsWith({ operations: renamed({ in: 'path' }) }))).toThrow(
      /API "jobs", operation listJobs: its path \/sessions\/\{queue_id\}\/jobs has no \{session_id\}, .*set session\.param/,
    );
    expect(() => registerContract(jobsWith({ operations: renamed({ in: 'path', param: 'board_id' }) }))).toThrow(
      /its path \/sessions\/\{queue_id\}\/jobs has no \{board_id\}, the path parameter its session\.param names/,
    );
    expect(set.apiNames()).not.toContain('jobs');
  });

  it('a specFile missing, or naming another file than its spec was parsed from, naming the API and the file', () => {
    expect(() => registerContract(jobsWith({ specFile: undefined }))).toThrow(
      /^API "jobs": contract\.specFile is missing; it names the file contract\.spec was read from .*"jobs\.openapi\.yaml"/,
    );
    expect(() => registerContract(jobsWith({ specFile: 'examples/jobs/tickets.yaml' }))).toThrow(
      'API "jobs": contract.specFile "examples/jobs/tickets.yaml" is not the file its spec came from, jobs.openapi.yaml',
    );
    expect(() => registerContract(jobsWith({ spec: undefined }))).toThrow(
      /^API "jobs": contract\.spec is missing; .*parseSpec\(text, file\)/,
    );
    expect(set.apiNames()).not.toContain('jobs');
  });

  it('an API name that is not lower-case letters, digits and dashes', () => {
    expect(() => registerContract(jobsWith({ api: 'Jobs' }))).toThrow(/lower-case/);
  });
});
