/**
 * What a verdict means: a correct server passes whatever the seed, with or without a session;
 * "passed" means something was judged; a server that lists nothing passes no item rule.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES, type BuiltinApiName } from '../../src/apis/index.js';
import type { ApiName } from '../../src/contract/index.js';
import { renderText, runConformance } from '../../src/entries/conformance.js';
import { BUILTIN } from '../helpers/apis.js';
import { breadth } from '../helpers/breadth.js';
import { forward, hostile, sendJson } from '../helpers/hostile.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

const WITH_SESSION: Record<BuiltinApiName, string> = {
  praxis: 'sesn_demo',
  everruns: 'demo',
  ark: 'sesn-demo',
  jsonrpc: 'demo',
  langgraph: '0a1b2c3d-0000-4000-8000-00000000de00',
  a2a: 'ctx-demo',
  mcp: DEMO_SESSIONS.mcp,
};

/** The seeds each API is run with: 1 and 2 in npm test, 1 to 8 in npm run test:full. */
const SEEDS = breadth([1, 2], [1, 2, 3, 4, 5, 6, 7, 8]);

describe(`the mock passes on every API, with its demo sessions and without, for seeds ${SEEDS.join(', ')}`, () => {
  for (const api of BUILTIN_API_NAMES) {
    it(
      `${api}: conform seeds ${SEEDS[0]}–${SEEDS.at(-1)} (the mock's dataset reseeded to the same seed)`,
      async () => {
        const failures: string[] = [];
        for (const seed of SEEDS) {
          await mock.app.reseed(seed);
          const sessions = DEMO_SESSIONS[api] === undefined ? [WITH_SESSION[api], undefined] : [WITH_SESSION[api]];
          for (const session of sessions) {
            const result = await runConformance({
              api,
              baseUrl: mock.base(api),
              ...(session ? { session } : {}),
              seed,
              runs: 25,
              polls: 2,
              pollIntervalMs: 0,
            });
            if (result.exitCode !== 0)
              failures.push(
                `seed ${seed}, session ${session ?? '(none)'}: ${result.error ?? result.violations.map((v) => `${v.law}: ${v.message} (${v.curl})`).join('; ')}`,
              );
            if (result.counts.passed < 10) failures.push(`seed ${seed}: only ${result.counts.passed} laws judged`);
            if (result.hint !== undefined)
              failures.push(`seed ${seed}: a set-up hint on a correct run: ${result.hint}`);
          }
        }
        await mock.app.reseed(1);
        expect(failures).toEqual([]);
        // Generous (a run of A2A took 4 s on a loaded 2-core machine): a timed-out loop would go on
        // reseeding under the next test.
      },
      SEEDS.length * 30_000,
    );
  }

  it('the JSON-RPC runs the hook found failing (--session demo, seeds 3, 1, 20261129) pass', async () => {
    await mock.app.reset();
    for (const seed of [3, 1, 20261129]) {
      const result = await runConformance({
        api: 'jsonrpc',
        baseUrl: mock.base('jsonrpc'),
        session: 'demo',
        seed,
        polls: 2,
        pollIntervalMs: 0,
      });
      expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
      expect(result.laws.find((r) => r.id === 'jsonrpc.filter-session_id')?.outcome).toBe('passed');
    }
  });
});

