/**
 * The mock's side of a session a handshake opens (`session: { in: 'handshake' }`, MCP's `initialize`): the
 * handshake's call (a valid Request object, else 400 with -32600) opens a session of its own in the store,
 * named in the response header the data gives; every other request must name an open session there, else it
 * is refused as the data says (MCP: 400 without one, 404 for one the server does not hold), each with a
 * JSON-RPC error object that has no id. A notification in an open session is accepted with `acceptedStatus`
 * and no body; a call is answered by the list in its session (json-rpc.ts), as an event stream where the
 * binding says answers may be one.
 */
import { EVENT_STREAM, eventStreamOf } from '../contract/event-stream.js';
import { handshakeOf, JSON_RPC_ERRORS, jsonRpcBinding } from '../contract/json-rpc.js';
import type { Handshake, ListOperation } from '../contract/operation-types.js';
import { valueAt } from '../contract/pointer.js';
import { isObject } from '../contract/rules/check-helpers.js';
import { headerValue } from './derived/request.js';
import { jsonRpcAnswer } from './json-rpc.js';
import type { MockContext, MockRequest, MockResponse } from './types.js';

/** A JSON-RPC error that answers no call, with the HTTP status the data gives. */
function refusal(status: number, code: string | undefined, message: string): MockResponse {
  const error = { code: Number(code ?? JSON_RPC_ERRORS.invalidRequest), message };
  return { status, headers: { 'content-type': 'application/json' }, body: { jsonrpc: '2.0', id: null, error } };
}

/** The session header's value, when the request has one. */
function sessionHeader(request: MockRequest, handshake: Handshake): string | undefined {
  const value = request.headers?.[handshake.header.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** A 200 answer as the binding gives it: an event stream of its one message, where answers may be one. */
function framed(op: ListOperation, response: MockResponse): MockResponse {
  if (response.status !== 200 || !jsonRpcBinding(op)?.eventStream) return response;
  const { bytes: _encoded, ...rest } = response;
  const json = response.raw ?? JSON.stringify(response.body);
  return {
    ...rest,
    headers: { ...response.headers, 'content-type': EVENT_STREAM },
    body: undefined,
    raw: eventStreamOf(json),
  };
}

/** The call that opens a session, if the body is one (a single message naming the handshake's method). */
function openingCall(body: string | undefined, handshake: Handshake): Record<string, unknown> | undefined {
  if (body === undefined || !body.includes(handshake.call.method)) return undefined;
  try {
    const message: unknown = JSON.parse(body);
    return isObject(message) && message.method === handshake.call.method ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The refusal of a version header whose value is not the one the handshake gave, where the documents say how one
 * is refused (MCP: "If the server receives a request with an invalid or unsupported `MCP-Protocol-Version`, it
 * **MUST** respond with `400 Bad Request`"). A request without one is answered: MCP's server "SHOULD assume" a
 * version then.
 */
function refusedVersion(handshake: Handshake, request: MockRequest): MockResponse | undefined {
  const header = handshake.versionHeader;
  if (!header?.rejected) return undefined;
  const value = headerValue(request, header.name);
  const spoken = valueAt(handshake.result, header.pointer);
  if (value === undefined || value === spoken) return undefined;
  const { status, errorType } = header.rejected;
  const message =
    `Bad Request: ${header.name} ${JSON.stringify(value.slice(0, 64))} is not supported; ` +
    `this mock speaks ${String(spoken)}: send ${header.name}: ${String(spoken)}, or none`;
  return refusal(status === '4xx' ? 400 : status, errorType, message);
}

/** The answer to a POST to an operation whose session a handshake opens. */
export function handshakeAnswer(
  op: ListOperation,
  request: MockRequest,
  context: MockContext,
  run: (inner: MockRequest) => MockResponse,
): MockResponse {
  const handshake = handshakeOf(op)!;
  const opening = openingCall(request.body, handshake);
  if (opening) {
    // A Request object (JSON-RPC 2.0, 4), whose id MCP says "MUST NOT be `null`".
    if (opening.jsonrpc !== '2.0')
      return refusal(400, undefined, `Invalid Request: ${handshake.call.method}'s "jsonrpc" must be exactly "2.0"`);
    if ('params' in opening && (typeof opening.params !== 'object' || opening.params === null))
      return refusal(
        400,
        undefined,
        `Invalid Request: ${handshake.call.method}'s "params" must be an object or an array`,
      );
    if (typeof opening.id !== 'string' && typeof opening.id !== 'number')
      return refusal(
        400,
        undefined,
        `Invalid Request: ${handshake.call.method} is a call: give it a string or number id`,
      );
    const session = globalThis.crypto.randomUUID();
    context.store.openSession(op.api, session);
    const answer = { jsonrpc: '2.0', id: opening.id, result: handshake.result };
    return framed(op, {
      status: 200,
      headers: { 'content-type': 'application/json', [handshake.header.toLowerCase()]: session },
      body: answer,
    });
  }
  const session = sessionHeader(request, handshake);
  if (session === undefined)
    return refusal(
      handshake.missing.status,
      handshake.missing.errorType,
      `Bad Request: no ${handshake.header} header; open a session with ${handshake.call.method} first`,
    );
  if (!context.store.hasSession(op.api, session))
    return refusal(
      handshake.unknown.status,
      handshake.unknown.errorType,
      `Session not found: open another with ${handshake.call.method}`,
    );
  const version = refusedVersion(handshake, request);
  if (version) return version;
  context.store.usedSession(op.api, session);
  const answer = jsonRpcAnswer(op, request, (inner) => run({ ...inner, session }));
  // A notification (or a batch of them) the server accepts: no body.
  if (answer.status === 204) return { ...answer, status: handshake.acceptedStatus };
  return framed(op, answer);
}
