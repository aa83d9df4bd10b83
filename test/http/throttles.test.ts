/**
 * The client's side of throttles (a 429, or a 503 with Retry-After): Retry-After read in both of
 * RFC 9110's forms, requests in flight halved and raised again, a throttled request sent again
 * until its retries are used up.
 */
import { describe, expect, it } from 'vitest';
import { HttpClient, type HttpOptions, Interrupted } from '../../src/http/client.js';
import { InFlightLimit } from '../../src/http/in-flight.js';
import { retryAfterMs } from '../../src/http/retry-after.js';
import { hostile, sendJson } from '../helpers/hostile.js';

describe('Retry-After', () => {
  const now = Date.UTC(1994, 10, 6, 8, 49, 30);
  it.each([
    ['0', 0],
    ['120', 120_000],
    [' 7 ', 7_000],
    ['Sun, 06 Nov 1994 08:49:37 GMT', 7_000],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 7_000],
    ['Sun Nov  6 08:49:37 1994', 7_000],
    ['Sun, 06 Nov 1994 08:49:00 GMT', 0],
  ])('%j asks for %i ms', (value, ms) => {
    expect(retryAfterMs(value, undefined, now)).toBe(ms);
  });

  it.each([
    '',
    '1.5',
    '-1',
    'soon',
    'Sun, 31 Feb 1994 08:49:37 GMT',
    '06 Nov 1994 08:49:37',
    '222s',
    'Sun, 06 Nov 1994 08:49:37 UTC',
  ])('%j is neither form', (value) => expect(retryAfterMs(value, undefined, now)).toBeUndefined());

  it("a date is measured from the answer's own Date: the server's clock, not this machine's", () => {
    const hourAhead = now + 3_600_000;
    expect(retryAfterMs('Sun, 06 Nov 1994 08:49:39 GMT', 'Sun, 06 Nov 1994 08:49:37 GMT', hourAhead)).toBe(2_000);
  });
});

describe('requests in flight', () => {
  it('halve once per throttle of a request sent under the current limit, never below one', () => {
    const limit = new InFlightLimit(8);
    limit.throttled(0);
    expect(limit.limit).toBe(4);
    // Sent before the limit went down: says nothing new.
    limit.throttled(0);
    expect(limit.limit).toBe(4);
    limit.throttled(1);
    limit.throttled(2);
    limit.throttled(3);
    expect([limit.limit, limit.lowest]).toEqual([1, 1]);
  });

  it('one more after a quiet spell, up to the most allowed', () => {
    const limit = new InFlightLimit(2);
    limit.throttled(0);
    let answers = 0;
    while (limit.limit < 2) {
      limit.answered();
      answers++;
    }
    expect(answers).toBeGreaterThan(1);
    for (let i = 0; i < 100; i++) limit.answered();
    expect([limit.limit, limit.lowest]).toEqual([2, 1]);
  });

  it('let waiting requests in first come, first served, and all at once when closed', async () => {
    const limit = new InFlightLimit(2);
    limit.throttled(0);
    const order: string[] = [];
    await limit.enter();
    const second = limit.enter().then(() => order.push('second'));
    const third = limit.enter().then(() => order.push('third'));
    await Promise.resolve();
    expect(order).toEqual([]);
    limit.leave();
    await second;
    expect(order).toEqual(['second']);
    limit.close();
    await third;
    expect(order).toEqual(['second', 'third']);
  });
});

describe('a throttled request', () => {
  const options: HttpOptions = {
    headers: {},
    timeoutMs: 2_000,
    maxRequests: 100,
    maxBodyBytes: 1 << 20,
    maxRetryWaitMs: 20,
    retries: 6,
  };
  const get = (client: HttpClient, url: string) => client.request(new URL(url), []);

  it('is sent again until it is answered, each wait cut to the cap: six throttles in a row are waited out', async () => {
    const server = await hostile((_req, res, n) =>
      n <= 6 ? sendJson(res, 429, {}, n % 2 ? { 'retry-after': '1' } : {}) : sendJson(res, 200, { items: [] }),
    );
    const client = new HttpClient(options);
    const result = await get(client, server.url);
    await server.close();
    expect(result.exchange?.status).toBe(200);
    expect(client.waited).toEqual({ times: 6, ms: 120 });
  });

  it('throttled on every retry: its last throttle is its answer, or the client stops when told to', async () => {
    const server = await hostile((_req, res) => sendJson(res, 503, {}, { 'retry-after': '0' }));
    const answered = await get(new HttpClient(options), server.url);
    expect([answered.exchange?.status, answered.retryAfter]).toEqual([503, '0']);
    const stopping = new HttpClient({ ...options, endWhenThrottled: true });
    await expect(get(stopping, server.url)).rejects.toBeInstanceOf(Interrupted);
    await expect(get(stopping, server.url)).rejects.toBeInstanceOf(Interrupted);
    await server.close();
    expect(stopping.throttled).toEqual({ status: 503, attempts: 7, retryAfter: '0', url: `${server.url}/` });
  });

  it('a 503 without Retry-After is an answer, not a throttle', async () => {
    const server = await hostile((_req, res) => sendJson(res, 503, {}));
    const client = new HttpClient(options);
    expect((await get(client, server.url)).exchange?.status).toBe(503);
    await server.close();
    expect(server.requests()).toBe(1);
    expect(client.waited.times).toBe(0);
  });
});
