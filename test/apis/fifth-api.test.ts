/**
 * A fifth list API (test/fixtures/apis/toy) in a set beside the built-in four, through the same
 * `ApiModule` interface: the generators produce valid jobs, the mock serves them, `conform` passes on
 * the mock and catches a fault injected into it. Nothing outside the fixture folder knows it. Its
 * session is a queue, `/v1/queues/{queue_id}/jobs`: every place that fills the session fills that.
 */

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { createHandlers } from '../../src/apis/mock-functions.js';
import { checkItem } from '../../src/contract/rules/index.js';
import { validateComponent } from '../../src/contract/validate.js';
import { runConformance } from '../../src/entries/conformance.js';
import { brokenObject, validObject } from '../../src/entries/generators.js';
import { judgeResponse } from '../../src/entries/matchers.js';
import { apiSetOf } from '../../src/handlers/apis.js';
import { toyModule } from '../fixtures/apis/toy/index.js';
import { startMock } from '../helpers/mock-server.js';

const MODULES = { ...BUILTIN_APIS, toy: toyModule };
const SET = apiSetOf(MODULES);

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ apis: MODULES });
  // 23 jobs: more than two pages at the default limit of 10.
  const partials = Array.from({ length: 23 }, (_, i) => ({ state: ['pending', 'running', 'done', 'failed'][i % 4] }));
  await mock.app.addTasks('toy', 'q-a', partials, { seed: 3 });
  await mock.app.addTasks('toy', 'q-b', [{ state: 'done' }], { seed: 4 });
});
afterAll(async () => {
  await mock.server.close();
});

