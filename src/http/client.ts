/**
 * The HTTP client `conform` and `record` share for someone else's server: a timeout per request (body included),
 * a request budget, a requests-per-second limit, throttles (a 429, a 503 with Retry-After) waited
 * out and the request sent again (each wait capped), redirects followed only on the same origin and at most
 * MAX_REDIRECTS deep, response bodies capped (after decompression), and optionally requests in
 * flight that adapt to throttles and a stop once the endpoint has stopped answering or kept throttling.
 */

import { EVENT_STREAM, isEventStream, responseInStream, streamPosition } from '../contract/event-stream.js';
import type { Exchange } from '../contract/laws/index.js';
import { InFlightLimit } from './in-flight.js';
import { longNumbersOf } from './number-text.js';
import { retryAfterMs } from './retry-after.js';

export interface HttpOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  rps?: number;
  maxRequests: number;
  maxBodyBytes: number;
  /** The longest wait before a throttled request is sent again, in ms: a longer Retry-After is cut to it. */
  maxRetryWaitMs: number;
  /** How many times a throttled request is sent again. */
  retries: number;
  /**
   * Requests in flight at once, at most: fewer after a throttle, more again after a quiet spell
   * (in-flight.ts). Absent: as many as the caller sends.
   */
  maxInFlight?: number;
  /**
   * A request still throttled after `retries` stops the client, as `stop()` does, and records why in
   * `throttled`; absent, its last throttle is its answer.
   */
  endWhenThrottled?: boolean;
  /**
   * After this many requests in a row time out (no HTTP answer in between) the client stops, as
   * `stop()` does, and records why in `stalled`. Absent: it never stops for timeouts.
   */
  maxConsecutiveTimeouts?: number;
}

/** Why a client stopped on its own: the endpoint stopped answering. */
export interface Stall {
  /** Requests that timed out in a row. */
  timeouts: number;
  timeoutMs: number;
  /** The last of them (unredacted: the caller redacts before reporting). */
  url: string;
}

/** Why a client stopped on its own: the endpoint kept throttling one request. */
export interface Throttling {
  /** 429, or 503 with Retry-After. */
  status: number;
  /** Times the request was sent, every one throttled. */
  attempts: number;
  /** The last Retry-After, as sent. */
  retryAfter?: string;
  /** The request (unredacted: the caller redacts before reporting). */
  url: string;
}

/** Throttles the client waited out, and how long it waited in all (waits at once add up). */
export interface Waited {
  times: number;
  ms: number;
}

/** Same-origin redirects followed for one request; a longer chain is a finding, not followed further. */
const MAX_REDIRECTS = 3;
/** Times a call's event stream is resumed before its answer is taken as it came. */
const RESUMES = 3;
/** The wait before resuming a stream that gave no `retry`: an EventSource's usual reconnection time. */
const DEFAULT_RESUME_MS = 1000;

type TransportFailure = {
  kind: 'timeout' | 'network' | 'too-large' | 'budget' | 'redirect';
  message: string;
  /** A network failure's error code (`ECONNRESET`, `UND_ERR_SOCKET`), when it had one. */
  code?: string;
};

/**
 * Network errors that say the server closed the connection before it answered. A server may close
 * a kept-alive connection at any moment, so a request sent on it just then fails through no fault
 * of the server's (a client "ought to anticipate" it and may retry an idempotent request: RFC 9112
 * §9.3.1). Measured: a correct server under load met it as "UND_ERR_SOCKET: other side closed".
 */
const CLOSED_BEFORE_ANSWER = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE']);

export interface HttpResult {
  exchange?: Exchange;
  /** The Retry-After header of a throttle, when there was one. */
  retryAfter?: string;
  failure?: TransportFailure;
  ms: number;
  /** The answer's headers, when one came. */
  headers?: Headers;
}

export class BudgetExhausted extends Error {}

/** The client was stopped (Ctrl-C, SIGTERM): no request is sent or awaited any more. */
export class Interrupted extends Error {
  constructor() {
    super('interrupted');
    this.name = 'Interrupted';
  }
}

export class HttpClient {
  sent = 0;
  /** Set when the client stopped because `maxConsecutiveTimeouts` requests in a row timed out. */
  stalled?: Stall;
  /** Set when the client stopped because a request was still throttled after its retries (`endWhenThrottled`). */
  throttled?: Throttling;
  readonly waited: Waited = { times: 0, ms: 0 };
  /** Requests allowed in flight at once, when `maxInFlight` bounds them. */
  readonly limit?: InFlightLimit;
  private timeoutsInRow = 0;
  private nextSlot = 0;
  private stopped = false;
  private readonly inFlight = new Set<AbortController>();
  private readonly waits = new Set<() => void>();

