/**
 * Outages a test asks for instead of the documented behaviour: the next N requests (or every
 * request) of an API, of one operation or of one path answer an error status in the API's own
 * format, a network error, a timeout or a delay. Like faults they wrap the mock: the operations
 * know none, and `reset` clears them. A request may ask for one itself with a `Prefer` header
 * (Prism's `Prefer: code=503`).
 */

import type { ApiSet } from '../contract/api-set.js';
import type { TypedApiName } from '../contract/api-types.js';
import type { OperationIdOf } from '../contract/ids.js';
import { optional } from '../contract/optional.js';
import type { ApiName } from '../contract/registry.js';
import { didYouMean } from '../contract/words.js';
import { errorResponse } from './apis.js';
import { ControlError } from './control-error.js';
import { json } from './response.js';
import type { RecordedAnswer } from './timeline.js';
import type { MockResponse } from './types.js';

/** What a matching request gets instead of the documented answer. */
export type OutageKind =
  /** This status (400 to 599) in the API's own error format; `retryAfter` adds that header. */
  | { status: number; retryAfter?: string }
  /** The connection is dropped: `fetch` rejects, as it does when the network is down. */
  | { networkError: true }
  /** No answer for `timeoutMs`, then a 504 (what a gateway answers): the client's own timeout fires first. */
  | { timeoutMs: number }
  /** The documented answer, `delayMs` late (on top of the mock's latency). */
  | { delayMs: number };

interface OutageCount {
  /** How many matching requests get it (default: every one until reset or the next `setOutages`). */
  times?: number;
}

/**
 * Which requests an outage takes: every request of `api` (every API when absent), or of one of
 * its operations, or of one path below its base; the next `times` of them, or all until `reset`.
 */
export type Outage<F extends string = TypedApiName> =
  | ({ api?: undefined; operation?: undefined; path?: undefined } & OutageCount & OutageKind)
  | (F extends unknown
      ? {
          api: F;
          operation?: OperationIdOf<F>;
          /** A path below the API's base, exactly as requested (`/sessions/sesn-demo/tasks`). */
          path?: string;
        } & OutageCount &
          OutageKind
      : never);

/** An outage as the mock holds it, with how many requests it still takes. */
export interface StandingOutage {
  api: ApiName | null;
  operation: string | null;
  path: string | null;
  /** Matching requests it still takes; null: every one. */
  remaining: number | null;
  kind: OutageKind;
}

const MAX_TIMES = 1_000_000;
/** A delay or timeout longer than a minute holds test runs up for nothing. */
const MAX_OUTAGE_MS = 60_000;
const KINDS = ['status', 'networkError', 'timeoutMs', 'delayMs'] as const;
const KEYS: readonly string[] = ['api', 'operation', 'path', 'times', 'retryAfter', ...KINDS];
const OUTAGE_EXAMPLES = [
  { api: 'ark', status: 503, times: 1 },
  { api: 'ark', operation: 'listTasks', networkError: true },
  { api: 'praxis', path: '/v1/sessions', timeoutMs: 10_000, times: 2 },
  { delayMs: 2000 },
];

const refuse = (what: string): never => {
  throw new ControlError(400, what, { examples: OUTAGE_EXAMPLES });
};

function wholeMs(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_OUTAGE_MS)
    refuse(`${name} is a whole number of milliseconds from 0 to ${MAX_OUTAGE_MS} (got ${JSON.stringify(value)})`);
  return value as number;
}

function errorStatus(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 400 || value > 599)
    refuse(`${where} is an error status from 400 to 599 (got ${JSON.stringify(value)})`);
  return value as number;
}

