import type { ApiSet } from '../contract/api-set.js';
import type { ListOperation } from '../contract/operation-types.js';
import type { ApiName } from '../contract/registry.js';
import type { MockStore } from './store.js';

/** What an operation reads from a request: no Fetch objects, so Node and MSW share it cheaply. */
export interface MockRequest {
  method: string;
  /** Path below the API's base, e.g. `/v1/sessions/sesn_demo/background_tasks`. */
  path: string;
  query: URLSearchParams;
  /** The query string as received (`?a=1`), when the adapter has it: a cheaper cache key. */
  search?: string;
  /** The request's `Prefer` header, when it has one (`code=503`: see outages.ts). */
  prefer?: string;
  /** A POST's body as text (a JSON-RPC call: json-rpc.ts). */
  body?: string;
  /** The request's headers, names in lower case (a handshake's session, A2A's version). */
  headers?: Readonly<Record<string, string | string[] | undefined>>;
  /** The session a handshake opened that the request is made in (handshake.ts), for the list to read. */
  session?: string;
  /** The API's base URL as the client called it (`http://127.0.0.1:4010/a2a`), for a document naming it. */
  base?: string;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON value; or, with `raw`, the exact text to send. */
  body: unknown;
  raw?: string;
  /** The encoded body, with `content-length` already in `headers` (cached responses). */
  bytes?: Uint8Array;
  /** Delay before sending, in ms (set by the app from --latency and the scenario step). */
  delayMs?: number;
  /** Drop the connection instead of answering (an asked-for network error), after `delayMs`. */
  networkError?: true;
  /** The error type the operation's data documents for this refusal: the code a JSON-RPC binding answers with. */
  errorType?: string;
}

export interface MockContext {
  /** The API set the mock serves: what every per-API fact is read from. */
  apis: ApiSet;
  store: MockStore;
  /** Rule and law ids the mock is asked to break (see allFaults()). */
  faults: ReadonlySet<string>;
  /** Counts requests served. */
  requestNumber: number;
  /**
   * Counts first-page requests (no cursor): faults that change over time flip on it, so every
   * page of one walk sees the same state and successive walks see different ones.
   */
  walkNumber: number;
  /** Per-mock memory for faults that depend on what a client has already seen. */
  faultMemory: Map<string, number>;
}

/** What the mock does for one operation of the contract (a `ListOperation`): its documented behaviour. */
export type OperationBehaviour = (
  request: MockRequest,
  context: MockContext,
  params: Record<string, string>,
) => MockResponse;

export interface Route {
  api: ApiName;
  method: string;
  /** Path template, `{name}` segments captured as params. */
  template: string;
  /** The contract's operation id. */
  operationId: string;
  operation: OperationBehaviour;
  /** The contract's operation itself (what the faults read). */
  op: ListOperation;
}

/**
 * An API's words for the kinds of error it answers: not found, method not allowed, a server error,
 * any other refusal.
 */
export interface ErrorCodes {
  notFound: string;
  /** Absent: the API has no word of its own for it, and it is another refusal. */
  methodNotAllowed?: string;
  server: string;
  other: string;
}
