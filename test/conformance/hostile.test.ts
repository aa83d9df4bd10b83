import { describe, expect, it } from 'vitest';
import { renderJson, renderJunit, renderText, runConformance } from '../../src/conformance/index.js';
import { arkTask } from '../fixtures.js';
import { hostile, sendJson } from '../helpers/hostile.js';

const quick = { runs: 10, polls: 1, timeoutMs: 400, seed: 9 } as const;
const arkItem = (n: number) => ({
  ...arkTask(),
  task_id: `task-${n}`,
  session_id: 'sesn-x',
  created_at: 1_764_410_400_000 - n * 1000,
  started_at: 1_764_410_400_000 - n * 1000 + 5,
});

describe('hostile endpoints end in a clear verdict within the budget', () => {
  it('an unreachable endpoint exits 2 and says so', async () => {
    const server = await hostile((_req, res) => res.end());
    const url = server.url;
    await server.close();
    const result = await runConformance({ face: 'ark', baseUrl: `${url}/ark`, session: 'sesn-x', ...quick });
    expect(result.exitCode).toBe(2);
    expect(result.error).toMatch(/could not be reached.*ECONNREFUSED/);
  });

  it('HTML error pages and 500s are server errors, reported against the request', async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Internal Server Error</h1></body></html>');
    });
    const result = await runConformance({ face: 'ark', baseUrl: `${server.url}/ark`, session: 'sesn-x', ...quick });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.map((v) => v.rule)).toContain('ark.not-a-server-error');
    expect(result.violations[0]!.curl).toMatch(/^curl -sS 'http:\/\/127\.0\.0\.1:\d+\/ark\/sessions\/sesn-x\/tasks/);
  });

  it('a 200 that is not JSON fails the status check', async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    const result = await runConformance({ face: 'jsonrpc', baseUrl: `${server.url}/rpc`, ...quick });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.find((v) => v.rule === 'jsonrpc.content-type')?.message).toMatch(/not JSON/);
  });

  it('a response that never ends times out per request and the run still ends', async () => {
    const server = await hostile((req, res) => {
      if (req.url?.includes('limit=') || req.url?.includes('cursor=')) return sendJson(res, 200, { items: [] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items": [');
      // never ends
    });
    const started = Date.now();
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 30,
    });
    await server.close();
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.exitCode).toBe(1);
    expect(result.violations.find((v) => v.rule === 'ark.transport')?.message).toMatch(
      /no complete response within 400 ms/,
    );
  });

  it('a huge body is cut at the cap', async () => {
    const big = JSON.stringify({ items: [], padding: 'x'.repeat(300_000) });
    const server = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(big);
    });
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxBodyBytes: 100_000,
    });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.find((v) => v.rule === 'ark.transport')?.message).toMatch(/over 100000 bytes/);
  });

  it('a connection reset mid-run is reported, not a crash', async () => {
    const server = await hostile((req, res, n) => {
      if (n > 1) {
        req.socket.destroy();
        return;
      }
      sendJson(res, 200, { items: [arkItem(1)] });
    });
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 80,
    });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.map((v) => v.rule)).toContain('ark.transport');
  });

  it('endless paging (a cursor forever, fresh items every page) stops at the page cap with a note', async () => {
    const server = await hostile((req, res, n) => {
      const url = new URL(req.url!, 'http://x');
      if (
        url.searchParams.get('limit') === '-1' ||
        url.searchParams.get('limit') === 'abc' ||
        url.searchParams.get('cursor') === '-1' ||
        url.searchParams.get('cursor') === 'abc'
      )
        return sendJson(res, 400, { error: { code: 'x', message: 'bad' } });
      if (!url.pathname.includes('sesn-x')) return sendJson(res, 404, { error: { code: 'x', message: 'no session' } });
      sendJson(res, 200, { items: [arkItem(n)], next_cursor: n });
    });
    const started = Date.now();
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 400,
    });
    await server.close();
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.requests).toBeLessThanOrEqual(400);
    expect(result.notes.join('\n')).toMatch(/stopped following pages after \d+ pages|budget/);
  });

  it('endless paging over the same page is a violation (cursor repeats, items repeat)', async () => {
    const server = await hostile((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (!url.pathname.includes('sesn-x')) return sendJson(res, 404, {});
      if (url.searchParams.has('limit') && !/^\d+$/.test(url.searchParams.get('limit')!)) return sendJson(res, 400, {});
      if (url.searchParams.has('cursor') && !/^\d+$/.test(url.searchParams.get('cursor')!))
        return sendJson(res, 400, {});
      sendJson(res, 200, { items: [arkItem(1)], next_cursor: 7 });
    });
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 400,
    });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.map((v) => v.rule)).toEqual(
      expect.arrayContaining(['ark.paging-terminates', 'ark.no-duplicates-across-pages']),
    );
  });

  it('honours 429 Retry-After and then judges the real answer', async () => {
    const server = await hostile((_req, res, n) => {
      if (n === 1) return sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '1' });
      sendJson(res, 500, {});
    });
    const started = Date.now();
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 5,
      timeoutMs: 2000,
    });
    await server.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(result.violations.map((v) => v.rule)).toContain('ark.not-a-server-error');
  });

  it('never follows a redirect to another host, so credentials stay where they were sent', async () => {
    const elsewhere = await hostile((_req, res) => sendJson(res, 200, { items: [] }));
    const server = await hostile((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url.replace('127.0.0.1', 'localhost')}/steal` });
      res.end();
    });
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 20,
      headers: { Authorization: 'Bearer sk-live-very-secret' },
    });
    await server.close();
    await elsewhere.close();
    expect(elsewhere.requests()).toBe(0);
    expect(result.violations.find((v) => v.rule === 'ark.transport')?.message).toMatch(
      /redirect to http:\/\/localhost:\d+ not followed/,
    );
  });

  it('honours --max-requests and --rps', async () => {
    const server = await hostile((_req, res) => sendJson(res, 200, { items: [] }));
    const started = Date.now();
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 12,
      rps: 20,
    });
    await server.close();
    expect(server.requests()).toBeLessThanOrEqual(12);
    expect(result.requests).toBeLessThanOrEqual(12);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500); // 12 requests at 20/s
    expect(result.notes.join('\n')).toMatch(/budget/);
  });
});

describe('secrets never reach any output', () => {
  it('header values are sent but appear in no report, event or curl command', async () => {
    const secret = 'sk-ant-api03-SECRET-value-42';
    const cookie = 'session=topsecretcookie';
    const events: string[] = [];
    const server = await hostile((req, res) => {
      // A hostile server that echoes the credential back in its body.
      sendJson(res, 500, { error: `bad key ${String(req.headers['x-api-key'])}`, auth: req.headers.authorization });
    });
    const result = await runConformance({
      face: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 30,
      headers: {
        'X-Api-Key': secret,
        Authorization: `Bearer ${secret}`,
        Cookie: cookie,
        'X-Custom': 'custom-credential-9',
      },
      onEvent: (e) => events.push(JSON.stringify(e)),
    });
    await server.close();
    expect(server.seen[0]!.headers['x-api-key']).toBe(secret);
    const outputs = [renderText(result), renderJson(result), renderJunit(result), ...events];
    for (const text of outputs) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('topsecretcookie');
      expect(text).not.toContain('custom-credential-9');
    }
    expect(renderText(result)).toContain('-H "X-Api-Key: $ATC_HEADER_X_API_KEY"');
  });
});