/** What one outage is, checked: exactly one kind. */
function kindOf(input: Record<string, unknown>, where: string): OutageKind {
  const given = KINDS.filter((k) => input[k] !== undefined);
  if (given.length !== 1)
    refuse(
      `${where} takes exactly one of status, networkError, timeoutMs or delayMs (got ${given.join(', ') || 'none'})`,
    );
  if (input.retryAfter !== undefined && (given[0] !== 'status' || typeof input.retryAfter !== 'string'))
    refuse(`${where}: retryAfter is a string (seconds or an HTTP date) beside a status`);
  switch (given[0]) {
    case 'status':
      return {
        status: errorStatus(input.status, `${where}: status`),
        ...optional('retryAfter', input.retryAfter as string),
      };
    case 'networkError':
      if (input.networkError !== true) refuse(`${where}: networkError is true`);
      return { networkError: true };
    case 'timeoutMs':
      return { timeoutMs: wholeMs(`${where}: timeoutMs`, input.timeoutMs) };
    default:
      return { delayMs: wholeMs(`${where}: delayMs`, input.delayMs) };
  }
}

/** Checks one outage as sent (a typed call or a JSON body) and says what is wrong with it. */
function standing(input: unknown, where: string, served: readonly ApiName[], apis: ApiSet): StandingOutage {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return refuse(`${where} is an object such as {"api": "ark", "status": 503, "times": 1}`);
  const outage = input as Record<string, unknown>;
  const unknown = Object.keys(outage).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0)
    refuse(
      `${where}: unknown member "${unknown[0]}"${didYouMean(unknown[0]!, KEYS)}; the members are ${KEYS.join(', ')}`,
    );
  const { api, operation, path, times } = outage;
  if (api !== undefined && !apis.has(api))
    refuse(`${where}: api is one of ${served.join(', ')} (got ${JSON.stringify(api)})`);
  if (api !== undefined && !served.includes(api as ApiName))
    refuse(`${where}: this mock does not serve ${String(api)}; it serves ${served.join(', ')}`);
  if ((operation !== undefined || path !== undefined) && api === undefined)
    refuse(`${where}: an operation or a path belongs to one API: give its api too`);
  if (operation !== undefined) {
    const ids = apis.contractOf(api as ApiName).operations.map((op) => op.operationId);
    if (typeof operation !== 'string' || !ids.includes(operation))
      refuse(
        `${where}: ${String(api)} has no operation ${JSON.stringify(operation)}` +
          `${typeof operation === 'string' ? didYouMean(operation, ids) : ''}; its operations are ${ids.join(', ')}`,
      );
  }
  if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/')))
    refuse(`${where}: path is below the API's base and starts with "/" (got ${JSON.stringify(path)})`);
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > MAX_TIMES))
    refuse(
      `${where}: times is a whole number from 1 to ${MAX_TIMES}, or absent for every request ` +
        `(got ${JSON.stringify(times)})`,
    );
  return {
    api: (api as ApiName | undefined) ?? null,
    operation: (operation as string | undefined) ?? null,
    path: (path as string | undefined) ?? null,
    remaining: (times as number | undefined) ?? null,
    kind: kindOf(outage, where),
  };
}

/** Checks a list of outages (`setOutages`, `POST /__mock/outages`). */
export function standingOutages(
  input: unknown,
  served: readonly ApiName[] | undefined,
  apis: ApiSet,
): StandingOutage[] {
  if (!Array.isArray(input))
    return refuse('outages is an array, e.g. [{"api": "ark", "status": 503, "times": 1}] ([] clears them)');
  return input.map((outage, i) => standing(outage, `outages[${i}]`, served ?? apis.apiNames(), apis));
}

/**
 * The first outage that takes the request (in the order given), counted off a one-shot
 * outage; a used-up one is dropped.
 */
export function takeOutage(
  outages: StandingOutage[],
  api: ApiName,
  path: string,
  operationId: string | undefined,
): OutageKind | undefined {
  const i = outages.findIndex(
    (r) =>
      (r.api === null || r.api === api) &&
      (r.path === null || r.path === path) &&
      (r.operation === null || r.operation === operationId),
  );
  if (i === -1) return undefined;
  const outage = outages[i]!;
  if (outage.remaining !== null && --outage.remaining === 0) outages.splice(i, 1);
  return outage.kind;
}