  constructor(
    private readonly options: HttpOptions,
    private readonly onRequest?: (url: string, status: number | string, ms: number) => void,
  ) {
    if (options.maxInFlight !== undefined) this.limit = new InFlightLimit(options.maxInFlight);
  }

  get remaining(): number {
    return this.options.maxRequests - this.sent;
  }

  /** Aborts every request in flight; every later request throws Interrupted. */
  stop(): void {
    this.stopped = true;
    for (const controller of this.inFlight) controller.abort();
    for (const wake of this.waits) wake();
    this.limit?.close();
  }

  /** Sleeps, or wakes at once when the client is stopped (then throws Interrupted). */
  async pause(ms: number): Promise<void> {
    if (ms > 0 && !this.stopped) {
      let wake = () => {};
      const woken = new Promise<void>((resolve) => (wake = resolve));
      this.waits.add(wake);
      const timer = setTimeout(wake, ms);
      await woken;
      clearTimeout(timer);
      this.waits.delete(wake);
    }
    if (this.stopped) throw new Interrupted();
  }

  /**
   * GET url?query, or (with `post`) a POST of that JSON text to url, the exchange still naming url?query:
   * what was asked. `extra` adds request headers, and reads an answer given as an event stream as the
   * JSON-RPC response it carries (`eventStream`: the exchange keeps the stream's content type). Never throws
   * for server behaviour; only for an exhausted budget, and (Interrupted) once the client is stopped, by
   * `stop()` or by a request throttled on every retry.
   */
  async request(
    url: URL,
    query: ReadonlyArray<readonly [string, string]>,
    post?: string,
    extra: Extra = {},
  ): Promise<HttpResult> {
    const target = new URL(url);
    for (const [k, v] of query) target.searchParams.append(k, v);
    let current = post === undefined ? target : new URL(url);
    const visited = [current];
    for (let throttles = 0; ; ) {
      const asked = { query, asked: post === undefined ? current : target, post, extra };
      const result = await this.onceResent(current, asked);
      const exchange = result.exchange;
      if (result.throttle) {
        throttles++;
        if (throttles <= this.options.retries) {
          await this.waitOut(result.throttle.askedMs, throttles);
          continue;
        }
        if (this.options.endWhenThrottled) {
          this.throttled = {
            status: exchange!.status,
            attempts: throttles,
            url: current.toString(),
            ...(result.retryAfter === undefined ? {} : { retryAfter: result.retryAfter }),
          };
          this.stop();
          throw new Interrupted();
        }
        return result;
      }
      if (exchange && exchange.status >= 300 && exchange.status < 400 && result.location !== undefined) {
        let next: URL;
        try {
          next = new URL(result.location, current);
        } catch {
          return result;
        }
        const refused = refuseRedirect(visited, next);
        if (refused) return { ...result, failure: { kind: 'redirect', message: refused } };
        visited.push(next);
        current = next;
        continue;
      }
      return result;
    }
  }

  /**
   * Waits before the `nth` retry of a throttled request: as long as the throttle asked, else one
   * second doubling with each retry; never longer than `maxRetryWaitMs`.
   */
  private async waitOut(askedMs: number | undefined, nth: number): Promise<void> {
    const ms = Math.min(askedMs ?? 1000 * 2 ** (nth - 1), this.options.maxRetryWaitMs);
    this.waited.times++;
    this.waited.ms += ms;
    await this.pause(ms);
  }

  /**
   * A request's headers with the client's own (--header) in place of those of the same name in any case: as two keys,
   * `A2A-Version` and `a2a-version` would both be sent, joined into one value no server asked for.
   */
  private withGiven(headers: Record<string, string>): Record<string, string> {
    const given = this.options.headers;
    const names = new Set(Object.keys(given).map((name) => name.toLowerCase()));
    const kept = Object.entries(headers).filter(([name]) => !names.has(name.toLowerCase()));
    return { ...Object.fromEntries(kept), ...given };
  }

  /** `once`, sent again once where the server closed the connection first (browsers do); a second close is reported. */
  private async onceResent(url: URL, asked: Asked) {
    const result = await this.once(url, asked);
    const closed = result.failure?.kind === 'network' && CLOSED_BEFORE_ANSWER.has(result.failure.code ?? '');
    return closed ? this.once(url, asked) : result;
  }

