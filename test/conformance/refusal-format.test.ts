/**
 * A value no document refuses may still be refused, and then in the API's error format, which
 * the documents state for every error (004: "错误按 Anthropic 错误格式返回"; 003: the 422 `detail`
 * list of loc, msg and type). Found by red-teaming: a server refusing `limit=abc` on the session
 * list in FastAPI's shape, or a bad `status` with detail items lacking `type`, passed.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskOperation } from '../../src/contract/operations.js';
import { runConformance } from '../../src/entries/conformance.js';
import { BUILTIN } from '../helpers/apis.js';
import { startMock } from '../helpers/mock-server.js';

type Rewrite = (path: string, query: URLSearchParams) => { status: number; body: unknown } | undefined;

/** A server that answers as the mock does, but for the requests `rewrite` answers itself. */
async function serverOver(upstream: string, rewrite: Rewrite) {
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const own = rewrite(url.pathname, url.searchParams);
    if (own) {
      response.writeHead(own.status, { 'content-type': 'application/json' }).end(JSON.stringify(own.body));
      return;
    }
    const answer = await fetch(`${upstream}${url.pathname}${url.search}`);
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock.server.close());

const run = (api: 'praxis' | 'jsonrpc', baseUrl: string) =>
  runConformance({ api, baseUrl, seed: 5, runs: 20, polls: 1, pollIntervalMs: 1 });

describe('a refusal of a value no document bounds is held to the error format', () => {
  it('Praxis: limit=abc refused with a FastAPI body on the session list', async () => {
    const fastapi = { detail: [{ loc: ['query', 'limit'], msg: 'not a number', type: 'value_error' }] };
    const server = await serverOver(mock.server.url, (path, query) =>
      path === '/praxis/v1/sessions' && query.get('limit') === 'abc' ? { status: 400, body: fastapi } : undefined,
    );
    try {
      const result = await run('praxis', `${server.url}/praxis`);
      expect(result.violations.map((v) => v.law)).toContain('praxis.sessions.error-format');
      expect(result.exitCode).toBe(1);
    } finally {
      server.close();
    }
  });

  it('JSON-RPC: a bad status refused with 422 detail items that lack type', async () => {
    const server = await serverOver(mock.server.url, (path, query) =>
      path === '/jsonrpc/tasks' && isUndocumented(query)
        ? { status: 422, body: { detail: [{ loc: ['query', 'status'], msg: 'Input should be a state' }] } }
        : undefined,
    );
    try {
      const result = await run('jsonrpc', `${server.url}/jsonrpc`);
      expect(result.violations.map((v) => v.law)).toContain('jsonrpc.error-format');
    } finally {
      server.close();
    }
  });

  it('a server refusing those values in its own documented format passes', async () => {
    const anthropic = { type: 'error', error: { type: 'invalid_request_error', message: 'limit: not a number' } };
    // Another server's own words, in the documented shape.
    const server = await serverOver(mock.server.url, (path, query) =>
      path === '/praxis/v1/sessions' && query.get('limit') === 'abc'
        ? { status: 400, body: { ...anthropic, request_id: 'req_1' } }
        : undefined,
    );
    try {
      const result = await run('praxis', `${server.url}/praxis`);
      expect(result.violations.map((v) => v.law)).not.toContain('praxis.sessions.error-format');
      expect(result.laws.find((r) => r.id === 'praxis.sessions.error-format')?.judged).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});

const STATES = taskOperation('jsonrpc', BUILTIN).lifecycle!.states;
/** A status value that is none of the documented states. */
const isUndocumented = (query: URLSearchParams) =>
  query.getAll('status').some((value) => value.split(',').some((s) => !STATES.includes(s.trim())));
