/**
 * A list whose state is nested (`state.status`, as A2A nests `status.state`): the module says where
 * it is as data, and every layer reads it there. The mock serves and filters it, added partials merge
 * into it, `conform` passes on the mock, sees every state, and catches a task that runs again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { runConformance } from '../../src/entries/conformance.js';
import { type ApiModule, defineApi, revivesFinishedTasks } from '../../src/kit/index.js';
import { jobsContractWith } from '../helpers/jobs-variant.js';
import { startMock } from '../helpers/mock-server.js';

const STATES = ['queued', 'running', 'succeeded', 'failed', 'canceled'];

/** The jobs example with its status moved into a `state` object; no item rules (they read the status). */
function nestedJobs() {
  const contract = jobsContractWith({
    spec(spec) {
      const job = spec.components!.schemas!.Job as { required: string[]; properties: Record<string, unknown> };
      delete job.properties.status;
      job.properties.state = {
        type: 'object',
        required: ['status'],
        additionalProperties: false,
        properties: { status: { $ref: '#/components/schemas/JobStatus' }, note: { type: 'string', minLength: 1 } },
      };
      job.required = job.required.map((name) => (name === 'status' ? 'state' : name));
    },
    operation: (op) => ({
      ...op,
      stateField: '/state/status',
      filters: op.filters.map((filter) => ({ ...filter, field: '/state/status' })),
    }),
    rules: [],
  });
  // What a server that runs finished jobs again answers: their nested status back at running.
  const faults = { 'jobs.lifecycle-forward': revivesFinishedTasks('jobs', 'running') };
  return defineApi({ contract, mock: { faults } });
}

const MODULES: Record<string, ApiModule> = { ...BUILTIN_APIS, jobs: nestedJobs() };
let mock: Awaited<ReturnType<typeof startMock>>;
// The example's declared task type has its status at the top level: these partials are of the variant.
const addJobs = (session: string, tasks: object[], seed: number) =>
  mock.app.addTasks('jobs', session, tasks as never, { seed }) as Promise<Record<string, unknown>[]>;
beforeAll(async () => {
  mock = await startMock({ apis: MODULES });
  const partials = Array.from({ length: 30 }, (_, i) => ({ state: { status: STATES[i % STATES.length] } }));
  await addJobs('ses_nested', partials, 5);
});
afterAll(() => mock.server.close());

const conform = () =>
  runConformance({
    api: 'jobs',
    apis: MODULES,
    baseUrl: mock.base('jobs'),
    session: 'ses_nested',
    seed: 2,
    runs: 20,
    polls: 1,
  });

describe('a nested state', () => {
  it('is served, filtered and merged where it is', async () => {
    const answer = await fetch(`${mock.base('jobs')}/sessions/ses_nested/jobs?status=failed&limit=100`);
    const { jobs: listed } = (await answer.json()) as { jobs: { state: { status: string; note?: string } }[] };
    expect(listed.length).toBe(6);
    expect(new Set(listed.map((job) => job.state.status))).toEqual(new Set(['failed']));
    const [added] = await addJobs('ses_merge', [{ state: { note: 'given' } }], 6);
    expect(STATES).toContain((added as { state: { status: string } }).state.status);
    expect((added as { state: { note: string } }).state.note).toBe('given');
  });

  it('conform passes on the mock and sees every state', async () => {
    const result = await conform();
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.coverage.operations[0]!.states?.missing).toEqual([]);
  });

  it('conform catches a finished job that runs again, at its nested status', async () => {
    // The variant's own fault: the declared fault ids are the example's.
    await mock.app.setFaults(['jobs.lifecycle-forward' as never]);
    try {
      const result = await conform();
      const found = result.violations.find((v) => v.law === 'jobs.lifecycle-forward');
      expect(found?.instancePath).toMatch(/\/state\/status$/);
      expect(result.exitCode).toBe(1);
    } finally {
      await mock.app.setFaults([]);
    }
  });
});
