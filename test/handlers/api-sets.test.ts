import jobs from 'agent-task-contracts/examples/jobs';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { createHandlers } from '../../src/entries/handlers.js';
import { MockApp, startServer } from '../../src/entries/node.js';
import { useScenario } from '../../src/entries/scenarios.js';
import { controlResponse } from '../../src/handlers/control.js';
import { compileScenario } from '../../src/scenarios/compile.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';
import { BUILTIN } from '../helpers/apis.js';

/** The built-in modules and the shipped example's, serving the example's API alone (`apiNames`). */
const WITH_JOBS = { ...BUILTIN_APIS, jobs };

describe("useScenario over a module's API", () => {
  it('compiles the scenario against the set given', async () => {
    const mock = useScenario(
      {
        name: 'jobs-run',
        api: 'jobs',
        tasks: [{ session: 'ses_u', task: { id: 'job_u', status: 'queued' } }],
        timeline: [],
      },
      { apis: WITH_JOBS, apiNames: ['jobs'], baseUrl: { jobs: 'https://use.test' } },
    );
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const page = (await (await fetch('https://use.test/sessions/ses_u/jobs')).json()) as { jobs: { id: string }[] };
      expect(page.jobs.map((job) => job.id)).toEqual(['job_u']);
    } finally {
      server.close();
    }
  });
});

describe('two mocks over different API sets in one process', () => {
  it('each intercepts its own APIs only and keeps its own data', async () => {
    const jobsMock = createHandlers({ apis: WITH_JOBS, apiNames: ['jobs'], baseUrl: { jobs: 'https://jobs.test' } });
    const arkMock = createHandlers({ apiNames: ['ark'], baseUrl: { ark: 'https://ark.test' } });
    expect(jobsMock.handlers).toHaveLength(jobs.contract.operations.length);
    await jobsMock.addTasks('jobs', 'ses_a', [{ status: 'running' }, { status: 'failed' }]);
    await arkMock.addTasks('ark', 'sesn-a', [{ state: 'unknown' }]);

    const server = setupServer(...jobsMock.handlers, ...arkMock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const listed = await (await fetch('https://jobs.test/sessions/ses_a/jobs')).json();
      expect(listed.jobs.map((job: { status: string }) => job.status).sort()).toEqual(['failed', 'running']);
      const ark = await (await fetch('https://ark.test/sessions/sesn-a/tasks')).json();
      expect(ark.items.map((task: { state: string }) => task.state)).toEqual(['unknown']);
      // Neither mock answers for the other's API: the jobs mock holds no Ark task, the Ark mock no job.
      expect((await jobsMock.app()).store.tasks('ark', 'sesn-a')).toEqual([]);
      expect((await arkMock.app()).apis.has('jobs')).toBe(false);
    } finally {
      server.close();
    }
  });

  it("a reset of one leaves the other's added tasks", async () => {
    const one = createHandlers({ apis: WITH_JOBS, apiNames: ['jobs'], baseUrl: { jobs: 'https://one.test' } });
    const two = createHandlers({ apis: WITH_JOBS, apiNames: ['jobs'], baseUrl: { jobs: 'https://two.test' } });
    await one.addTasks('jobs', 'ses_b', [{ status: 'queued' }]);
    await two.addTasks('jobs', 'ses_b', [{ status: 'canceled' }]);
    await one.reset();
    expect((await one.app()).store.tasks('jobs', 'ses_b')).toEqual([]);
    expect((await two.app()).store.tasks('jobs', 'ses_b').map((r) => r.item.status)).toEqual(['canceled']);
  });
});