describe('a fifth API in a set through ApiModule', () => {
  it('is one of the APIs, beside the built-in ones', () => {
    expect(SET.apiNames()).toEqual(['praxis', 'everruns', 'ark', 'jsonrpc', 'langgraph', 'a2a', 'mcp', 'toy']);
  });

  it('refuses a module under another name than its own, and a module whose parts name two APIs', () => {
    expect(() => apiSetOf({ ...BUILTIN_APIS, acme: toyModule })).toThrow(/apis\.acme is the module of API "toy"/);
    expect(() => apiSetOf({ toy: { ...toyModule, generators: { ...toyModule.generators, api: 'other' } } })).toThrow(
      /must name one API/,
    );
  });

  it('generates jobs that pass its strict schema and both its rules', () => {
    fc.assert(
      fc.property(validObject('toy', 'task', { edge: true, apis: SET }), (job) => {
        expect(validateComponent('toy', 'Job', job, undefined, SET)).toEqual([]);
        expect(checkItem('toy', 'task', job, undefined, SET)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('generates jobs that break exactly the rule asked for', () => {
    for (const rule of toyModule.contract.rules)
      fc.assert(
        fc.property(brokenObject(rule.id, { apis: SET }), (job) => {
          expect(validateComponent('toy', 'Job', job, undefined, SET)).toEqual([]);
          expect(checkItem('toy', 'task', job, undefined, SET).map((v) => v.law)).toEqual([rule.id]);
        }),
        { numRuns: 100 },
      );
  });

  it('is served by the mock: pages newest first, item-id cursors to the end, 404 and 400 as problems', async () => {
    const ids: string[] = [];
    let created = Number.POSITIVE_INFINITY;
    let url = `${mock.base('toy')}/v1/queues/q-a/jobs`;
    for (let page = 0; page < 5; page++) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { page: { jobs: { id: string; created_at: string }[] } };
      expect(validateComponent('toy', 'JobPage', body, undefined, SET)).toEqual([]);
      for (const job of body.page.jobs) {
        expect(Date.parse(job.created_at)).toBeLessThanOrEqual(created);
        created = Date.parse(job.created_at);
        ids.push(job.id);
      }
      const last = body.page.jobs.at(-1);
      if (!last) break;
      url = `${mock.base('toy')}/v1/queues/q-a/jobs?after_id=${encodeURIComponent(last.id)}`;
    }
    expect(new Set(ids).size).toBe(23);
    const unknown = await fetch(`${mock.base('toy')}/v1/queues/q-nobody/jobs`);
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      { problem: { status: 404, detail: 'no queue q-nobody' } },
    ]);
    expect((await fetch(`${mock.base('toy')}/v1/queues/q-a/jobs?limit=51`)).status).toBe(400);
  });

  it('is judged by the matcher at its queue: a job of another queue is found', async () => {
    const url = `${mock.base('toy')}/v1/queues/q-a/jobs?limit=3`;
    expect(await judgeResponse('toy', 'listJobs', await fetch(url), { apis: SET })).toEqual([]);
    const { page } = (await (await fetch(url)).json()) as { page: { jobs: Record<string, unknown>[] } };
    const stray = { ...page.jobs[0], queue_id: 'q-b' };
    const found = await judgeResponse(
      'toy',
      'listJobs',
      { status: 200, url, body: { page: { jobs: [stray] } } },
      { apis: SET },
    );
    expect(found.map((v) => [v.law, v.instancePath])).toContainEqual([
      'toy.items-belong-to-session',
      '/page/jobs/0/queue_id',
    ]);
  });

  it('is intercepted by the MSW handlers at its own base URL, in its own format', async () => {
    const toy = createHandlers({ apis: MODULES, apiNames: ['toy'] });
    await (await toy.app()).addTasks('toy', 'q-m', [{ state: 'running' }, { state: 'done' }], { seed: 5 });
    const server = setupServer(...toy.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const body = (await (await fetch('https://toy.invalid/v1/queues/q-m/jobs?limit=1')).json()) as {
        page: { jobs: unknown[] };
      };
      expect(body.page.jobs).toHaveLength(1);
      expect(validateComponent('toy', 'JobPage', body, undefined, SET)).toEqual([]);
      const unknown = await fetch('https://toy.invalid/v1/queues/q-nobody/jobs');
      expect([unknown.status, await unknown.json()]).toEqual([
        404,
        { problem: { status: 404, detail: 'no queue q-nobody' } },
      ]);
    } finally {
      server.close();
    }
  });

  it('passes conform on the mock, every toy rule judged', async () => {
    mock.app.faults = new Set();
    const result = await runConformance({
      api: 'toy',
      apis: MODULES,
      baseUrl: mock.base('toy'),
      session: 'q-a',
      seed: 7,
      runs: 30,
      polls: 2,
      pollIntervalMs: 10,
    });
    expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
    const judged = result.laws.filter((r) => r.outcome === 'passed').map((r) => r.id);
    expect(judged).toEqual(
      expect.arrayContaining([
        'toy.finished-at-only-when-finished',
        'toy.result-only-when-done',
        'toy.order-newest-first',
        'toy.limit-respected',
        'toy.unknown-session-404',
        'toy.job-times-in-order',
        'toy.cursor-exclusive',
        'toy.error-format',
      ]),
    );
  });

  for (const fault of [
    'toy.result-only-when-done',
    'toy.order-newest-first',
    'toy.job-times-in-order',
    'toy.error-format',
  ]) {
    it(`catches the fault ${fault} injected into the mock`, async () => {
      mock.app.faults = new Set([fault]);
      try {
        const result = await runConformance({
          api: 'toy',
          apis: MODULES,
          baseUrl: mock.base('toy'),
          session: 'q-a',
          seed: 7,
          runs: 5,
          polls: 2,
          pollIntervalMs: 10,
        });
        expect(result.exitCode).toBe(1);
        expect(result.violations.map((v) => v.law)).toContain(fault);
      } finally {
        mock.app.faults = new Set();
      }
    });
  }

  it('its rule fault says how many jobs it broke, and `:every` breaks every one', async () => {
    try {
      // The count runs since the mock's last reset (the runs above broke jobs too): read its growth.
      const count = async () => (await mock.app.state()).faultEffects[0]?.broke ?? { objects: 0, of: 0 };
      for (const [fault, broke] of [
        ['toy.result-only-when-done', 1],
        ['toy.result-only-when-done:every', 10],
      ] as const) {
        mock.app.faults = new Set([fault]);
        const before = await count();
        const response = await fetch(`${mock.base('toy')}/v1/queues/q-a/jobs`);
        expect(response.headers.get('x-mock-faults')).toBe(`toy.result-only-when-done broke ${broke} of 10 jobs`);
        const items = ((await response.json()) as { page: { jobs: Record<string, unknown>[] } }).page.jobs;
        expect(items.filter((job) => checkItem('toy', 'task', job, undefined, SET).length > 0)).toHaveLength(broke);
        expect(await count()).toEqual({ objects: before.objects + broke, of: before.of + 10 });
      }
      expect((await mock.app.state()).faultEffects[0]?.changes).toMatch(/^on every job of each list answer: /);
    } finally {
      mock.app.faults = new Set();
    }
  });

  it('needed no file outside its fixture folder: nothing under src/ names it', async () => {
    const root = new URL('../../src/', import.meta.url);
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const naming: string[] = [];
    for (const file of files) if (/\btoy\b/i.test(await readFile(join(root.pathname, file), 'utf8'))) naming.push(file);
    expect(naming).toEqual([]);
  });
});
