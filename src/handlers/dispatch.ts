/**
 * Answers one API request of a running mock: an asked-for outage (a `Prefer` header or a standing
 * outage), the scenario's data on its API, or the documented answer: the operation whose path template
 * matches runs its behaviour, inside the injected faults, and a fault-free 200 is kept for the next
 * request of the same URL while the data stays the same. Pure: no Fetch, no node:http.
 */

import type { ApiSet } from '../contract/api-set.js';
import { handshakeOf, httpMethodOf, refusedHeaders } from '../contract/json-rpc.js';
import type { ListOperation } from '../contract/operation-types.js';
import { pagingParams } from '../contract/operations.js';
import { matchTemplate } from '../contract/path-template.js';
import type { ApiName } from '../contract/registry.js';
import { withArticle } from '../contract/words.js';
import { errorResponse, mockOf } from './apis.js';
import type { MockClock } from './clock.js';
import { describeInternalError } from './control-error.js';
import { errorAnswer, headerValue } from './derived/request.js';
import { withFaults } from './faults/index.js';
import { handshakeAnswer } from './handshake.js';
import { jsonRpcAnswer } from './json-rpc.js';
import { outageResponse, preferredOutage, recordedAnswer, type StandingOutage, takeOutage } from './outages.js';
import type { MockDocument } from './profile.js';
import type { MockStore } from './store.js';
import type { TimelinePlayer } from './timeline.js';
import type { MockContext, MockRequest, MockResponse, Route } from './types.js';

/** What a request is answered from: the mock's data and what the test set on it (MockApp is one). */
export interface Served {
  /** The API set the mock serves. */
  readonly apis: ApiSet;
  readonly store: MockStore;
  readonly faults: ReadonlySet<string>;
  readonly latencyMs: number;
  readonly scenario: TimelinePlayer | undefined;
  readonly clock: MockClock;
}

export class Dispatch {
  requestNumber = 0;
  walkNumber = 0;
  /** Outages asked for instead of the documented answers (`setOutages`), in the order given. */
  outages: StandingOutage[] = [];
  /** What faults that depend on what a client has seen remember, and what each fault broke. */
  readonly faultMemory = new Map<string, number>();
  private readonly cache = new ResponseCache();

  constructor(private readonly cacheResponses: boolean) {}

  /**
   * Answers one API request. Never throws: an error inside the mock becomes a 500 in the API's
   * own error format, naming the error, and is logged once.
   */
  respond(served: Served, api: ApiName, request: MockRequest): MockResponse {
    try {
      return this.answer(served, api, request);
    } catch (error) {
      return internalError(api, error, served.apis);
    }
  }

  /** Forgets the outages asked for and what the faults remember (`reset`). */
  forget(): void {
    this.outages = [];
    this.faultMemory.clear();
  }

  private answer(served: Served, api: ApiName, request: MockRequest): MockResponse {
    this.requestNumber++;
    // A JSON-RPC call's params are in its body: a paging param named there makes it a later page.
    const given = (param: string) =>
      request.body === undefined ? request.query.has(param) : request.body.includes(JSON.stringify(param));
    if (!pagingParams(served.apis).some(given)) this.walkNumber++;
    const asked =
      (request.prefer === undefined ? undefined : preferredOutage(request.prefer)) ??
      (this.outages.length === 0
        ? undefined
        : takeOutage(this.outages, api, request.path, operationAt(api, request.path, served.apis)));
    if (asked === undefined) return this.documented(served, api, request);
    if (!('delayMs' in asked)) return outageResponse(api, asked, served.latencyMs, this.requestNumber, served.apis);
    const response = this.documented(served, api, request);
    return { ...response, delayMs: (response.delayMs ?? served.latencyMs) + asked.delayMs };
  }

  /** The documented answer (or the scenario's), with the injected faults. */
  private documented(served: Served, api: ApiName, request: MockRequest): MockResponse {
    const { scenario, faults } = served;
    if (scenario && api === scenario.api) return this.fromScenario(served, api, request, scenario);
    // Without faults a 200 depends only on the request and the data.
    const cacheable = this.cacheResponses && faults.size === 0 && request.method === 'GET';
    const key = cacheable ? cacheKey(served.apis, api, request) : '';
    const hit = cacheable ? this.cache.get(key, served.store.version) : undefined;
    if (hit) return hit;
    const response = handle(api, request, this.context(served.apis, served.store, faults));
    return cacheable ? this.cache.remember(key, response, this.requestNumber) : response;
  }