  private async once(url: URL, asked: Asked): Promise<Sent> {
    if (this.stopped) throw new Interrupted();
    if (this.sent >= this.options.maxRequests)
      throw new BudgetExhausted(`the request budget (--max-requests ${this.options.maxRequests}) is used up`);
    // Counted before pacing: requests sent at once must not all pass the budget check.
    this.sent++;
    const generation = await this.limit?.enter();
    try {
      if (this.stopped) throw new Interrupted();
      await this.pace();
      const sent = await this.send(url, asked);
      if (this.limit && sent.exchange) {
        if (sent.throttle) this.limit.throttled(generation!);
        else this.limit.answered();
      }
      return sent;
    } finally {
      this.limit?.leave();
    }
  }

  /**
   * Runs one request with an abort controller of its own: aborted after the timeout, or at once by `stop`
   * (it is in flight until it settles).
   */
  private async bounded<T>(request: (controller: AbortController) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      return await request(controller);
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }

  private async send(url: URL, asked: Asked): Promise<Sent> {
    return this.bounded((controller) => this.sendWithin(url, asked, controller));
  }

  private async sendWithin(url: URL, { query, asked, post, extra }: Asked, controller: AbortController): Promise<Sent> {
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: post === undefined ? 'GET' : 'POST',
        headers: this.withGiven({
          accept: 'application/json',
          ...(post === undefined ? {} : { 'content-type': 'application/json' }),
          ...extra.headers,
        }),
        ...(post === undefined ? {} : { body: post }),
        redirect: 'manual',
        signal: controller.signal,
      });
      const contentType = response.headers.get('content-type');
      const streamed = extra.eventStream === true && isEventStream(contentType);
      const read = await readCapped(
        response,
        this.options.maxBodyBytes,
        controller,
        streamed ? holdsResponse : undefined,
      );
      const text =
        read !== undefined && streamed
          ? (responseInStream(read) ?? (await this.resumed(url, read, extra)) ?? read)
          : read;
      const ms = performance.now() - started;
      this.onRequest?.(url.toString(), response.status, ms);
      const exchange: Exchange = {
        url: asked.toString(),
        query,
        status: response.status,
        contentType,
        body: undefined,
      };
      this.timeoutsInRow = 0;
      const retryAfter = response.headers.get('retry-after') ?? undefined;
      const throttled = throttleOf(response.status, retryAfter, response.headers.get('date') ?? undefined);
      const throttle = throttled ? { throttle: throttled } : {};
      if (text === undefined)
        return {
          failure: {
            kind: 'too-large',
            message: `response body over ${this.options.maxBodyBytes} bytes; not read further`,
          },
          ms,
          exchange: { ...exchange, bodyCut: true },
          retryAfter,
          ...throttle,
        };
      try {
        exchange.body = text.length === 0 ? undefined : JSON.parse(text);
        if (text.length === 0) exchange.bodyError = 'empty body';
        const longNumbers = longNumbersOf(text);
        if (longNumbers) exchange.longNumbers = longNumbers;
      } catch {
        exchange.bodyError = `body is not JSON (starts ${JSON.stringify(text.slice(0, 60))})`;
        exchange.bodyText = text.slice(0, 64 * 1024);
      }
      const location = response.headers.get('location') ?? undefined;
      return { exchange, ms, retryAfter, location, headers: response.headers, ...throttle };
    } catch (error) {
      if (this.stopped) throw new Interrupted();
      const ms = performance.now() - started;
      const timedOut = controller.signal.aborted;
      this.onRequest?.(url.toString(), timedOut ? 'timeout' : 'network error', ms);
      if (timedOut) this.countTimeout(url);
      return {
        ms,
        failure: timedOut
          ? { kind: 'timeout', message: `no complete response within ${this.options.timeoutMs} ms` }
          : { kind: 'network', message: describeNetworkError(error), code: networkErrorCode(error) },
      };
    }
  }

  /**
   * The response to a call whose event stream ended without it after an event with an id: the server may close
   * the connection "without terminating the SSE stream", and then "the client SHOULD then 'poll' the SSE stream
   * by attempting to reconnect" (MCP's Streamable HTTP), waiting the `retry` it was given: a GET of the endpoint
   * with that id as Last-Event-ID, at most RESUMES times, each request counted in the budget. Undefined where the
   * stream names no id or no resumed stream carries the response.
   */
  private async resumed(url: URL, stream: string, extra: Extra): Promise<string | undefined> {
    let { id, retryMs } = streamPosition(stream);
    for (let resumes = 0; resumes < RESUMES && id !== undefined; resumes++) {
      await this.pause(Math.min(retryMs ?? DEFAULT_RESUME_MS, this.options.maxRetryWaitMs));
      if (this.sent >= this.options.maxRequests) return undefined;
      this.sent++;
      const started = performance.now();
      const lastId = id;
      const read = await this.bounded(async (controller) => {
        const response = await fetch(url, {
          headers: { ...this.withGiven(extra.headers ?? {}), accept: EVENT_STREAM, 'last-event-id': lastId },
          redirect: 'manual',
          signal: controller.signal,
        });
        const text = await readCapped(response, this.options.maxBodyBytes, controller, holdsResponse);
        this.onRequest?.(url.toString(), response.status, performance.now() - started);
        const streamed = response.status === 200 && isEventStream(response.headers.get('content-type'));
        return streamed ? text : undefined;
      }).catch(() => {
        if (this.stopped) throw new Interrupted();
        return undefined;
      });
      if (read === undefined) return undefined;
      const found = responseInStream(read);
      if (found !== undefined) return found;
      const position = streamPosition(read);
      id = position.id ?? id;
      retryMs = position.retryMs ?? retryMs;
    }
    return undefined;
  }

  /** A stalled or trickling endpoint must not hold a run for max-requests × timeout: stop after a few in a row. */
  private countTimeout(url: URL): void {
    this.timeoutsInRow++;
    const max = this.options.maxConsecutiveTimeouts;
    if (max === undefined || this.timeoutsInRow < max || this.stalled) return;
    this.stalled = { timeouts: this.timeoutsInRow, timeoutMs: this.options.timeoutMs, url: url.toString() };
    this.stop();
  }

  private async pace(): Promise<void> {
    if (!this.options.rps) return;
    const gap = 1000 / this.options.rps;
    const now = performance.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + gap;
    await this.pause(slot - now);
  }
}