describe("a scenario of a module's API", () => {
  it('plays like a built-in one: its task moves on at each poll', async () => {
    const mock = createHandlers({
      apis: WITH_JOBS,
      apiNames: ['jobs'],
      baseUrl: { jobs: 'https://play.test' },
      scenarios: scenarioLoader,
    });
    await mock.playScenario({
      name: 'jobs-finish',
      api: 'jobs',
      tasks: [{ session: 'ses_p', task: { id: 'job_1', status: 'running' } }],
      timeline: [{ set: { job_1: { status: 'succeeded' } } }],
    });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const poll = async () =>
        ((await (await fetch('https://play.test/sessions/ses_p/jobs')).json()) as { jobs: { status: string }[] }).jobs;
      expect((await poll()).map((job) => job.status)).toEqual(['running']);
      expect((await poll()).map((job) => job.status)).toEqual(['succeeded']);
    } finally {
      server.close();
    }
  });

  it('names the APIs when it names none of them', () => {
    expect(() => compileScenario({ name: 'x', api: 'jbos', timeline: [] }, 'x.yaml', BUILTIN)).toThrow(
      /x\.yaml.*\/api.*unknown API "jbos"; the APIs are praxis, everruns, ark, jsonrpc/,
    );
  });
});

describe("faults of a mock's own API set", () => {
  it('createHandlers refuses a fault of an API it does not serve, at creation and in setFaults', async () => {
    const refusal = /fault "ark\.order-newest-first" is of API ark, which this mock does not serve \(it serves jobs\)/;
    expect(() => createHandlers({ apis: WITH_JOBS, apiNames: ['jobs'], faults: ['ark.order-newest-first'] })).toThrow(
      refusal,
    );
    const mock = createHandlers({ apis: WITH_JOBS, apiNames: ['jobs'] });
    await expect(mock.setFaults(['ark.order-newest-first'])).rejects.toThrow(refusal);
    await mock.setFaults(['jobs.order-newest-first']);
    expect((await mock.state()).faults).toEqual(['jobs.order-newest-first']);
    expect(Object.keys(await mock.injectableFaults())).toEqual(['jobs']);
  });

  it('keeps to its set in answers, added tasks and state too', async () => {
    const mock = createHandlers({ apis: WITH_JOBS, apiNames: ['jobs'] });
    await expect(mock.setOutages([{ api: 'ark', status: 503 }])).rejects.toThrow(
      'outages[0]: this mock does not serve ark; it serves jobs',
    );
    await expect(mock.addTasks('ark', 'sesn-x', [{ state: 'unknown' }])).rejects.toThrow(
      'this mock does not serve ark; it serves jobs',
    );
    await mock.addTasks('jobs', 'ses_s', [{ status: 'running' }]);
    const state = await mock.state();
    expect(Object.keys(state.tasks)).toEqual(['jobs']);
    expect(state.added).toEqual({ jobs: ['ses_s'] });
  });

  it("the control API's faults endpoint refuses it too, and the server answers only the APIs served", async () => {
    const app = await MockApp.create({ apis: WITH_JOBS, apiNames: ['jobs'] });
    const refused = await controlResponse(app, 'POST', '/faults', { faults: ['ark.order-newest-first'] });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toMatch(
      /is of API ark, which this mock does not serve \(it serves jobs\)/,
    );
    await expect(
      MockApp.create({ apis: WITH_JOBS, apiNames: ['jobs'], faults: ['ark.order-newest-first'] }),
    ).rejects.toThrow(/of API ark/);
    await expect(MockApp.create({ apis: WITH_JOBS, apiNames: ['jbos'] })).rejects.toThrow(
      /the mock does not serve API "jbos"; it serves .*jobs/,
    );
    const server = await startServer(app, { host: '127.0.0.1', port: 0 });
    try {
      const praxis = await fetch(`${server.url}/praxis/v1/sessions/x/background_tasks`);
      expect([praxis.status, ((await praxis.json()) as { error: string }).error]).toEqual([
        404,
        'no API at /praxis; the APIs are at /jobs',
      ]);
    } finally {
      await server.close();
    }
  });

  it("an unknown fault of a module's API says where its faults are listed, with the closest", async () => {
    const mock = createHandlers({ apis: WITH_JOBS, apiNames: ['jobs'] });
    const error = await mock.setFaults(['jobs.order-newst-first'] as never).catch((e: Error) => e.message);
    expect(error).toContain('unknown fault "jobs.order-newst-first" (did you mean "jobs.order-newest-first"?)');
    expect(error).toContain("the mock lists each API's in injectableFaults() (GET /__mock/faults)");
  });
});
