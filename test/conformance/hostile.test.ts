import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY } from '../../src/conformance/context.js';
import { DEFAULT_CONSECUTIVE_TIMEOUTS, THROTTLE_RETRIES } from '../../src/conformance/limits.js';
import {
  type ConformanceOptions,
  type ConformanceResult,
  render,
  renderJson,
  renderJunit,
  renderText,
  runConformance,
} from '../../src/entries/conformance.js';
import { arkTask } from '../fixtures.js';
import { cli } from '../helpers/cli.js';
import { endless, forward, gzipBomb, hostile, peakRssGrowth, sendJson, trickle } from '../helpers/hostile.js';
import { startMock } from '../helpers/mock-server.js';

// A server that answers at all answers within 3 s even on a loaded machine; the tests of timeouts set their own.
const quick = { runs: 10, polls: 1, timeoutMs: 3_000, seed: 9 } as const;
const arkItem = (n: number) => ({
  ...arkTask(),
  task_id: `task-${n}`,
  session_id: 'sesn-x',
  created_at: 1_764_410_400_000 - n * 1000,
  started_at: 1_764_410_400_000 - n * 1000 + 5,
});

/** A quick run on the Ark demo session through `server`, a proxy in front of `mock`; both are closed after. */
async function conformThrough(
  server: Awaited<ReturnType<typeof hostile>>,
  mock: Awaited<ReturnType<typeof startMock>>,
): Promise<ConformanceResult> {
  const result = await runConformance({
    api: 'ark',
    baseUrl: `${server.url}/ark`,
    session: 'sesn-demo',
    ...quick,
    timeoutMs: 5000,
  });
  await server.close();
  await mock.server.close();
  return result;
}