/** One request: its query, the URL with it (what the exchange names), and the body a POST sends. */
interface Asked {
  query: ReadonlyArray<readonly [string, string]>;
  asked: URL;
  post: string | undefined;
  extra: Extra;
}

/** What a request adds to the client's own: headers, and whether an event stream may carry its answer. */
interface Extra {
  headers?: Record<string, string>;
  eventStream?: boolean;
}

/** What `once` hands back: a throttle is told apart, with how long it asked to wait. */
type Sent = HttpResult & { location?: string; throttle?: { askedMs?: number } };

/**
 * Whether an answer is a throttle (it asks to be asked again later), and how long it asks to wait. A 429 is a rate
 * limit (RFC 6585 §4), whatever its body; a 503 is one only with a Retry-After saying when to come
 * back (RFC 9110 §15.6.4). No document lists 429 or 503 among its operations' answers (they list
 * 200, 400, 404 and 422), so neither is part of the contract: a 503 without Retry-After is a server
 * error like any 5xx, for the laws to judge, and a throttle is never judged, only waited out.
 */
function throttleOf(status: number, retryAfter: string | undefined, date: string | undefined) {
  const askedMs = retryAfterMs(retryAfter, date);
  if (status === 429) return askedMs === undefined ? {} : { askedMs };
  if (status === 503 && askedMs !== undefined) return { askedMs };
  return undefined;
}

/**
 * Why a redirect to `next` is not followed, or undefined to follow it. Credentials go only where
 * the user sent them, so never to another origin; a chain that comes back to a URL it visited, or
 * goes on past MAX_REDIRECTS, would never end. Only paths are named: queries may hold secrets.
 */
function refuseRedirect(visited: readonly URL[], next: URL): string | undefined {
  const current = visited[visited.length - 1]!;
  if (next.origin !== current.origin)
    return `redirect to ${next.origin} not followed (the runner sends credentials only to ${current.origin})`;
  const chain = [...visited, next].map((u) => u.pathname).join(' → ');
  if (visited.some((u) => u.href === next.href)) return `redirect loop (${chain}): not followed further`;
  if (visited.length > MAX_REDIRECTS) return `more than ${MAX_REDIRECTS} redirects (${chain}): not followed further`;
  return undefined;
}

/** The body as text, or undefined past `max` bytes: counted after decompression (a gzip bomb), read no further. */
async function readCapped(
  response: Response,
  max: number,
  controller: AbortController,
  complete?: (text: string) => boolean,
): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
    if (!complete) continue;
    const chunk = decoder.decode(value, { stream: true });
    text += chunk;
    // A stream may stay open after what it was read for (MCP: the server SHOULD end it after the response).
    // An event ends at a line end: only a chunk that holds one can end it, so a long one is not parsed over again.
    if (/[\r\n]/.test(chunk) && complete(text)) {
      await reader.cancel().catch(() => undefined);
      return text;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Whether an event stream read so far holds a JSON-RPC response: the answer it was read for. */
const holdsResponse = (text: string) => responseInStream(text) !== undefined;

const networkErrorCode = (error: unknown): string | undefined =>
  (error as { cause?: { code?: unknown } }).cause?.code?.toString();

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
