/**
 * The bounds a run keeps against someone else's server, with their defaults, and why a run ended
 * before its end (Ctrl-C, its deadline, an endpoint that stopped answering or kept throttling) as the
 * reports' INCOMPLETE line says it. A run that ends early still reports what it judged.
 */
import type { Stall, Throttling, Waited } from '../http/client.js';

/** Longest wait for one complete response, body included. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const DEFAULT_MAX_REQUESTS = 5_000;

/** The longest response body read, in bytes after decompression (10 MiB). */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * The whole run's default bound. A default run sends a few hundred requests (about a minute
 * against an API answering in 150 ms, five against one answering in a second), so ten minutes
 * leaves room for slow APIs and still ends before a CI job's own timeout.
 */
export const DEFAULT_DEADLINE_MS = 10 * 60_000;

/** The wait between two walks of one list (the polls): a shard that polls a list waits it after the baseline. */
export const DEFAULT_POLL_INTERVAL_MS = 1000;

/** Requests in a row that time out before the run stops: one slow answer is a finding, three in a row a stall. */
export const DEFAULT_CONSECUTIVE_TIMEOUTS = 3;

/**
 * The longest wait before a throttled request (a 429, or a 503 with Retry-After) is sent again: a longer
 * Retry-After is cut to it. A quota spent for the hour then ends the run in minutes, not hours.
 */
export const DEFAULT_MAX_RETRY_WAIT_MS = 30_000;

/**
 * Times a throttled request is sent again before the run ends. A server throttling one request in
 * seven at random throttles one request all seven times about once in 800,000 requests.
 */
export const THROTTLE_RETRIES = 6;

/** The longest delay a Node timer keeps (about 24.8 days); a longer deadline is no deadline. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls `end` once `deadlineMs` has passed; returns the function that cancels it. */
export function startDeadline(deadlineMs: number, end: () => void): () => void {
  if (deadlineMs > MAX_TIMER_MS) return () => {};
  const timer = setTimeout(end, deadlineMs);
  return () => clearTimeout(timer);
}

const JUDGED = 'the laws below are what was judged until then';
const after = (ms: number, requests: number) => `after ${Math.round(ms)} ms and ${requests} requests`;

export const interrupted = (ms: number, requests: number) => `interrupted ${after(ms, requests)}; ${JUDGED}`;

export const deadlineReached = (deadlineMs: number, ms: number, requests: number) =>
  `the deadline (--deadline ${deadlineMs} ms) was reached ${after(ms, requests)}; ${JUDGED}; ` +
  'a larger --deadline lets the run finish';

/** The stall as a user reads it; `redact` masks secrets in the URL. */
export const stoppedAnswering = (stall: Stall, redact: (url: string) => string, ms: number, requests: number) =>
  `the endpoint stopped answering ${after(ms, requests)}: ${stall.timeouts} requests in a row got no complete ` +
  `response within ${stall.timeoutMs} ms (the last: GET ${redact(stall.url)}); ${JUDGED}; ` +
  'if it is only slow, raise --timeout or --max-consecutive-timeouts';

/** The throttling as a user reads it; `redact` masks secrets in the URL. */
export const keptRefusing = (throttling: Throttling, redact: (url: string) => string, ms: number, requests: number) =>
  `the endpoint kept refusing ${after(ms, requests)}: GET ${redact(throttling.url)} got ${throttling.status} ` +
  `${throttling.attempts} times in a row` +
  `${throttling.retryAfter === undefined ? '' : ` (the last with Retry-After: ${throttling.retryAfter})`}, ` +
  `each waited out; ${JUDGED}; ` +
  'if it limits how fast it is asked, lower --concurrency or set --rps, or raise --max-retry-wait';

/** What the throttles waited out cost, as a note of the report. */
export const waitedOut = (waited: Waited, lowest: number | undefined, most: number) =>
  `the endpoint throttled requests ${waited.times === 1 ? 'once' : `${waited.times} times`} ` +
  `(a 429, or a 503 with Retry-After): each was waited out and sent again, ` +
  `${(waited.ms / 1000).toFixed(1)} s of waiting in all` +
  (lowest !== undefined && lowest < most ? `; requests in flight went down to ${lowest} (of ${most})` : '');
