/**
 * An API set is a value: two mocks (and a runner, and the generators) over two sets share nothing.
 * Each set below serves its own API named `jobs`, from two modules that differ.
 */
import jobs from 'agent-task-contracts/examples/jobs';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { runConformance } from '../../src/entries/conformance.js';
import { createHandlers } from '../../src/entries/handlers.js';
import { MockApp, startServer } from '../../src/entries/node.js';
import { useScenario } from '../../src/entries/scenarios.js';
import { drawObjects } from '../../src/generators/bulk.js';
import { apiSetOf } from '../../src/handlers/apis.js';
import { timesOutOfOrder } from '../../src/handlers/faults/shared.js';
import type { ApiModule, MockProfile } from '../../src/handlers/profile.js';
import type { MockResponse } from '../../src/handlers/types.js';
import { completedTasks } from '../../src/overrides/pages.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';
import { BUILTIN } from '../helpers/apis.js';

/** A second module of an API named jobs: the same contract's data, a mock that marks its answers, its own faults. */
function variant(): ApiModule {
  const base = jobs as unknown as ApiModule;
  const mock: MockProfile = {
    ...base.mock,
    operations: Object.fromEntries(
      Object.entries(base.mock.operations).map(([id, behaviour]) => [
        id,
        (request, context, params): MockResponse => {
          const response = behaviour(request, context, params);
          return { ...response, headers: { ...response.headers, 'x-variant': 'b' } };
        },
      ]),
    ),
    faults: {},
  };
  return { contract: { ...base.contract }, generators: { ...base.generators }, mock };
}

const setA = { ark: BUILTIN_APIS.ark, jobs: jobs as unknown as ApiModule };
const setB = { praxis: BUILTIN_APIS.praxis, jobs: variant() };

describe('two mocks over two API sets in one process', () => {
  it('each serves its own API of one name', async () => {
    const one = createHandlers({ apis: setA, baseUrl: { jobs: 'https://one.test' } });
    const two = createHandlers({ apis: setB, baseUrl: { jobs: 'https://two.test' } });
    await one.addTasks('jobs', 'ses_s', [{ status: 'running' }]);
    await two.addTasks('jobs', 'ses_s', [{ status: 'failed' }, { status: 'queued' }]);
    const server = setupServer(...one.handlers, ...two.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const a = await fetch('https://one.test/sessions/ses_s/jobs');
      const b = await fetch('https://two.test/sessions/ses_s/jobs');
      expect([a.headers.get('x-variant'), b.headers.get('x-variant')]).toEqual([null, 'b']);
      expect(((await a.json()) as { jobs: unknown[] }).jobs).toHaveLength(1);
      expect(((await b.json()) as { jobs: unknown[] }).jobs).toHaveLength(2);
    } finally {
      server.close();
    }
  });

  it('serves the APIs of its set alone: faults, added tasks and state keep to them', async () => {
    const a = await MockApp.create({ apis: setA });
    const b = await MockApp.create({ apis: setB });
    expect(a.servedApis()).toEqual(['ark', 'jobs']);
    expect(b.servedApis()).toEqual(['praxis', 'jobs']);
    // The fault exists in A's jobs module and not in B's, whose module declares no law faults.
    await a.setFaults(['jobs.order-newest-first']);
    await expect(b.setFaults(['jobs.order-newest-first'])).rejects.toThrow(/unknown fault "jobs.order-newest-first"/);
    await expect(a.setFaults(['praxis.response-schema'])).rejects.toThrow(/praxis/);
    await expect(b.addTasks('ark', 'sesn-x', [{ state: 'unknown' }])).rejects.toThrow(/ark/);
    expect(Object.keys(await a.injectableFaults())).toEqual(['ark', 'jobs']);
    expect((await a.injectableFaults()).jobs).toContain('jobs.order-newest-first');
    expect((await b.injectableFaults()).jobs).not.toContain('jobs.order-newest-first');
    expect((await a.state()).faults).toEqual(['jobs.order-newest-first']);
    expect((await b.state()).faults).toEqual([]);
  });

  it('answers a request its set does not hold in the format of the API it asked', async () => {
    const b = await MockApp.create({ apis: setB });
    const missing = b.respond('jobs', { method: 'GET', path: '/nowhere', query: new URLSearchParams() });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses a set keyed by another name than its module names, saying which', () => {
    expect(() => apiSetOf({ acme: jobs as unknown as ApiModule })).toThrow(
      'apis.acme is the module of API "jobs"; key it by its name: jobs',
    );
  });
});