describe('three outcomes: violated, passed with counts, not exercised with a reason', () => {
  const empty = (api: ApiName) => (_req: unknown, res: Parameters<Parameters<typeof hostile>[0]>[1]) => {
    const bodies: Record<BuiltinApiName, unknown> = {
      ark: { items: [] },
      everruns: [],
      jsonrpc: { jsonrpc: '2.0', id: null, result: [] },
      praxis: { data: [], next_page: null },
      langgraph: [],
      a2a: { tasks: [], nextPageToken: '', pageSize: 50, totalSize: 0 },
      mcp: { jsonrpc: '2.0', id: 1, result: { tasks: [] } },
    };
    sendJson(res, 200, bodies[api as BuiltinApiName]);
  };

  it('a server that lists nothing passes no item rule and no law about items', async () => {
    const server = await hostile(empty('ark'));
    const result = await runConformance({
      api: 'ark',
      baseUrl: `${server.url}/api/v3`,
      session: 'sesn-x',
      seed: 1,
      runs: 20,
      polls: 2,
      pollIntervalMs: 0,
    });
    await server.close();
    const outcome = (id: string) => result.laws.find((r) => r.id === id);
    for (const id of [
      'ark.finished-at-only-when-terminal',
      'ark.times-are-unix-millis',
      'ark.order-newest-first',
      'ark.no-duplicates-across-pages',
      'ark.items-belong-to-session',
      'ark.filter-state',
      'ark.lifecycle-forward',
    ]) {
      expect(outcome(id)?.outcome, id).toBe('not-exercised');
      expect(outcome(id)?.judged).toBe(0);
      expect(outcome(id)?.reason?.length).toBeGreaterThan(5);
    }
    // What an empty list can show is still judged: status, type, schema.
    expect(outcome('ark.status-code')).toMatchObject({ outcome: 'passed' });
    expect(outcome('ark.status-code')!.judged).toBeGreaterThan(0);
    // The refusals this server does not make are violations, not "not exercised".
    expect(outcome('ark.invalid-limit-rejected')?.outcome).toBe('violated');
  });

  it('--require-exercised turns a rule not exercised into a failed run; JUnit marks it skipped otherwise', async () => {
    const { renderJunit, renderText } = await import('../../src/conformance/index.js');
    const plain = await runConformance({
      api: 'everruns',
      baseUrl: mock.base('everruns'),
      session: 'demo',
      seed: 2,
      runs: 20,
      polls: 1,
    });
    expect(plain.exitCode).toBe(0);
    const unexercised = plain.laws.filter((r) => r.outcome === 'not-exercised');
    expect(unexercised.map((r) => r.id)).toContain('everruns.lifecycle-forward');
    expect(renderJunit(plain)).toMatch(
      /name="everruns.lifecycle-forward">\s*<skipped message="not exercised: no task was seen to change state/,
    );
    expect(renderText(plain)).toMatch(
      new RegExp(`\\n${plain.counts.passed} passed, 0 failed, ${unexercised.length} skipped\\n$`),
    );
    const strict = await runConformance({
      api: 'everruns',
      baseUrl: mock.base('everruns'),
      session: 'demo',
      seed: 2,
      runs: 20,
      polls: 1,
      requireExercised: true,
    });
    expect(strict.exitCode).toBe(1);
    expect(strict.violations).toEqual([]);
    expect(renderJunit(strict)).toMatch(/name="everruns.lifecycle-forward">\s*<failure message="not exercised/);
  });

  it('every passed rule judged at least one subject, and every rule of the API is accounted for', async () => {
    const result = await runConformance({
      api: 'praxis',
      baseUrl: mock.base('praxis'),
      seed: 5,
      runs: 30,
      polls: 2,
      pollIntervalMs: 0,
    });
    const { operationsOf } = await import('../../src/contract/index.js');
    const { lawsOf } = await import('../../src/contract/laws/index.js');
    // The drift law is judged only with failOnDrift; otherwise drift is listed apart.
    const catalogue = new Set(
      operationsOf('praxis', BUILTIN)
        .flatMap((op) => lawsOf(op).map((l) => l.id))
        .filter((id) => !id.endsWith('.no-undocumented-fields')),
    );
    expect(new Set(result.laws.map((r) => r.id))).toEqual(catalogue);
    for (const rule of result.laws) if (rule.outcome === 'passed') expect(rule.judged, rule.id).toBeGreaterThan(0);
    expect(result.counts.passed + result.counts.violated + result.counts.notExercised).toBe(catalogue.size);
  });
});

describe('drift and coverage', () => {
  it('the demo mock has no drift; open Praxis kinds are new values, not drift', async () => {
    await mock.app.reset();
    for (const api of BUILTIN_API_NAMES) {
      const result = await runConformance({
        api,
        baseUrl: mock.base(api),
        session: WITH_SESSION[api],
        seed: 2,
        runs: 20,
        polls: 1,
      });
      expect(result.drift, api).toEqual([]);
      if (api === 'praxis') expect(result.newValues.some((v) => v.path === '/data/*/kind')).toBe(true);
    }
  });

  it('an undocumented field is listed with its path, count and an example; --fail-on-drift makes it a violation', async () => {
    mock.app.faults = new Set(['ark.no-undocumented-fields']);
    const warned = await runConformance({
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 2,
      runs: 20,
      polls: 1,
    });
    const failed = await runConformance({
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 2,
      runs: 20,
      polls: 1,
      failOnDrift: true,
    });
    mock.app.faults = new Set();
    expect(warned.exitCode).toBe(0);
    expect(warned.drift).toContainEqual(
      expect.objectContaining({
        operation: 'listTasks',
        kind: 'field',
        path: '/items/*/x_undocumented_field',
        example: 'added by the vendor',
      }),
    );
    expect(warned.drift[0]!.count).toBeGreaterThan(1);
    expect(failed.exitCode).toBe(1);
    expect(failed.violations.map((v) => v.law)).toContain('ark.no-undocumented-fields');
  });

  it('coverage names what was exercised and what was not; --min-coverage fails a run below it', async () => {
    await mock.app.reset();
    const result = await runConformance({
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 2,
      runs: 40,
      polls: 1,
      minCoverage: 50,
    });
    const op = result.coverage.operations[0]!;
    expect(Object.keys(op.parameters.sent).sort()).toEqual([
      'cursor',
      'limit',
      'session_id',
      'session_thread_id',
      'state',
    ]);
    expect(op.parameters.sent.limit).toEqual(['edge', 'invalid', 'valid']);
    expect(op.states?.missing).toEqual([]);
    expect(op.transitions.seen).toEqual([]);
    expect(op.transitions.missing.length).toBeGreaterThan(5);
    expect(result.coverage.percent.laws).toBeLessThan(100);
    expect(result.coverage.laws.missing).toContain('ark.lifecycle-forward');
    const mean =
      (result.coverage.percent.parameters + result.coverage.percent.states + result.coverage.percent.laws) / 3;
    expect(result.coverage.score).toBeCloseTo(mean, 0);
    expect(result.exitCode).toBe(0);
    const strict = await runConformance({
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 2,
      runs: 20,
      polls: 1,
      minCoverage: 100,
    });
    expect(strict.exitCode).toBe(1);
    expect(strict.violations).toEqual([]);
    expect(strict.notes.join('\n')).toMatch(/coverage [\d.]+% is below --min-coverage 100%/);
  });
});

describe('a --session the API does not know is a usage error, not a violation', () => {
  for (const [api, session] of [
    ['ark', 'sesn-nope'],
    ['everruns', 'nope'],
    ['praxis', 'sesn_nope'],
  ] as const) {
    it(`${api} --session ${session}: exit 2 naming the session`, async () => {
      const result = await runConformance({
        api,
        baseUrl: mock.base(api),
        session,
        seed: 1,
        runs: 5,
        polls: 1,
        pollIntervalMs: 0,
      });
      expect(result.exitCode).toBe(2);
      expect(result.error).toMatch(
        new RegExp(`--session "${session}": .* answered 404, so the API does not know this session`),
      );
      expect(result.violations).toEqual([]);
      expect(result.error).toContain("check that --base-url is the API's root");
    });
  }
});

describe("a --base-url that is not the API's root: the violations, and a hint before them", () => {
  for (const [api, op, path] of [
    ['praxis', 'listSessions', '/v1/sessions'],
    ['jsonrpc', 'listTasks', '/tasks'],
  ] as const) {
    it(`${api}: the plainest request answered 404, named with its URL and the path added`, async () => {
      const baseUrl = `${mock.base(api)}-typo`;
      const result = await runConformance({ api, baseUrl, seed: 1, runs: 5, polls: 1, pollIntervalMs: 0 });
      // The verdict stands: a 404 to the documented list is judged as it came.
      expect(result.exitCode).toBe(1);
      expect(result.violations.map((v) => v.law)).toContain(
        `${api === 'praxis' ? 'praxis.sessions' : api}.status-code`,
      );
      expect(result.hint).toBe(
        `the plainest request of ${op}, GET ${baseUrl}${path}, answered 404: check that --base-url is the ` +
          `API's root (the path ${path} is added to it); if it is, the violations below are the API's`,
      );
      const text = renderText(result).split('\n');
      expect(text[1]).toBe(`hint: ${result.hint}`);
      expect(text[3]).toMatch(/^✗ /);
    });
  }
});

describe('a cursor the server ignores is caught, on either side', () => {
  for (const param of ['ending_before', 'starting_after']) {
    it(`JSON-RPC without ${param}: the first page, which lists the item the cursor names`, async () => {
      // A proxy that drops the cursor: the mock answers as if it had not been sent.
      const server = await hostile((req, res) => {
        const url = new URL(req.url!, mock.server.url);
        url.searchParams.delete(param);
        void forward(res, url);
      });
      const result = await runConformance({
        api: 'jsonrpc',
        baseUrl: `${server.url}/jsonrpc`,
        session: 'demo',
        seed: 1,
        runs: 5,
        polls: 1,
      });
      await server.close();
      const found = result.violations.filter((v) => v.law === 'jsonrpc.cursor-exclusive');
      expect(found.map((v) => v.message).join('\n')).toMatch(new RegExp(`${param}=\\w+ .*itself`));
    });
  }
});

describe('a cursor from a different query returns 400, whichever query made it', () => {
  it("Praxis: a filtered list's cursor honoured without the filter, or with another agent_id, is caught", async () => {
    // A proxy that remembers the agent_id each cursor was made with and sends it again with the cursor:
    // the mock refuses an unfiltered list's cursor sent with a filter still, and honours the others.
    const madeWith = new Map<string, string>();
    const server = await hostile((req, res) => {
      const url = new URL(req.url!, mock.server.url);
      const page = url.searchParams.get('page');
      const agent = page === null ? undefined : madeWith.get(page);
      if (agent !== undefined) url.searchParams.set('agent_id', agent);
      void forward(res, url, (text) => {
        const next = (JSON.parse(text) as { next_page?: unknown }).next_page;
        const filter = url.searchParams.get('agent_id');
        if (typeof next === 'string' && filter !== null) madeWith.set(next, filter);
        return text;
      });
    });
    const result = await runConformance({ api: 'praxis', baseUrl: `${server.url}/praxis`, seed: 1, runs: 5, polls: 1 });
    await server.close();
    const found = result.violations.filter((v) => v.law === 'praxis.sessions.cursor-bound-to-query');
    expect(found.map((v) => v.curl).join('\n')).toMatch(/page=/);
    expect(result.laws.find((r) => r.id === 'praxis.sessions.cursor-bound-to-query')?.outcome).toBe('violated');
  });
});

describe('Praxis background tasks are judged on sessions from the first listed to the last', () => {
  it('a server that fails only the oldest listed session is caught without --session', async () => {
    await mock.app.reset();
    const listed = await fetch(`${mock.base('praxis')}/v1/sessions?limit=100`).then((r) => r.json());
    const ids = (listed as { data: { id: string }[] }).data.map((s) => s.id);
    expect(ids.length).toBeGreaterThan(8);
    const oldest = ids.at(-1)!;
    const server = await hostile((req, res) => {
      if (req.url!.includes(`/sessions/${oldest}/`))
        return sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: 'older rows unreadable' } });
      void forward(res, `${mock.server.url}${req.url}`);
    });
    const result = await runConformance({ api: 'praxis', baseUrl: `${server.url}/praxis`, seed: 1, runs: 5, polls: 1 });
    await server.close();
    const failed = result.violations.filter((v) => v.law.startsWith('praxis.background-tasks.'));
    expect(failed.map((v) => v.curl).join('\n')).toContain(`/sessions/${oldest}/`);
  });
});

