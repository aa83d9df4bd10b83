/**
 * An operation bound as a JSON-RPC 2.0 call over POST (`binding: { kind: 'json-rpc', method }`): the
 * request the runner sends for a query, and how its answer is judged. The runner and the mock both read
 * the error codes from here. JSON-RPC 2.0 (https://www.jsonrpc.org/specification) is quoted where it decides.
 */
import { apisOf } from './api-set.js';
import { resolvedSchema } from './openapi.js';
import type { Binding, Handshake, ListOperation, RejectedParam } from './operation-types.js';
import { isObject } from './rules/check-helpers.js';
import { findOperation } from './schema.js';

type JsonRpcBinding = Extract<Binding, { kind: 'json-rpc' }>;

/**
 * The error codes JSON-RPC 2.0 defines ("5.1 Error object": -32700 Parse error, -32600 Invalid Request,
 * -32601 Method not found, -32602 Invalid params, -32603 Internal error).
 */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/**
 * The id of a printed call. A run numbers the calls it sends from 2 (`nextCallId`), each its own: MCP says "The
 * request ID MUST NOT have been previously used by the requestor within the same session", so a printed request
 * replayed in the session a run asked in reuses none of the run's ids.
 */
const PRINTED_ID = 1;
let lastCallId = PRINTED_ID;

/** A new id for a call the runner sends, used by no other call in this process. */
export const nextCallId = (): number => ++lastCallId;

/** The operation's JSON-RPC binding, if it has one. */
export function jsonRpcBinding(op: Pick<ListOperation, 'binding'>): JsonRpcBinding | undefined {
  return op.binding?.kind === 'json-rpc' ? op.binding : undefined;
}

/** A header whose values the documents say are refused in place of the one a request carries, and how. */
export interface RefusedHeader {
  name: string;
  rejected: Omit<RejectedParam, 'param'>;
}

/** The operation's headers with refused values, and its handshake's version header where that has some. */
export function refusedHeaders(op: Pick<ListOperation, 'headers' | 'session'>): RefusedHeader[] {
  const version = handshakeOf(op)?.versionHeader;
  return [...(op.headers ?? []), ...(version ? [version] : [])].flatMap(({ name, rejected }) =>
    rejected ? [{ name, rejected }] : [],
  );
}

/** The headers the documents say every request of the operation carries, by name. */
export function operationHeaders(op: Pick<ListOperation, 'headers'>): Record<string, string> {
  return Object.fromEntries((op.headers ?? []).map((h) => [h.name, h.value]));
}

/** The handshake that opens the operation's session, if a handshake gives it one. */
export function handshakeOf(op: Pick<ListOperation, 'session'>): Handshake | undefined {
  return op.session.in === 'handshake' ? op.session : undefined;
}

/** The `Accept` header of the operation's calls: both media types where the answer may be an event stream. */
export const acceptOf = (op: Pick<ListOperation, 'binding'>): string =>
  jsonRpcBinding(op)?.eventStream ? 'application/json, text/event-stream' : 'application/json';

/** The call that opens a session (its id 0: the handshake's own, apart from the list's calls). */
export const handshakeCallText = (handshake: Handshake): string =>
  JSON.stringify({ jsonrpc: '2.0', id: 0, method: handshake.call.method, params: handshake.call.params });

/** The notification sent once the handshake's call is answered. */
export const notificationText = (method: string): string => JSON.stringify({ jsonrpc: '2.0', method });

/** The HTTP method a request of the operation is sent with. */
export const httpMethodOf = (op: Pick<ListOperation, 'binding'>): 'GET' | 'POST' =>
  jsonRpcBinding(op) ? 'POST' : 'GET';

/** What the spec's schema of a parameter says its JSON type is (the first one it names). */
function paramTypeOf(op: ListOperation, name: string): string | undefined {
  const apis = apisOf(op);
  return apis
    .derive(`json-rpc-param-types|${op.api}|${op.operationId}`, () => {
      const { operation } = findOperation(op.api, op.operationId, apis);
      const spec = apis.contractOf(op.api).spec;
      const types = new Map<string, string>();
      for (const param of operation.parameters ?? []) {
        const schema = resolvedSchema(spec, param.schema);
        const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
        if (typeof type === 'string') types.set(param.name, type);
      }
      return types;
    })
    .get(name);
}