describe('the runner and the generators over an API set', () => {
  it('judges a mock of the set by the set: the fault of its jobs module is caught, nothing registered', async () => {
    const app = await MockApp.create({ apis: setA, faults: ['jobs.order-newest-first'] });
    await app.addTasks(
      'jobs',
      'ses_r',
      Array.from({ length: 12 }, (_, i) => ({ status: (['queued', 'running', 'succeeded'] as const)[i % 3] })),
    );
    const server = await startServer(app, { host: '127.0.0.1', port: 0 });
    try {
      const result = await runConformance({
        api: 'jobs',
        apis: setA,
        baseUrl: `${server.url}/jobs`,
        session: 'ses_r',
        seed: 3,
        runs: 10,
        polls: 1,
        pollIntervalMs: 1,
      });
      expect(result.violations.map((v) => v.law)).toContain('jobs.order-newest-first');
    } finally {
      await server.close();
    }
  });

  it('completes a per-test answer and plays a scenario of an API of a set it is given', async () => {
    const [job] = completedTasks('jobs', [{ status: 'canceled' }], 'ses_c', apiSetOf(setB));
    expect(job).toMatchObject({ status: 'canceled', session_id: 'ses_c' });
    const played = useScenario(
      {
        name: 'jobs-set',
        api: 'jobs',
        tasks: [{ session: 'ses_p', task: { id: 'job_p', status: 'running' } }],
        timeline: [],
      },
      { apis: setB, baseUrl: { jobs: 'https://play.test' } },
    );
    const server = setupServer(...played.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const answer = await fetch('https://play.test/sessions/ses_p/jobs');
      expect(answer.headers.get('x-variant')).toBe('b');
      expect(((await answer.json()) as { jobs: { id: string }[] }).jobs.map((j) => j.id)).toEqual(['job_p']);
    } finally {
      server.close();
    }
  });

  it('draws valid objects of a set it is given', () => {
    const set = apiSetOf(setB);
    const drawn = [...drawObjects('jobs', 'task', { count: 50, seed: 2, apis: set })];
    expect(new Set(drawn.map((job) => job.id)).size).toBe(50);
    expect(() => [...drawObjects('jobs', 'task', { count: 1, seed: 2, apis: BUILTIN })]).toThrow(/unknown API "jobs"/);
  });
});

describe("what a set's own module of an API holds is what is read", () => {
  const base = jobs as unknown as ApiModule;

  it('the laws judge by the contract the set holds, even one spread from another module', async () => {
    // A newer version of the jobs documents without the finished_at rule, spread from the example.
    const dropped = 'jobs.finished-at-when-ended';
    const newer = {
      jobs: { ...base, contract: { ...base.contract, rules: base.contract.rules.filter((r) => r.id !== dropped) } },
    };
    const app = await MockApp.create({ apis: newer });
    await app.addTasks('jobs', 'ses_n', [{ status: 'running', finished_at: 1_700_000_000_000 }]);
    const server = await startServer(app, { host: '127.0.0.1', port: 0 });
    try {
      const result = await runConformance({
        api: 'jobs',
        apis: newer,
        baseUrl: `${server.url}/jobs`,
        session: 'ses_n',
        seed: 1,
        runs: 3,
        polls: 1,
        pollIntervalMs: 1,
      });
      expect(result.violations.map((v) => v.law)).not.toContain(dropped);
      expect(result.exitCode).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("a scenario's walk reads its set's paging parameters: every page of one walk shows one step", async () => {
    const app = await MockApp.create({ apis: { jobs: base }, scenarios: scenarioLoader });
    await app.playScenario({
      name: 'jobs-walk',
      api: 'jobs',
      tasks: [1, 2, 3].map((i) => ({ session: 'ses_w', task: { id: `job_${i}`, status: 'succeeded' } })),
      timeline: [{ remove: ['job_1'] }],
    });
    const list = (query: string) =>
      app.respond('jobs', { method: 'GET', path: '/sessions/ses_w/jobs', query: new URLSearchParams(query) }).body as {
        jobs: { id: string }[];
        next_page_token?: string;
      };
    const first = list('limit=2');
    // Other list calls meanwhile move the scenario on; the walk's own next page does not.
    list('status=running');
    list('status=running');
    const second = list(`limit=2&page_token=${first.next_page_token}`);
    expect([...first.jobs, ...second.jobs].map((job) => job.id)).toEqual(['job_3', 'job_2', 'job_1']);
  });

  it("the kit's time-order fault reads the mock's set: it is described, injected and answered", async () => {
    const id = 'jobs.times-in-order';
    const op = base.contract.operations[0]!;
    const timeOrder = [
      {
        id,
        order: [{ field: '/finished_at', notBefore: ['/created_at'] }],
        statement: 'x',
        source: op.lifecycle!.source,
      },
    ];
    const contract = { ...base.contract, operations: [{ ...op, timeOrder }] } as unknown as ApiModule['contract'];
    const mock = { ...base.mock, faults: { ...base.mock.faults, [id]: timesOutOfOrder('jobs', id) } };
    const app = await MockApp.create({ apis: { jobs: { contract, generators: base.generators, mock } } });
    await app.setFaults([id as never]);
    expect((await app.state()).faultEffects[0]?.changes).toContain('just before');
    await app.addTasks('jobs', 'ses_t', [{ status: 'succeeded' }]);
    const answer = app.respond('jobs', { method: 'GET', path: '/sessions/ses_t/jobs', query: new URLSearchParams() });
    const [job] = (answer.body as { jobs: { created_at: number; finished_at: number }[] }).jobs;
    expect(answer.status).toBe(200);
    expect(job!.finished_at).toBeLessThan(job!.created_at);
  });
});
