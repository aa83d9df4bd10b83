/** Building the mock's answers: JSON bodies, stored objects as the API's types, an API's error codes. */
import type { ApiSession, ApiTask, TypedApiName } from '../contract/api-types.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { ErrorCodes, MockResponse } from './types.js';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): MockResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body };
}

/**
 * The store's items as the API's generated types: every record was checked against the strict
 * contract when it was stored, so the bodies the operations build are typed from the spec.
 */
export function storedTasks<F extends TypedApiName>(_api: F, items: readonly JsonObject[]): ApiTask<F>[] {
  return items as unknown as ApiTask<F>[];
}

/** Session objects from the store, as the API's type (checked when stored). */
export function storedSessions<F extends TypedApiName>(_api: F, items: readonly JsonObject[]): ApiSession<F>[] {
  return items as unknown as ApiSession<F>[];
}

/** The API's error code for an HTTP status. */
export function errorCode(status: number, codes: ErrorCodes): string {
  if (status === 404) return codes.notFound;
  if (status === 405 && codes.methodNotAllowed !== undefined) return codes.methodNotAllowed;
  return status >= 500 ? codes.server : codes.other;
}