/**
 * A query value as the JSON value of a param: a number or a boolean where the param's schema says so and the
 * text is one, else the text (an invalid value is sent as given, for the server to refuse).
 */
function paramValue(op: ListOperation, name: string, text: string): unknown {
  const type = paramTypeOf(op, name);
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text) && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The `params` object of a query: each parameter a member, one given twice an array of its values. */
function paramsOf(op: ListOperation, query: readonly (readonly [string, string])[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, text] of query) {
    const value = paramValue(op, name, text);
    const earlier = params[name];
    params[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return params;
}

/** The body of the call that asks for a query, with its id (a printed call's, or `nextCallId`'s as sent). */
export function requestText(
  op: ListOperation,
  query: readonly (readonly [string, string])[],
  id: number = PRINTED_ID,
): string {
  const binding = jsonRpcBinding(op);
  if (!binding) throw new Error(`${op.api}.${op.operationId} is no JSON-RPC operation`);
  return JSON.stringify({ jsonrpc: '2.0', id, method: binding.method, params: paramsOf(op, query) });
}

/** An answer as the runner's laws judge it: a status and a body, and what the JSON-RPC response was. */
export interface JudgedAnswer {
  status: number;
  body: unknown;
  /** Absent when the call got no HTTP 200; `problem` when the 200 is no response object. */
  rpc?: { problem?: string };
}

/**
 * A JSON-RPC answer as the REST answer it stands for. An HTTP status other than 200 is judged as it is
 * (the call was not answered by the method), a response object's error object its body. A `result` is a 200 of
 * the result; an `error` a refusal of its error object: 400, or 500 for -32603 ("Internal JSON-RPC error.").
 * The other codes, -32000 to -32099 included (JSON-RPC 2.0 reserves them for "implementation-defined
 * server-errors", which protocols built on it use for refusals: MCP's missing session is -32000), are refusals:
 * none is judged a server error. What makes it no response object ("jsonrpc" exactly "2.0", the request's id,
 * exactly one of result and error: JSON-RPC 2.0 "5 Response object") is its `problem`; without one result or
 * error it has no body to judge.
 * `sentId` is the call's id: the runner's, or the one a client sent (the contract matcher).
 */
export function judgedAnswer(status: number, body: unknown, sentId: unknown = PRINTED_ID): JudgedAnswer {
  // A response object with an error, sent with another status (MCP's 400 Bad Request): its error object is the body
  // the status's schema describes, as it is under a 200.
  if (status !== 200)
    return isObject(body) && body.jsonrpc === '2.0' && isObject(body.error) && !('result' in body)
      ? { status, body: body.error }
      : { status, body };
  const wrong = (problem: string): JudgedAnswer => ({ status, body: undefined, rpc: { problem } });
  if (!isObject(body)) return wrong('the body is no object');
  const hasResult = 'result' in body;
  if (hasResult === 'error' in body) return wrong(hasResult ? 'both "result" and "error"' : 'no "result" nor "error"');
  const problem =
    body.jsonrpc !== '2.0'
      ? `"jsonrpc" is ${JSON.stringify(body.jsonrpc) ?? 'absent'}, not "2.0"`
      : body.id !== sentId
        ? `"id" is ${JSON.stringify(body.id) ?? 'absent'}, not the ${JSON.stringify(sentId)} sent`
        : undefined;
  const rpc = problem === undefined ? {} : { problem };
  if (hasResult) return { status: 200, body: body.result, rpc };
  const error = body.error;
  const code = isObject(error) ? error.code : undefined;
  if (typeof code !== 'number' || !Number.isInteger(code)) return wrong('"error" has no integer "code"');
  return { status: code === JSON_RPC_ERRORS.internalError ? 500 : 400, body: error, rpc };
}

/**
 * The params of a call as a GET's query: text as it is, numbers and booleans written out, a list repeated;
 * or what is wrong with one, where its JSON type is not its parameter's.
 */
export function paramsAsQuery(op: ListOperation, params: Record<string, unknown>): URLSearchParams | string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      const type = paramTypeOf(op, name);
      const json = typeof one;
      const fits =
        json === 'string' ||
        (json === 'number' && (type === 'integer' || type === 'number')) ||
        (json === 'boolean' && type === 'boolean');
      if (!fits) return `params.${name.slice(0, 64)} is ${one === null ? 'null' : json}; give ${type ?? 'a string'}`;
      query.append(name, String(one));
    }
  }
  return query;
}