/**
 * The outage a request's `Prefer` header asks for (RFC 7240 preferences, Prism's `code=503`;
 * also `delay=MS`, `timeout=MS` and `network-error`), or undefined when it asks for none of
 * these (`code=200` asks for the documented answer, before any outage `setOutages` set). Other
 * preferences (Prism's `example=`, `dynamic=`) are ignored, as RFC 7240 lets a server ignore what
 * it does not support; a value the mock cannot read is refused.
 */
export function preferredOutage(header: string): OutageKind | { refused: string } | undefined {
  let documented = false;
  for (const preference of header.split(',')) {
    const [token = '', value = ''] = preference
      .split(';', 1)[0]!
      .split('=', 2)
      .map((s) => s.trim().replace(/^"|"$/g, ''));
    const name = token.toLowerCase();
    if (name !== 'code' && name !== 'delay' && name !== 'timeout' && name !== 'network-error') continue;
    if (name === 'network-error') return { networkError: true };
    const n = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
    if (name === 'code') {
      if (n >= 400 && n <= 599) return { status: n };
      // Prism's way to ask for the success answer: here, the documented answer, whatever outages are set.
      if (n === 200) {
        documented = true;
        continue;
      }
      return {
        refused:
          `Prefer: code=${value.slice(0, 20)} is neither an error status nor 200; send Prefer: code=503 ` +
          '(400 to 599), or code=200 for the documented answer',
      };
    }
    if (n <= MAX_OUTAGE_MS) return name === 'delay' ? { delayMs: n } : { timeoutMs: n };
    return {
      refused: `Prefer: ${name}=${value.slice(0, 20)} is not a number of milliseconds from 0 to ${MAX_OUTAGE_MS}`,
    };
  }
  // The documented answer, no later than it would be: it takes the place of any outage set.
  return documented ? { delayMs: 0 } : undefined;
}

/** The answer a request gets for an outage other than a delay (which delays the documented answer). */
export function outageResponse(
  api: ApiName,
  kind: Exclude<OutageKind, { delayMs: number }> | { refused: string },
  latencyMs: number,
  requestNumber: number,
  apis: ApiSet,
): MockResponse {
  if ('refused' in kind)
    return { ...errorResponse(api, 400, kind.refused, {}, requestNumber, apis), delayMs: latencyMs };
  if ('networkError' in kind) return { status: 0, headers: {}, body: null, networkError: true, delayMs: latencyMs };
  if ('timeoutMs' in kind)
    return {
      ...errorResponse(
        api,
        504,
        `no answer within ${kind.timeoutMs} ms, as a test asked (outages or Prefer: timeout=${kind.timeoutMs})`,
        {},
        requestNumber,
        apis,
      ),
      delayMs: latencyMs + kind.timeoutMs,
    };
  const headers: Record<string, string> = kind.retryAfter === undefined ? {} : { 'retry-after': kind.retryAfter };
  const message = `answered ${kind.status}, as a test asked (outages or Prefer: code=${kind.status})`;
  return { ...errorResponse(api, kind.status, message, headers, requestNumber, apis), delayMs: latencyMs };
}

/** A list's recorded non-data answer, replayed as received (a timeout as a 504 after its delay). */
export function recordedAnswer(answer: RecordedAnswer, latencyMs: number): MockResponse {
  if (answer.status === undefined)
    return {
      ...json(504, { error: { message: `recorded: no complete answer within ${answer.timeoutMs ?? 0} ms` } }),
      delayMs: latencyMs + (answer.timeoutMs ?? 0),
    };
  const headers: Record<string, string> = {
    'content-type': typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
  };
  if (answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
  return {
    status: answer.status,
    headers,
    body: answer.body ?? null,
    ...(typeof answer.body === 'string' ? { raw: answer.body } : {}),
    delayMs: latencyMs,
  };
}
