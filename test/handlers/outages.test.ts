/**
 * One-shot and standing outages: the next N requests (or all) of an API, an operation or a path
 * answer an error status in the API's own format, a network error, a timeout or a delay; reset
 * clears them. In process (MockApp), through MSW, over HTTP with the control API and with a
 * Prefer header.
 */

import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, MockApp } from '../../src/apis/mock-functions.js';
import { validateResponseBody } from '../../src/contract/validate.js';
import { connectMock } from '../../src/node/control.js';
import { startServer } from '../../src/node/server.js';
import { BUILTIN } from '../helpers/apis.js';

const arkTasks = '/sessions/sesn-demo/tasks';
const get = (app: MockApp, api: 'ark' | 'praxis', path: string, prefer?: string) =>
  app.respond(api, { method: 'GET', path, query: new URLSearchParams(), ...(prefer ? { prefer } : {}) });

describe('outages in process', () => {
  it('the next N requests of an API answer the status in its own error format, then the documented answer', async () => {
    const app = await MockApp.create();
    const notFound = get(app, 'ark', '/sessions/sesn-nobody/tasks');
    expect(notFound.status).toBe(404);
    await app.setOutages([{ api: 'ark', status: 503, times: 2 }]);
    const first = get(app, 'ark', arkTasks);
    expect(first.status).toBe(503);
    // Ark's own error format: the body the spec gives its documented errors, the shape of the mock's 404.
    expect(validateResponseBody('ark', 'listTasks', 400, first.body, 'strict', BUILTIN)).toEqual([]);
    expect(Object.keys(first.body as object)).toEqual(Object.keys(notFound.body as object));
    expect(get(app, 'praxis', '/v1/sessions').status).toBe(200);
    expect(get(app, 'ark', arkTasks).status).toBe(503);
    expect(get(app, 'ark', arkTasks).status).toBe(200);
    expect((await app.state()).outages).toEqual([]);
  });

  it('a standing outage of one operation or one path holds until reset; others are untouched', async () => {
    const app = await MockApp.create();
    await app.setOutages([
      { api: 'praxis', operation: 'listSessions', status: 429, retryAfter: '2' },
      { api: 'ark', path: '/sessions/sesn-other/tasks', timeoutMs: 1500 },
    ]);
    for (let i = 0; i < 3; i++) {
      const answer = get(app, 'praxis', '/v1/sessions');
      expect(answer.status).toBe(429);
      expect(answer.headers['retry-after']).toBe('2');
    }
    expect(get(app, 'praxis', '/v1/sessions/sesn_demo/background_tasks').status).toBe(200);
    const timeout = get(app, 'ark', '/sessions/sesn-other/tasks');
    expect([timeout.status, timeout.delayMs]).toEqual([504, 1500]);
    expect(get(app, 'ark', arkTasks).status).toBe(200);
    expect((await app.state()).outages.map((a) => a.remaining)).toEqual([null, null]);
    await app.reset();
    expect((await app.state()).outages).toEqual([]);
    expect(get(app, 'praxis', '/v1/sessions').status).toBe(200);
  });

  it('a delay adds to the latency and keeps the documented answer; a network error has no answer', async () => {
    const app = await MockApp.create({ latencyMs: 5 });
    await app.setOutages([
      { delayMs: 700, times: 1 },
      { api: 'ark', networkError: true, times: 1 },
    ]);
    const delayed = get(app, 'ark', arkTasks);
    expect([delayed.status, delayed.delayMs]).toEqual([200, 705]);
    expect(get(app, 'ark', arkTasks).networkError).toBe(true);
    expect(get(app, 'ark', arkTasks)).toMatchObject({ status: 200 });
  });

  it('refuses an outage it cannot follow, saying what is wrong and what to send', async () => {
    const app = await MockApp.create();
    const refused = (outages: unknown) =>
      app.setOutages(outages as never).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    expect(await refused({ status: 503 })).toContain('outages is an array');
    expect(await refused([{ api: 'ark', status: 200 }])).toContain(
      'outages[0]: status is an error status from 400 to 599',
    );
    expect(await refused([{ api: 'ark', status: 503, networkError: true }])).toContain(
      'exactly one of status, networkError, timeoutMs or delayMs (got status, networkError)',
    );
    expect(await refused([{ api: 'ark', operation: 'listTask', status: 503 }])).toContain(
      'ark has no operation "listTask" (did you mean "listTasks"?)',
    );
    expect(await refused([{ operation: 'listTasks', status: 503 }])).toContain('give its api too');
    expect(await refused([{ api: 'ark', status: 503, time: 1 }])).toContain(
      'unknown member "time" (did you mean "times"?)',
    );
    expect(await refused([{ api: 'ark', status: 503, times: 0 }])).toContain('times is a whole number from 1');
    expect(await refused([{ delayMs: 61_000 }])).toContain('delayMs is a whole number of milliseconds from 0 to 60000');
    expect((await app.state()).outages).toEqual([]);
  });

  it('a Prefer header asks for one outage per request (Prism: code=503), and a bad value is a 400 naming it', async () => {
    const app = await MockApp.create();
    expect(get(app, 'ark', arkTasks, 'code=503').status).toBe(503);
    expect(get(app, 'ark', arkTasks, 'example=x, code=404').status).toBe(404);
    expect(get(app, 'ark', arkTasks, 'dynamic=true').status).toBe(200);
    // Prism's request for the success answer is the documented answer; another 2xx is refused.
    expect(get(app, 'ark', arkTasks, 'code=200').status).toBe(200);
    expect(get(app, 'ark', arkTasks, 'code=200, delay=300').delayMs).toBe(300);
    expect(get(app, 'ark', arkTasks, 'code=201').status).toBe(400);
    expect(get(app, 'ark', arkTasks, 'delay=300').delayMs).toBe(300);
    const timedOut = get(app, 'ark', arkTasks, 'timeout=100');
    expect(timedOut.status).toBe(504);
    // The answer says who asked for it, so a developer reading it in devtools knows where to look.
    expect(JSON.stringify(timedOut.body)).toContain('as a test asked (outages or Prefer: timeout=100)');
    expect(get(app, 'ark', arkTasks, 'network-error').networkError).toBe(true);
    const bad = get(app, 'ark', arkTasks, 'code=5o3');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Prefer: code=5o3 is neither an error status nor 200');
    expect(get(app, 'ark', arkTasks).status).toBe(200);
  });

  it('Prefer: code=200 is the documented answer even while outages are set, and leaves a one-shot outage unused', async () => {
    const app = await MockApp.create();
    await app.setOutages([{ api: 'ark', status: 503, times: 1 }]);
    expect(get(app, 'ark', arkTasks, 'code=200').status).toBe(200);
    expect(get(app, 'ark', arkTasks, 'code=200, delay=300').delayMs).toBe(300);
    expect(get(app, 'ark', arkTasks).status).toBe(503); // the one-shot outage, still there
    expect(get(app, 'ark', arkTasks).status).toBe(200);
  });
});

