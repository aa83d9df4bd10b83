/**
 * The answers people reach for in a per-test override besides a page: an error in the API's own
 * format, a network error, a delay.
 */

import { HttpResponse, delay as mswDelay } from 'msw';
import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import { errorResponse } from '../handlers/apis.js';

/**
 * The API's own error body for a status (Praxis: Anthropic's error object; Ark: its
 * `{error: {code, message, param, type}}`; Everruns: `{error: {code, message}}`; JSON-RPC:
 * FastAPI's 422 `detail` list, or its plain `detail` for other statuses).
 */
export function apiError(
  api: ApiName,
  status: 400 | 404 | 422 | 429 | 500 | 503,
  message: string | undefined,
  apis: ApiSet,
): Response {
  const response = errorResponse(api, status, message ?? defaultMessage(status), {}, 0, apis);
  return new HttpResponse(JSON.stringify(response.body), { status, headers: response.headers });
}

function defaultMessage(status: number): string {
  switch (status) {
    case 400:
      return 'invalid request (override)';
    case 404:
      return 'not found (override)';
    case 422:
      return 'Input should be valid (override)';
    case 429:
      return 'rate limited (override)';
    default:
      return 'server error (override)';
  }
}

/** A request that fails at the network level (fetch rejects with a TypeError). */
export function networkError(): Response {
  return HttpResponse.error();
}

/** Waits before answering: `await delay(500)` inside a resolver (msw's delay, so vitest fake timers drive it). */
export const delay = (ms: number): Promise<void> => mswDelay(ms);
