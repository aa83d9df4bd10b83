/**
 * A throttle (a 429, or a 503 with Retry-After) is transport, never the contract: the runner waits
 * it out, sends fewer requests at once, and gives a correct server that limits its rate the verdict
 * it gives the same server without the limit. Only a request throttled on every retry ends the run,
 * as "the endpoint kept refusing" (exit 2), never as a violation. Waits are cut short here
 * (`maxRetryWaitMs`), so that each run takes seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { type ConformanceResult, renderJson, renderText, runConformance } from '../../src/entries/conformance.js';
import { forward, hostile, sendJson, throttling } from '../helpers/hostile.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';

/** What a verdict is made of: the exit code, each rule's outcome and subjects judged, each violation. */
const verdict = (r: ConformanceResult) => ({
  exitCode: r.exitCode,
  error: r.error,
  incomplete: r.incomplete,
  laws: r.laws.map((law) => `${law.id}: ${law.outcome}, ${law.judged} judged`),
  violations: r.violations.map((v) => `${v.law}: ${v.message}`),
});

/** An HTTP-date `ms` from now, as a server writes it (IMF-fixdate). */
const dateIn = (ms: number) => new Date(Date.now() + ms).toUTCString();

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

const quick = { runs: 20, polls: 2, pollIntervalMs: 20, seed: 5, timeoutMs: 5_000, maxRetryWaitMs: 50 } as const;
const path = (api: string) => new URL(mock.base(api)).pathname;

describe('a correct server that serves two requests at once and throttles the rest', () => {
  for (const api of BUILTIN_API_NAMES) {
    it(`${api}: the verdict and the subjects judged are those of the same server without the limit`, async () => {
      const session = DEMO_SESSIONS[api];
      const open = await runConformance({ api, baseUrl: mock.base(api), session, ...quick });
      // Retry-After as an HTTP-date one second ahead on every other 429, in seconds on the rest.
      // MCP's run (no filter, no page size to vary) has no more than two requests in flight: it gets one.
      const proxy = await throttling(mock.server.url, api === 'mcp' ? 1 : 2, (n) =>
        n % 2 === 0 ? dateIn(1000) : String(n % 3 === 0 ? 1 : 0),
      );
      const limited = await runConformance({ api, baseUrl: `${proxy.url}${path(api)}`, session, ...quick });
      await proxy.close();
      expect(open.exitCode).toBe(0);
      expect(proxy.throttled()).toBeGreaterThan(0);
      expect(verdict(limited)).toEqual(verdict(open));
      expect(limited.waited?.times).toBeGreaterThanOrEqual(proxy.throttled());
      expect(limited.notes.join('\n')).toMatch(
        /the endpoint throttled requests \d+ times \(a 429, or a 503 with Retry-After\): each was waited out and sent again, [\d.]+ s of waiting in all; requests in flight went down to [12] \(of 8\)/,
      );
    });
  }
});

describe('throttles now and then, and what is not one', () => {
  it('a 503 with Retry-After is waited out; one without it is a server error the laws judge', async () => {
    const run = async (retryAfter: Record<string, string>) => {
      let answered = 0;
      // A request sent again after its 503 is answered: every fifth answer to a fresh one could otherwise fall
      // on the same request seven times in a row, a server that keeps refusing it (exit 2), as CI once saw.
      const refused = new Set<string>();
      const server = await hostile((req, res) => {
        if (answered++ % 5 === 0 && !refused.has(req.url!)) {
          refused.add(req.url!);
          return sendJson(res, 503, { error: 'busy' }, retryAfter);
        }
        void forward(res, `${mock.server.url}${req.url}`);
      });
      const result = await runConformance({ api: 'ark', baseUrl: `${server.url}/ark`, session: 'sesn-demo', ...quick });
      await server.close();
      return result;
    };
    const waited = await run({ 'retry-after': dateIn(1000) });
    expect(waited.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
    expect(waited.exitCode, `${waited.error ?? ''} ${waited.incomplete ?? ''}`).toBe(0);
    expect(waited.waited?.times).toBeGreaterThan(0);
    const judged = await run({});
    // Which request met the first 503 is timing; that some did and were judged is not.
    expect(judged.violations.find((v) => v.law === 'ark.not-a-server-error')?.message).toMatch(/ got 503$/);
    expect(judged.waited).toBeUndefined();
  });

  it('a 429 on every 7th request, Retry-After 1, at concurrency 8: a correct server passes with every seed', async () => {
    let answered = 0;
    const server = await hostile((req, res) => {
      if (++answered % 7 === 0) return sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '1' });
      void forward(res, `${mock.server.url}${req.url}`);
    });
    for (const seed of [1, 2, 3, 4, 5]) {
      const result = await runConformance({
        api: 'jsonrpc',
        baseUrl: `${server.url}/jsonrpc`,
        ...quick,
        seed,
        concurrency: 8,
        // Retry-After 1 cut shorter still: the chance of a request throttled on every retry stays as it is.
        maxRetryWaitMs: 20,
      });
      expect(verdict(result), `seed ${seed}`).toMatchObject({ exitCode: 0, violations: [] });
      expect(renderText(result)).toMatch(/the endpoint throttled requests/);
      expect(JSON.parse(renderJson(result)).waited.times).toBeGreaterThan(0);
    }
    await server.close();
    // Five runs, each waiting out its throttles: 19 s on an idle 2-core machine.
  }, 90_000);
});