describe('outages through MSW', () => {
  const mock = createHandlers({ baseUrl: { ark: 'https://ark.test/api/v3' } });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen());
  afterEach(() => mock.reset());
  afterAll(() => server.close());

  it('a status, then a network error (fetch rejects), then the documented page', async () => {
    await mock.setOutages([{ api: 'ark', status: 503, times: 1 }]);
    expect((await fetch(`https://ark.test/api/v3${arkTasks}`)).status).toBe(503);
    await mock.setOutages([{ api: 'ark', operation: 'listTasks', networkError: true, times: 1 }]);
    await expect(fetch(`https://ark.test/api/v3${arkTasks}`)).rejects.toThrow();
    expect((await fetch(`https://ark.test/api/v3${arkTasks}`)).status).toBe(200);
    const prefer = await fetch(`https://ark.test/api/v3${arkTasks}`, { headers: { prefer: 'code=502' } });
    expect(prefer.status).toBe(502);
  });
});

describe('outages over HTTP', () => {
  it('the control API and the Node client set them, Prefer asks per request, a network error drops the connection', async () => {
    const server = await startServer(await MockApp.create(), { host: '127.0.0.1', port: 0 });
    try {
      const mock = await connectMock(server.url);
      await mock.setOutages([{ api: 'ark', status: 503, times: 1 }]);
      expect((await fetch(`${server.url}/ark${arkTasks}`)).status).toBe(503);
      expect((await fetch(`${server.url}/ark${arkTasks}`)).status).toBe(200);
      const prefer = await fetch(`${server.url}/ark${arkTasks}`, { headers: { prefer: 'code=503' } });
      expect(prefer.status).toBe(503);
      await mock.setOutages([{ api: 'ark', networkError: true }]);
      await expect(fetch(`${server.url}/ark${arkTasks}`, { signal: AbortSignal.timeout(5000) })).rejects.toThrow();
      expect((await mock.state()).outages).toEqual([
        { api: 'ark', operation: null, path: null, remaining: null, kind: { networkError: true } },
      ]);
      const refused = await fetch(`${server.url}/__mock/outages`, {
        method: 'POST',
        body: JSON.stringify({ outages: [{ api: 'arc', status: 503 }] }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toContain(
        'outages[0]: api is one of praxis, everruns, ark, jsonrpc, langgraph, a2a, mcp (got "arc")',
      );
      await mock.reset();
      expect((await fetch(`${server.url}/ark${arkTasks}`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
