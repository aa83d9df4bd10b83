/**
 * A fault is a transform around the documented operation: it may rewrite the request before the
 * operation reads it, and the answer after. The operations themselves know no faults.
 */

import type { ApiSet } from '../../contract/api-set.js';
import { itemsOf, type ListOperation, withItems } from '../../contract/operations.js';
import { optional } from '../../contract/optional.js';
import { matchTemplate } from '../../contract/path-template.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { sessionParamOf } from '../../contract/session-param.js';
import type { MockContext, MockRequest, MockResponse } from '../types.js';

/** What a fault changes, as said in the set it serves in. */
export const changesOf = (transform: FaultTransform, apis: ApiSet): string =>
  typeof transform.changes === 'function' ? transform.changes(apis) : transform.changes;

export interface FaultTransform {
  /**
   * What the fault changes, as a user reads it in `docs/laws.md` and `state()`: which objects
   * (or requests, or answers) and how, in one sentence starting with a verb ("lists each page oldest first");
   * or that sentence as the API set the fault serves in says it (a shared fault that names the operation's field).
   */
  changes: string | ((apis: ApiSet) => string);
  /**
   * The same fault on every object it can break instead of one (`<id>:every`), for a UI that must
   * show the broken state wherever it occurs; absent when the fault has no one-object form.
   */
  every?: FaultTransform;
  /** Rewrites the request the documented operation reads. */
  request?(request: MockRequest, context: MockContext): MockRequest;
  /** Rewrites the documented answer; `sent` is the request as the client sent it. */
  response?(response: MockResponse, sent: MockRequest, context: MockContext, op: ListOperation): MockResponse;
}

/** A copy of the request with its query edited (the cached query text dropped; its headers and session kept). */
export function editQuery(request: MockRequest, edit: (query: URLSearchParams) => void): MockRequest {
  const { search: _text, ...rest } = request;
  const query = new URLSearchParams(request.query);
  edit(query);
  return { ...rest, query };
}

/** The answer with a new JSON body (the exact text, built for the old body, is dropped). */
export function withBody(response: MockResponse, body: unknown): MockResponse {
  return {
    status: response.status,
    headers: response.headers,
    body,
    ...optional('delayMs', response.delayMs),
  };
}

/**
 * Edits the items of a 200 list answer; `edit` gets a copy of the array (the items are the
 * store's: clone before changing one).
 */
export function editItems(
  op: ListOperation,
  response: MockResponse,
  edit: (items: JsonObject[]) => JsonObject[],
): MockResponse {
  if (response.status !== 200) return response;
  const items = itemsOf(op, response.body) as JsonObject[] | undefined;
  if (!items) return response;
  return withBody(response, withItems(op, response.body, edit([...items])));
}

/** Edits a 200 JSON object body (an envelope) on a copy. */
export function editEnvelope(response: MockResponse, edit: (body: JsonObject) => void): MockResponse {
  const value = response.body;
  if (response.status !== 200 || typeof value !== 'object' || value === null || Array.isArray(value)) return response;
  const body = { ...(value as JsonObject) };
  edit(body);
  return withBody(response, body);
}

/** True on every walk after the first one that reached this point: what a client saw first, then a change. */
export function afterFirstWalk(context: MockContext, key: string): boolean {
  const first = context.faultMemory.get(key);
  if (first === undefined) context.faultMemory.set(key, context.walkNumber);
  return first !== undefined && first !== context.walkNumber;
}

/** The last value of a query parameter (FastAPI reads repeated scalars that way). */
export function lastValue(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  return all[all.length - 1];
}

/**
 * Whether the client filtered the list (faults that change items stay off filtered lists, so they
 * break one law only).
 */
export function isFiltered(op: ListOperation, request: MockRequest): boolean {
  return op.filters.some((f) => request.query.has(f.param));
}

/** The session a request's path names (the operation's session parameter); undefined where the path binds none. */
export function sessionInPath(op: ListOperation, request: MockRequest): string | undefined {
  const param = sessionParamOf(op);
  return param === undefined ? undefined : matchTemplate(op.path, request.path)?.[param];
}