  private fromScenario(served: Served, api: ApiName, request: MockRequest, scenario: TimelinePlayer): MockResponse {
    const view = scenario.view(request, served.clock.now());
    const answer = view.answers.find((a) => a.path === request.path);
    if (answer) return recordedAnswer(answer, served.latencyMs + view.latencyMs);
    const faults = view.faults.length === 0 ? served.faults : new Set([...served.faults, ...view.faults]);
    const response = handle(api, request, this.context(served.apis, view.store, faults));
    return { ...response, delayMs: served.latencyMs + view.latencyMs };
  }

  private context(apis: ApiSet, store: MockStore, faults: ReadonlySet<string>) {
    return {
      apis,
      store,
      faults,
      requestNumber: this.requestNumber,
      walkNumber: this.walkNumber,
      faultMemory: this.faultMemory,
    };
  }
}

/**
 * The refusal of a header the operation carries (A2A-Version) whose value is not the module's own, where the
 * documents say how such a value is refused; none for an absent header, read as the module's value.
 */
function refusedHeader(op: ListOperation, request: MockRequest, context: MockContext): MockResponse | undefined {
  for (const header of op.headers ?? []) {
    if (!header.rejected) continue;
    const value = headerValue(request, header.name);
    if (value === undefined || value === header.value) continue;
    if (header.sameAs !== undefined && new RegExp(header.sameAs).test(value)) continue;
    const message =
      `${header.name} ${JSON.stringify(value.slice(0, 64))} is not supported: this mock speaks ${header.name} ` +
      `${header.value}; send ${header.name}: ${header.value}`;
    return errorAnswer(op, context, header.rejected, message);
  }
  return undefined;
}

/** What a cached answer is found by: the API, the path, the query and the headers whose value decides the answer. */
function cacheKey(apis: ApiSet, api: ApiName, request: MockRequest): string {
  return `${api} ${request.path}${request.search ?? `?${request.query.toString()}`}${headersKey(apis, api, request)}`;
}

/** The values of the headers whose value decides the answer (A2A-Version): '' for most APIs. */
function headersKey(apis: ApiSet, api: ApiName, request: MockRequest): string {
  const names = apis.derive(`refused-headers|${api}`, () => [
    ...new Set(apis.contractOf(api).operations.flatMap((op) => refusedHeaders(op).map((h) => h.name.toLowerCase()))),
  ]);
  return names.map((name) => ` ${JSON.stringify(request.headers?.[name] ?? null)}`).join('');
}

/** An error inside the mock, as a 500 in the API's error format. */
function internalError(api: ApiName, error: unknown, apis: ApiSet): MockResponse {
  return errorResponse(
    api,
    500,
    `mock internal error: ${describeInternalError(`answering ${withArticle(api)} request`, error)}`,
    {},
    0,
    apis,
  );
}

/**
 * The documented operations of an API (a GET, or a POST for one bound as JSON-RPC): path templates from its
 * contract, behaviour from its mock.
 */
export function routesOf(api: ApiName, apis: ApiSet): readonly Route[] {
  return apis.derive(`routes|${api}`, () => {
    const { operations } = mockOf(api, apis);
    return apis.contractOf(api).operations.map((op) => ({
      api,
      method: httpMethodOf(op),
      template: op.path,
      operationId: op.operationId,
      operation: operations[op.operationId]!,
      op,
    }));
  });
}

/** The documents an API serves for a client to connect (the mock profile's), read once per API set. */
function documentsOf(api: ApiName, apis: ApiSet): readonly MockDocument[] {
  return apis.derive(`documents|${api}`, () => mockOf(api, apis).documents ?? []);
}

/** The operation a path below the API's base names, if any. */
function operationAt(api: ApiName, path: string, apis: ApiSet): string | undefined {
  return routesOf(api, apis).find((route) => matchTemplate(route.template, path))?.operationId;
}

function notFound(api: ApiName, method: string, path: string, requestNumber: number, apis: ApiSet): MockResponse {
  const said = `no route for ${method.slice(0, 16)} ${path.slice(0, 200)}`;
  return errorResponse(api, 404, said, {}, requestNumber, apis);
}