describe('hostile endpoints end in a clear verdict within the budget', () => {
  it('an unreachable endpoint exits 2 and says so', async () => {
    const server = await hostile((_req, res) => res.end());
    const url = server.url;
    await server.close();
    const result = await runConformance({ api: 'ark', baseUrl: `${url}/ark`, session: 'sesn-x', ...quick });
    expect(result.exitCode).toBe(2);
    expect(result.error).toMatch(/could not be reached.*ECONNREFUSED/);
  });

  it('HTML error pages and 500s are server errors, reported against the request', async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Internal Server Error</h1></body></html>');
    });
    const result = await runConformance({ api: 'ark', baseUrl: `${server.url}/ark`, session: 'sesn-x', ...quick });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.map((v) => v.law)).toContain('ark.not-a-server-error');
    expect(result.violations[0]!.curl).toMatch(/^curl -sS 'http:\/\/127\.0\.0\.1:\d+\/ark\/sessions\/sesn-x\/tasks/);
  });

  it('a 200 that is not JSON fails the status check', async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    // Some hundred requests, none about time: a loaded machine must not time three of them out in a row.
    const result = await runConformance({ api: 'jsonrpc', baseUrl: `${server.url}/rpc`, ...quick, timeoutMs: 5000 });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.find((v) => v.law === 'jsonrpc.content-type')?.message).toMatch(/not JSON/);
  });

  it('a response that never ends times out per request and is judged', async () => {
    const server = await hostile((req, res) => {
      if (req.url?.includes('limit=') || req.url?.includes('cursor=')) return sendJson(res, 200, { items: [] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items": [');
      // never ends
    });
    const started = Date.now();
    const result = await runConformance({
      api: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 30,
      timeoutMs: 400,
      // Judged request by request here; the stop after timeouts in a row has its own tests below.
      maxConsecutiveTimeouts: 1000,
    });
    await server.close();
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.exitCode).toBe(1);
    expect(result.violations.find((v) => v.law === 'ark.transport')?.message).toMatch(
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
      api: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      timeoutMs: 5000,
      maxBodyBytes: 100_000,
    });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.find((v) => v.law === 'ark.transport')?.message).toMatch(/over 100000 bytes/);
    // A body that was never read is not said to be anything else (it is JSON, labelled as such).
    expect(result.violations.map((v) => v.law)).not.toContain('ark.content-type');
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
      api: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 80,
    });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.map((v) => v.law)).toContain('ark.transport');
  });

  it('a connection closed before the answer is sent again once: a correct server behind it passes', async () => {
    // The race of a kept-alive connection the server times out as a request goes out, made certain:
    // the first request for each URL has its connection closed unanswered, the second reaches the mock.
    const mock = await startMock();
    const seen = new Set<string>();
    let closed = 0;
    const server = await hostile((req, res) => {
      if (!seen.has(req.url!)) {
        seen.add(req.url!);
        closed++;
        req.socket.destroy();
        return;
      }
      void forward(res, `${mock.server.url}${req.url}`);
    });
    const result = await conformThrough(server, mock);
    expect(closed).toBeGreaterThan(10);
    expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it('a cursor too long for a JavaScript number goes back digit for digit: a correct server behind it passes', async () => {
    // Ark's next_cursor is an integer passed back “原样” (unchanged): here 18 digits, past 2^53, so
    // JSON.parse rounds it. The proxy refuses any long cursor it did not give out.
    const mock = await startMock();
    const given = new Map<string, string>();
    let returned = 0;
    const long = (cursor: string) => `9${cursor.padStart(17, '0')}`;
    const server = await hostile((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const cursor = url.searchParams.get('cursor');
      if (cursor !== null && cursor.length >= 16) {
        const short = given.get(cursor);
        if (short === undefined) return sendJson(res, 400, { error: { code: 'InvalidParameter', message: cursor } });
        returned++;
        url.searchParams.set('cursor', short);
      }
      void forward(res, `${mock.server.url}${url.pathname}${url.search}`, (body) =>
        body.replace(/"next_cursor":(\d+)/, (_, short: string) => {
          given.set(long(short), short);
          return `"next_cursor":${long(short)}`;
        }),
      );
    });
    const result = await conformThrough(server, mock);
    expect(given.size).toBeGreaterThan(0);
    expect(returned).toBeGreaterThan(0);
    expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it('a cursor refused once its task left the list ends the walk unjudged; one whose task is listed is judged', async () => {
    // JSON-RPC: the last task of the first page is deleted as soon as that page has been answered; a
    // cursor naming it then gets the mock's 422, as for any task the list does not hold. A page is
    // asked of the mock one task longer, so that it stays as full without the deleted one.
    const run = async (deleted: boolean) => {
      const mock = await startMock();
      let gone: string | undefined;
      const server = await hostile((req, res) => {
        const url = new URL(req.url!, 'http://x');
        const after = url.searchParams.get('starting_after') ?? url.searchParams.get('ending_before');
        if (gone !== undefined && after === gone)
          return sendJson(res, 422, {
            detail: [{ loc: ['query', 'starting_after'], msg: `No task ${gone}`, type: 'value_error' }],
          });
        const asked = new URL(url);
        const limit = url.searchParams.get('limit');
        if (deleted && gone !== undefined && /^\d+$/.test(limit ?? ''))
          asked.searchParams.set('limit', String(Number(limit) + 1));
        void forward(res, `${mock.server.url}${asked.pathname}${asked.search}`, (text) => {
          const body = JSON.parse(text) as { result?: { id: string }[] };
          if (!Array.isArray(body.result)) return text;
          if (gone === undefined && url.search === '' && body.result.length > 0) {
            gone = body.result.at(-1)!.id;
            return text;
          }
          if (deleted) body.result = body.result.filter((task) => task.id !== gone).slice(0, Number(limit ?? Infinity));
          return JSON.stringify(body);
        });
      });
      const result = await runConformance({
        api: 'jsonrpc',
        baseUrl: `${server.url}/jsonrpc`,
        ...quick,
        timeoutMs: 5000,
      });
      await server.close();
      await mock.server.close();
      return result;
    };
    const left = await run(true);
    expect(left.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
    expect(left.notes.some((note) => /had left the list/.test(note))).toBe(true);
    // Still listed, its cursor refused: the server's violation.
    const listed = await run(false);
    expect(listed.violations.map((v) => v.law)).toContain('jsonrpc.status-code');
  });

  it('a server refusing limits above 25 (no maximum is documented) passes: no page size past the default is judged', async () => {
    // 90 tasks: the page-size probe walks a third of the list, 30 a page, past Ark's default of 20.
    const mock = await startMock({ sessionTasks: { ark: 90 } });
    const refusedAt = new Set<string>();
    const server = await hostile((req, res) => {
      const limit = Number(new URL(req.url!, 'http://x').searchParams.get('limit') ?? 0);
      if (limit > 25) {
        refusedAt.add(String(limit));
        return sendJson(res, 400, { error: { code: 'InvalidParameter', message: 'limit must be at most 25' } });
      }
      void forward(res, `${mock.server.url}${req.url}`);
    });
    const result = await conformThrough(server, mock);
    expect(refusedAt.has('30')).toBe(true);
    expect(result.violations.map((v) => `${v.law}: ${v.message} — ${v.curl}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it('a filter that matches the beginning of a value (thread-1 for thread-17) is caught', async () => {
    const mock = await startMock();
    const sent = new Set<string>();
    const server = await hostile((req, res) => {
      const url = new URL(req.url!, mock.server.url);
      const thread = url.searchParams.get('session_thread_id');
      if (thread === null) return void forward(res, `${mock.server.url}${req.url}`);
      sent.add(thread);
      url.searchParams.delete('session_thread_id');
      void fetch(url).then(async (answer) => {
        const body = (await answer.json()) as { items?: { session_thread_id?: string }[] };
        const items = body.items?.filter((item) => item.session_thread_id?.startsWith(thread));
        sendJson(res, answer.status, items ? { ...body, items } : body);
      });
    });
    const result = await conformThrough(server, mock);
    const caught = result.violations.filter((v) => v.law === 'ark.filter-session_thread_id');
    expect(caught.length, [...sent].join(', ')).toBeGreaterThan(0);
    // The value caught is a listed thread id cut short by its last character.
    const cut = [...sent].find((value) => [...sent].some((other) => other !== value && other.startsWith(value)));
    expect(cut, [...sent].join(', ')).toBeDefined();
    expect(caught.some((v) => v.curl.includes(`session_thread_id=${encodeURIComponent(cut!)}`))).toBe(true);
    expect(result.exitCode).toBe(1);
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
      api: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 400,
    });
    await server.close();
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.requests).toBeLessThanOrEqual(400);
    expect(result.exitCode).not.toBe(2);
    expect(result.notes.join('\n')).toMatch(
      /listTasks: stopped following pages after 40 pages of .*one walk follows at most 40 pages/,
    );
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
      api: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 400,
    });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(result.violations.map((v) => v.law)).toEqual(
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
      api: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 5,
      timeoutMs: 2000,
    });
    await server.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(result.violations.map((v) => v.law)).toContain('ark.not-a-server-error');
  });

  it('never follows a redirect to another host, so credentials stay where they were sent', async () => {
    const elsewhere = await hostile((_req, res) => sendJson(res, 200, { items: [] }));
    const server = await hostile((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url.replace('127.0.0.1', 'localhost')}/steal` });
      res.end();
    });
    const result = await runConformance({
      api: 'ark',
      baseUrl: `${server.url}/ark`,
      session: 'sesn-x',
      ...quick,
      maxRequests: 20,
      headers: { Authorization: 'Bearer sk-live-very-secret' },
    });
    await server.close();
    await elsewhere.close();
    expect(elsewhere.requests()).toBe(0);
    expect(result.violations.find((v) => v.law === 'ark.transport')?.message).toMatch(
      /redirect to http:\/\/localhost:\d+ not followed/,
    );
  });

  it('honours --max-requests and --rps', async () => {
    const server = await hostile((_req, res) => sendJson(res, 200, { items: [] }));
    const started = Date.now();
    const result = await runConformance({
      api: 'ark',
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

/** A short Ark run against a hostile server on 127.0.0.1, through the CLI (`cli`) or the API (`runArk`). */
const conformArgs = (url: string) => [
  'conform',
  '--api',
  'ark',
  '--base-url',
  `${url}/ark`,
  '--session',
  'sesn-x',
  '--runs',
  '5',
  '--seed',
  '9',
];
const runArk = (url: string, options: Partial<ConformanceOptions> = {}) =>
  runConformance({ api: 'ark', baseUrl: `${url}/ark`, session: 'sesn-x', ...quick, ...options });
const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
};
const transportMessage = (result: ConformanceResult) =>
  result.violations.find((v) => v.law === 'ark.transport')?.message;

describe('runs that end: a stalled, trickling or endless API ends the run in bounded time and memory', () => {
  it('an API that accepts and never answers: exit 2 after 3 timeouts in a row, "the endpoint stopped answering"', async () => {
    const server = await hostile(() => {}); // never answers
    const { value: run, ms } = await timed(() =>
      cli(
        ...conformArgs(server.url),
        ...['--polls', '1', '--timeout', '150', '--max-consecutive-timeouts', '3', '--concurrency', '1'],
      ),
    );
    await server.close();
    expect(run.code).toBe(2);
    expect(ms).toBeLessThan(15_000);
    expect(server.requests()).toBe(3);
    expect(run.out).toMatch(
      /^INCOMPLETE: the endpoint stopped answering after \d+ ms and 3 requests: 3 requests in a row got no complete response within 150 ms \(the last: GET http:\/\/127\.0\.0\.1:\d+\/ark\/sessions\/sesn-x\/tasks/m,
    );
    expect(run.out).toMatch(/raise --timeout or --max-consecutive-timeouts/);
    // What was judged until then is still reported: the three timeouts, against the transport law.
    expect(run.out).toMatch(/✗ ark\.transport \(3 times\)\n {2}no complete response within 150 ms/);
  });

  it('at the default concurrency the stop comes as soon: only the requests already in flight go out', async () => {
    const server = await hostile(() => {}); // never answers
    const { value: result, ms } = await timed(() => runArk(server.url, { timeoutMs: 150 }));
    await server.close();
    expect(result.exitCode).toBe(2);
    expect(ms).toBeLessThan(15_000);
    expect(server.requests()).toBeLessThanOrEqual(DEFAULT_CONSECUTIVE_TIMEOUTS + DEFAULT_CONCURRENCY);
    expect(result.incomplete).toMatch(/^the endpoint stopped answering .*3 requests in a row/);
  });

  it('an API that answers only 429: exit 2 once a request is throttled on every retry, "the endpoint kept refusing"', async () => {
    const server = await hostile((_req, res) => sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '1' }));
    const { value: run, ms } = await timed(() =>
      cli(...conformArgs(server.url), '--max-retry-wait', '50', '--report', 'json'),
    );
    await server.close();
    expect(run.code).toBe(2);
    expect(ms).toBeLessThan(15_000);
    const report = JSON.parse(run.out) as ConformanceResult;
    expect(report.incomplete).toMatch(
      new RegExp(
        '^the endpoint kept refusing after \\d+ ms and \\d+ requests: GET http://127\\.0\\.0\\.1:\\d+/ark/sessions/' +
          `sesn-x/tasks\\S* got 429 ${THROTTLE_RETRIES + 1} times in a row \\(the last with Retry-After: 1\\), ` +
          'each waited out; .*raise --max-retry-wait$',
      ),
    );
    // Never judged: a server that only throttles passes nothing and breaks nothing.
    expect([report.violations, report.counts.passed]).toEqual([[], 0]);
    expect(report.waited?.times).toBeGreaterThanOrEqual(THROTTLE_RETRIES);
    expect(run.err).toMatch(/^agent-task-contracts conform: INCOMPLETE: the endpoint kept refusing/);
  });

  it('an API that sends a byte every 50 ms: the per-request timeout cuts the body; exit 2 after 3', async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items": [');
      trickle(res, 50);
    });
    const { value: run, ms } = await timed(() =>
      cli(...conformArgs(server.url), '--polls', '1', '--timeout', '200', '--report', 'json', '--concurrency', '1'),
    );
    await server.close();
    expect(run.code).toBe(2);
    expect(ms).toBeLessThan(15_000);
    expect(server.requests()).toBe(3); // the default --max-consecutive-timeouts
    const report = JSON.parse(run.out) as ConformanceResult;
    expect(report.exitCode).toBe(2);
    expect(report.incomplete).toMatch(/^the endpoint stopped answering .*no complete response within 200 ms/);
    expect(report.laws.length).toBeGreaterThan(0);
    // A JSON report on stdout: the reason also reaches the CI log on stderr.
    expect(run.err).toMatch(/^agent-task-contracts conform: INCOMPLETE: the endpoint stopped answering/);
  });

  it('an API that stalls mid-run: every report says what was judged until then', async () => {
    const server = await hostile((_req, res, n) => {
      if (n <= 4) sendJson(res, 200, { items: [] });
    });
    const result = await runArk(server.url, { timeoutMs: 500, maxConsecutiveTimeouts: 2, concurrency: 1 });
    await server.close();
    expect(result.exitCode).toBe(2);
    expect(result.requests).toBe(6);
    expect(result.laws.find((r) => r.id === 'ark.response-schema')?.outcome).toBe('passed');
    expect(result.incomplete).toMatch(/stopped answering after \d+ ms and 6 requests: 2 requests in a row/);
    for (const format of ['text', 'json', 'junit', 'html'] as const)
      expect(render(result, format)).toContain('the endpoint stopped answering');
  });

  it('a bound that cannot end a run is a configuration error, before any request', async () => {
    const nowhere = 'http://127.0.0.1:9'; // never asked: the options are refused first
    const zero = await runArk(nowhere, { deadlineMs: 0 });
    expect(zero.exitCode).toBe(2);
    expect(zero.error).toBe('--deadline must be a positive number of ms, got 0');
    const half = await runArk(nowhere, { maxConsecutiveTimeouts: 1.5 });
    expect(half.error).toBe('--max-consecutive-timeouts must be a whole number from 1, got 1.5');
    expect((await cli(...conformArgs(nowhere), '--deadline', '0')).err).toMatch(
      /--deadline must be between 1 and 86400000, got 0/,
    );
  });

  it('--deadline ends the run, even in a wait between polls: exit 2, INCOMPLETE naming the deadline', async () => {
    const server = await hostile((_req, res) => sendJson(res, 200, { items: [] }));
    const { value: run, ms } = await timed(() =>
      cli(...conformArgs(server.url), '--polls', '2', '--poll-interval', '3600000', '--deadline', '1200'),
    );
    await server.close();
    expect(run.code).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(1100);
    expect(ms).toBeLessThan(15_000);
    expect(run.out).toMatch(
      /^INCOMPLETE: the deadline \(--deadline 1200 ms\) was reached after \d+ ms and \d+ requests; the laws below are what was judged until then; a larger --deadline lets the run finish$/m,
    );
    expect(run.out).toMatch(/\d+ passed/);
  });

  const brotli = (size: number) =>
    brotliCompressSync(Buffer.alloc(size), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  const encoded = (encoding: string, body: Buffer) => (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
    res.end(body);
  };
  // On the wire each bomb is below the 1 MiB cap; decompressed it is far above it (the gzip one
  // inflates to 512 MiB: read whole, one answer would grow the process by as much).
  it.each([
    ['a gzip bomb (0.5 MB inflating to 512 MiB)', encoded('gzip', gzipBomb(32))],
    ['a br bomb (8 MiB from 100 bytes)', encoded('br', brotli(8 * 1024 * 1024))],
    ['a deflate bomb (8 MiB from 8 KB)', encoded('deflate', deflateSync(Buffer.alloc(8 * 1024 * 1024)))],
    [
      'an endless body (no content-length, never ends)',
      (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        endless(res, Buffer.alloc(64 * 1024, ' '));
      },
    ],
  ])('%s is cut at the cap on decompressed bytes, in bounded time and memory', async (_name, answer) => {
    const server = await hostile((_req, res) => answer(res));
    const { value, growth } = await peakRssGrowth(() =>
      // A loaded machine may take over the quick 400 ms to inflate a megabyte: the cap, not a timeout, must end it.
      timed(() => runArk(server.url, { maxBodyBytes: 1024 * 1024, maxRequests: 6, timeoutMs: 3_000 })),
    );
    await server.close();
    expect(value.value.exitCode).toBe(1);
    expect(value.ms).toBeLessThan(20_000);
    expect(transportMessage(value.value)).toBe('response body over 1048576 bytes; not read further');
    expect(growth).toBeLessThan(200 * 1024 * 1024);
  });

  it.each([
    [
      'a redirect loop on the same origin',
      (url: URL) => (url.pathname === '/b' ? '/c' : '/b'),
      'redirect loop (/ark/sessions/sesn-x/tasks → /b → /c → /b): not followed further',
    ],
    [
      'an endless chain of fresh same-origin redirects',
      (url: URL) => `/next?hop=${Number(url.searchParams.get('hop') ?? 0) + 1}`,
      'more than 3 redirects (/ark/sessions/sesn-x/tasks → /next → /next → /next → /next): not followed further',
    ],
  ])('%s is a transport finding, not followed round and round', async (_name, next, message) => {
    const server = await hostile((req, res) => {
      res.writeHead(302, { location: next(new URL(req.url!, 'http://x')) });
      res.end();
    });
    const result = await runArk(server.url, { maxRequests: 20 });
    await server.close();
    expect(result.exitCode).toBe(1);
    expect(transportMessage(result)).toBe(message);
    expect(server.requests()).toBe(result.requests);
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
      api: 'ark',
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
