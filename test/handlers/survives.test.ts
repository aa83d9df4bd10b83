/**
 * What an end-to-end suite does to the mock over a day: sequences of control calls that once
 * killed the server, hung every request or leaked one test's state into the next.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandlers, MockApp } from '../../src/apis/mock-functions.js';
import { scenarioLoader } from '../../src/scenarios/index.js';
import { startMock } from '../helpers/mock-server.js';

type Mock = Awaited<ReturnType<typeof startMock>>;
const mocks: Mock[] = [];
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const m of mocks.splice(0)) await m.server.close();
});

async function serve(...args: Parameters<typeof startMock>): Promise<Mock> {
  const mock = await startMock(...args);
  mocks.push(mock);
  return mock;
}

/** A fetch that fails the test instead of hanging it. */
function get(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
}

const control = (mock: Mock, path: string, body: unknown, headers: Record<string, string> = {}) =>
  get(`${mock.server.url}/__mock${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

const state = async (mock: Mock) =>
  (await (await get(`${mock.server.url}/__mock/state`)).json()) as Record<string, unknown>;

describe('sequences of control calls a suite makes', () => {
  it('a time scenario, then the clock frozen before its start: the next request sees step 0 and the server lives', async () => {
    const mock = await serve();
    expect(
      (await control(mock, '/scenario', { name: 'ark-unknown-comes-back', progression: 'time', stepMs: 30_000 }))
        .status,
    ).toBe(200);
    expect((await get(mock.base('ark/sessions/sesn-demo/tasks'))).status).toBe(200);
    expect((await control(mock, '/clock', { freeze: '2026-11-30T09:00:00Z' })).status).toBe(200);
    const again = await get(mock.base('ark/sessions/sesn-demo/tasks'));
    expect(again.status).toBe(200);
    const first = await MockApp.create({ scenarios: scenarioLoader });
    await first.playScenario('ark-unknown-comes-back', { progression: 'time', stepMs: 30_000 });
    expect(await again.json()).toEqual(
      first.respond('ark', { method: 'GET', path: '/sessions/sesn-demo/tasks', query: new URLSearchParams() }).body,
    );
  });

  it('in process, fake timers set before a time scenario starts: every request is answered', async () => {
    const mock = createHandlers({ scenarios: scenarioLoader });
    const app = await mock.app();
    await mock.playScenario('ark-unknown-comes-back', { progression: 'time', stepMs: 1_000 });
    app.respond('ark', { method: 'GET', path: '/sessions/sesn-demo/tasks', query: new URLSearchParams() });
    vi.useFakeTimers({ now: Date.UTC(2020, 0, 1) });
    const answer = app.respond('ark', {
      method: 'GET',
      path: '/sessions/sesn-demo/tasks',
      query: new URLSearchParams(),
    });
    expect(answer.status).toBe(200);
  });

  it('latency with a frozen clock: answers come after the latency in wall-clock time', async () => {
    const mock = await serve();
    await control(mock, '/latency', { ms: 3 });
    await control(mock, '/clock', { freeze: true });
    const started = performance.now();
    expect((await get(mock.base('ark/sessions/sesn-demo/tasks'))).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2);
    // In process (MSW) the same.
    const handlers = createHandlers({ latencyMs: 3 });
    handlers.clock.freeze(Date.UTC(2030, 0, 1));
    const { setupServer } = await import('msw/node');
    const server = setupServer(...handlers.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      expect((await get('https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks')).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('reset over HTTP is the in-process reset: faults, latency, seed and added sessions go back to the start', async () => {
    const mock = await serve({ seed: 11, faults: ['ark.order-newest-first'], latencyMs: 1 });
    const start = await state(mock);
    await control(mock, '/faults', { faults: ['everruns.schema'] });
    await control(mock, '/latency', { ms: 2 });
    await control(mock, '/reseed', { seed: 99 });
    await control(mock, '/tasks', { api: 'ark', session: 'sesn-a', tasks: [{ state: 'unknown' }] });
    await control(mock, '/clock', { speed: 5 });
    expect(await state(mock)).not.toEqual(start);
    expect((await control(mock, '/reset', {})).status).toBe(200);
    const after = await state(mock);
    expect({ ...after, clock: undefined }).toEqual({ ...start, clock: undefined });
    expect(after.clock).toMatchObject({ mode: 'real' });
    expect((await get(mock.base('ark/sessions/sesn-a/tasks'))).status).toBe(404);
    // The in-process reset says the same.
    await control(mock, '/faults', { faults: [] });
    await mock.app.reset();
    expect({ ...(await state(mock)), clock: undefined }).toEqual({ ...start, clock: undefined });
  });

  it('the same partial tasks fill two sessions (generated ids are unique in the whole store)', async () => {
    const mock = await serve();
    const body = (session: string) => ({ api: 'ark', session, tasks: [{ state: 'unknown' }] });
    expect((await control(mock, '/tasks', body('sesn-a'))).status).toBe(200);
    const second = await control(mock, '/tasks', body('sesn-b'));
    expect(second.status).toBe(200);
    const a = (await (await get(mock.base('ark/sessions/sesn-a/tasks'))).json()) as { items: { task_id: string }[] };
    const b = (await (await get(mock.base('ark/sessions/sesn-b/tasks'))).json()) as { items: { task_id: string }[] };
    expect(a.items).toHaveLength(1);
    expect(b.items).toHaveLength(1);
    expect(a.items[0]!.task_id).not.toBe(b.items[0]!.task_id);
    // An id the caller chose is theirs: a clash is refused, naming it.
    await control(mock, '/tasks', { api: 'ark', session: 'sesn-c', tasks: [{ task_id: 'task-mine' }] });
    const clash = await control(mock, '/tasks', { api: 'ark', session: 'sesn-d', tasks: [{ task_id: 'task-mine' }] });
    expect(clash.status).toBe(400);
    expect(((await clash.json()) as { error: string }).error).toContain(
      'task task-mine already exists in session sesn-c',
    );
  });

  it('adding tasks to an API while a scenario plays on it is a 409 that says what to do; other APIs take them as usual', async () => {
    const mock = await serve();
    await control(mock, '/scenario', { name: 'ark-unknown-comes-back' });
    const refused = await control(mock, '/tasks', { api: 'ark', session: 'sesn-x', tasks: [{ state: 'queued' }] });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /scenario "ark-unknown-comes-back" plays on ark.*\{"name": null\}/,
    );
    expect(
      (await control(mock, '/tasks', { api: 'everruns', session: 'sess-x', tasks: [{ state: 'queued' }] })).status,
    ).toBe(200);
    expect((await get(mock.base('everruns/v1/sessions/sess-x/tasks'))).status).toBe(200);
    await control(mock, '/scenario', { name: null });
    expect(
      (await control(mock, '/tasks', { api: 'ark', session: 'sesn-x', tasks: [{ state: 'queued' }] })).status,
    ).toBe(200);
    expect((await get(mock.base('ark/sessions/sesn-x/tasks'))).status).toBe(200);
  });
});

describe('the server never dies from a request', () => {
  it('an exception inside a handler is a 500 in the API error format, logged once; the next request is answered', async () => {
    const mock = await serve();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const original = mock.app.store.page.bind(mock.app.store);
    let throws = 2;
    vi.spyOn(mock.app.store, 'page').mockImplementation((...args) => {
      if (throws-- > 0) throw new Error('boom in the store');
      return original(...args);
    });
    for (const expected of [500, 500]) {
      const failed = await get(mock.base('ark/sessions/sesn-demo/tasks?limit=3'));
      expect(failed.status).toBe(expected);
      expect(await failed.json()).toMatchObject({
        error: { code: 'InternalServiceError', message: expect.stringContaining('boom in the store') },
      });
    }
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('answering an ark request');
    expect((await get(mock.base('ark/sessions/sesn-demo/tasks?limit=3'))).status).toBe(200);
  });

  it('an exception inside a control endpoint is a JSON 500 naming it; the server answers after it', async () => {
    const mock = await serve();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(mock.app, 'reseed').mockRejectedValueOnce(new Error('boom in reseed'));
    const failed = await control(mock, '/reseed', { seed: 3 });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: 'control failed: Error: boom in reseed' });
    expect((await control(mock, '/reseed', { seed: 3 })).status).toBe(200);
    expect((await get(mock.base('ark/sessions/sesn-demo/tasks'))).status).toBe(200);
  });

  it('control bodies that are not objects are refused, saying what the body is', async () => {
    const mock = await serve();
    for (const body of ['[1]', '7', '"x"', 'null', '{']) {
      const answer = await get(`${mock.server.url}/__mock/latency`, { method: 'POST', body });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(/body|JSON|latency/);
    }
  });
});

describe('CORS on the standalone server', () => {
  const page = 'http://localhost:5173';

  it('answers preflights of the API operations and echoes the Origin, on by default', async () => {
    const mock = await serve();
    const preflight = await get(mock.base('ark/sessions/sesn-demo/tasks'), {
      method: 'OPTIONS',
      headers: {
        origin: page,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(page);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization');
    const answer = await get(mock.base('ark/sessions/sesn-demo/tasks'), { headers: { origin: page } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(page);
    expect(answer.headers.get('vary')).toBe('Origin');
  });

  it('--cors false sends no CORS headers', async () => {
    const mock = await serve({}, { cors: false });
    const answer = await get(mock.base('ark/sessions/sesn-demo/tasks'), { headers: { origin: page } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the control API refuses pages of other origins (403), allows no Origin, its own origin and --control-origin', async () => {
    const mock = await serve({}, { controlOrigins: ['http://localhost:6006'] });
    const refused = await control(mock, '/faults', { faults: ['ark.order-newest-first'] }, { origin: page });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toContain(`--control-origin ${page}`);
    expect(((await state(mock)).faults as string[]).length).toBe(0);
    const preflight = await get(`${mock.server.url}/__mock/reset`, {
      method: 'OPTIONS',
      headers: { origin: page, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect((await control(mock, '/latency', { ms: 0 })).status).toBe(200);
    expect((await control(mock, '/latency', { ms: 0 }, { origin: mock.server.url })).status).toBe(200);
    const allowed = await control(mock, '/latency', { ms: 0 }, { origin: 'http://localhost:6006' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:6006');
  });
});