function methodNotAllowed(api: ApiName, request: MockRequest, requestNumber: number, apis: ApiSet): MockResponse {
  const post = routesOf(api, apis).some(
    (route) => route.method === 'POST' && matchTemplate(route.template, request.path),
  );
  const allowed = post ? 'POST' : 'GET';
  return errorResponse(
    api,
    405,
    `method ${request.method.slice(0, 16)} is not allowed; this path answers ${allowed} only`,
    { allow: post ? 'POST' : 'GET, HEAD' },
    requestNumber,
    apis,
  );
}

/** Runs the operation whose template matches the path (inside the faults, if any), else a 404 or 405. */
function handle(api: ApiName, request: MockRequest, context: MockContext): MockResponse {
  const document = documentsOf(api, context.apis).find((d) => d.path === request.path);
  if (document && (request.method === 'GET' || request.method === 'HEAD'))
    return { status: 200, headers: { 'content-type': 'application/json' }, body: document.body(request.base ?? '') };
  let pathMatched = false;
  for (const route of routesOf(api, context.apis)) {
    const params = matchTemplate(route.template, request.path);
    if (!params) continue;
    pathMatched = true;
    if (route.method !== request.method && !(request.method === 'HEAD' && route.method === 'GET')) continue;
    // A header the documents say is refused (A2A-Version: 99.0) is refused before the operation reads the query.
    const operation = (asked: MockRequest) =>
      refusedHeader(route.op, asked, context) ?? route.operation(asked, context, params);
    const run = (asked: MockRequest) =>
      context.faults.size === 0 ? operation(asked) : withFaults(route.op, asked, context, operation);
    if (route.method !== 'POST') return run(request);
    return handshakeOf(route.op)
      ? handshakeAnswer(route.op, request, context, run)
      : jsonRpcAnswer(route.op, request, run);
  }
  return pathMatched
    ? methodNotAllowed(api, request, context.requestNumber, context.apis)
    : notFound(api, request.method, request.path, context.requestNumber, context.apis);
}

const CACHE_ENTRIES = 2_000;
const RECENT_WINDOW = 500;
const RECENT_ENTRIES = 10_000;
const ENCODER = new TextEncoder();

/**
 * Fault-free 200s by request, for a mock serving the same data: building and serialising a page
 * dominates the cost of a request (measured), so a repeated URL is answered with stored bytes and
 * precomputed headers. Any change of the store's version empties it.
 */
class ResponseCache {
  private readonly answers = new Map<string, MockResponse>();
  /** When each recent URL was last asked (request number), to cache only URLs that come back. */
  private readonly lastAsked = new Map<string, number>();
  private version = -1;

  /** The stored answer for `key` while the store is at `storeVersion`. */
  get(key: string, storeVersion: number): MockResponse | undefined {
    if (this.version !== storeVersion) {
      this.answers.clear();
      this.lastAsked.clear();
      this.version = storeVersion;
    }
    return this.answers.get(key);
  }

  /**
   * The answer to send for request number `requestNumber`, kept when worth it. A page read from
   * the indexes is cheap to build again; keeping thousands of encoded bodies for URLs asked once
   * was measured to cost more in garbage collection than it saved. So such a page is kept when
   * its URL comes back soon (a client polling); other bodies are kept at once.
   */
  remember(key: string, response: MockResponse, requestNumber: number): MockResponse {
    if (response.status !== 200) return response;
    if (response.raw !== undefined && !this.askedRecently(key, requestNumber)) return response;
    if (this.answers.size >= CACHE_ENTRIES) this.answers.clear();
    const raw = response.raw ?? JSON.stringify(response.body);
    const bytes = ENCODER.encode(raw);
    // Encoded once, for this answer and every hit after it.
    const kept = { ...response, raw, bytes, headers: { ...response.headers, 'content-length': String(bytes.length) } };
    this.answers.set(key, kept);
    return kept;
  }

  /** Whether this URL was asked within the last RECENT_WINDOW requests (and notes that it was asked now). */
  private askedRecently(key: string, requestNumber: number): boolean {
    const last = this.lastAsked.get(key);
    if (this.lastAsked.size >= RECENT_ENTRIES) this.lastAsked.clear();
    this.lastAsked.set(key, requestNumber);
    return last !== undefined && requestNumber - last <= RECENT_WINDOW;
  }
}