describe('a page capped below the limit asked for offers a next cursor, or what it leaves out is lost', () => {
  /** Ark behind a proxy that caps every page at 30 tasks, with or without the next cursor past the cap. */
  const cappedAt30 = async (keepCursor: boolean) => {
    await mock.app.reset();
    const server = await hostile((req, res) => {
      const url = new URL(req.url!, mock.server.url);
      const capped = Number(url.searchParams.get('limit') ?? 0) > 30;
      if (capped) url.searchParams.set('limit', '30');
      void forward(res, url, (text) => {
        const body = JSON.parse(text) as { next_cursor?: number };
        if (capped && !keepCursor) delete body.next_cursor;
        return JSON.stringify(body);
      });
    });
    const options = { api: 'ark', baseUrl: `${server.url}/ark`, session: 'sesn-demo', seed: 1, runs: 5, polls: 1 };
    const result = await runConformance(options);
    await server.close();
    return result;
  };

  it('Ark: pages capped at 30 tasks without next_cursor past the cap are caught (paging-skips-nothing)', async () => {
    const lost = (await cappedAt30(false)).violations.find((v) => v.law === 'ark.paging-skips-nothing');
    expect(lost?.requests?.some((r) => /limit=73/.test(r))).toBe(true);
  });

  it('Ark: pages capped at 30 tasks with a next cursor pass', async () => {
    const result = await cappedAt30(true);
    expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
  });
});

describe('the child session a started Everruns task links to exists', () => {
  it('a server answering "Session not found" for it is caught; the mock, which serves it, passes', async () => {
    await mock.app.reset();
    const server = await hostile((req, res) => {
      if (/\/sessions\/child_/.test(req.url!)) return sendJson(res, 404, { error: { code: 'not_found' } });
      void forward(res, `${mock.server.url}${req.url}`);
    });
    const options = { api: 'everruns', session: 'demo', seed: 1, runs: 5, polls: 1 } as const;
    const broken = await runConformance({ ...options, baseUrl: `${server.url}/everruns` });
    await server.close();
    const found = broken.violations.find((v) => v.law === 'everruns.linked-session-exists');
    expect(found?.message).toMatch(/^task_\w+ is (running|awaiting_input) and its \/links\/child_session_id names/);
    expect(found?.curl).toContain('/v1/sessions/child_');
    const served = await runConformance({ ...options, baseUrl: mock.base('everruns') });
    expect(served.laws.find((r) => r.id === 'everruns.linked-session-exists')?.outcome).toBe('passed');
  });
});
