/**
 * The mock's side of an operation bound as JSON-RPC 2.0 over POST (`binding: { kind: 'json-rpc' }`): the
 * call is read from the body, its params handed to the operation's behaviour as the query a GET would
 * carry (so the derived list and the faults serve it as they serve a GET), and the answer put in the
 * response envelope. Bad input gets the protocol's own answer, always HTTP 200 with an error object: -32700
 * for a body that is no JSON, -32600 for no Request object, -32601 for another method, -32602 for params
 * that are no object, of the wrong JSON type, or refused by the list. JSON-RPC 2.0:
 * https://www.jsonrpc.org/specification.
 */
import { JSON_RPC_ERRORS, jsonRpcBinding, paramsAsQuery } from '../contract/json-rpc.js';
import type { ListOperation } from '../contract/operation-types.js';
import { isObject } from '../contract/rules/check-helpers.js';
import type { MockRequest, MockResponse } from './types.js';

/** The most calls one batch may hold: a larger one is answered -32600, and the mock stays up. */
const MAX_BATCH = 100;

type Id = string | number | null;

const HEADERS = { 'content-type': 'application/json' };

/** A response object's text (`result` given as its JSON text, so a page's cached text is reused). */
const resultText = (id: Id, result: string) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`;

function errorObject(id: Id, code: number, message: string): object {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

const answer = (body: object): MockResponse => ({ status: 200, headers: HEADERS, body });

/**
 * "The Server MUST NOT reply to a Notification, including those that are within a batch request"
 * (JSON-RPC 2.0, 4.1): over HTTP, an answer with no body, 204 No Content.
 */
const NO_REPLY: MockResponse = { status: 204, headers: {}, body: undefined, raw: '' };

/** A call's answer from the list's REST-like answer: a 200 is the result, anything else an error object. */
function envelope(id: Id, response: MockResponse): MockResponse {
  if (response.status === 200) {
    const { bytes: _encoded, ...rest } = response;
    return {
      ...rest,
      headers: HEADERS,
      body: undefined,
      raw: resultText(id, response.raw ?? JSON.stringify(response.body)),
    };
  }
  const body = isObject(response.body) ? response.body : {};
  // An error object of the list's own, or one its body nests (A2A's google.rpc.Status: {"error": {code, message}}).
  const error = isObject(body.error) ? body.error : body;
  // The code the operation's data documents (its refusals' errorType), else the protocol's for the status.
  const documented = Number(response.errorType ?? error.code);
  const code =
    Number.isInteger(documented) && documented <= -32000 ? documented : response.status >= 500 ? -32603 : -32602;
  const message = typeof error.message === 'string' ? error.message : `refused with ${response.status}`;
  return { ...answer(errorObject(id, code, message)), ...(response.delayMs ? { delayMs: response.delayMs } : {}) };
}

/** One call's answer, or undefined for a notification (no reply). */
function call(
  op: ListOperation,
  request: MockRequest,
  message: unknown,
  run: (inner: MockRequest) => MockResponse,
): MockResponse | undefined {
  const invalid = (why: string) => answer(errorObject(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: ${why}`));
  if (!isObject(message)) return invalid('a call is a JSON object');
  if (message.jsonrpc !== '2.0') return invalid('"jsonrpc" must be exactly "2.0"');
  if (typeof message.method !== 'string') return invalid('"method" must be a string');
  const notification = !('id' in message);
  const { id } = message;
  if (!notification && id !== null && typeof id !== 'string' && typeof id !== 'number')
    return invalid('"id" must be a string, a number or null');
  if ('params' in message && (typeof message.params !== 'object' || message.params === null))
    return invalid('"params" must be an object or an array');
  const refuse = (code: number, text: string) => (notification ? undefined : answer(errorObject(id as Id, code, text)));
  const method = jsonRpcBinding(op)!.method;
  if (message.method !== method)
    return refuse(
      JSON_RPC_ERRORS.methodNotFound,
      `Method not found: ${message.method.slice(0, 64)}; this is ${method}`,
    );
  if (Array.isArray(message.params))
    return refuse(JSON_RPC_ERRORS.invalidParams, `Invalid params: ${method} takes its params by name, as an object`);
  const query = paramsAsQuery(op, (message.params ?? {}) as Record<string, unknown>);
  if (typeof query === 'string') return refuse(JSON_RPC_ERRORS.invalidParams, `Invalid params: ${query}`);
  const response = run({
    method: 'GET',
    path: request.path,
    query,
    ...(request.headers === undefined ? {} : { headers: request.headers }),
  });
  return notification ? undefined : envelope(id as Id, response);
}

/** The answer to a POST of one call or a batch of calls to a JSON-RPC operation. */
export function jsonRpcAnswer(
  op: ListOperation,
  request: MockRequest,
  run: (inner: MockRequest) => MockResponse,
): MockResponse {
  let message: unknown;
  try {
    message = JSON.parse(request.body ?? '');
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(0, 200) : 'not JSON';
    return answer(errorObject(null, JSON_RPC_ERRORS.parseError, `Parse error: ${why}`));
  }
  if (!Array.isArray(message)) return call(op, request, message, run) ?? NO_REPLY;
  const invalid = (why: string) => answer(errorObject(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: ${why}`));
  // "an Array with at least one value" (6 Batch).
  if (message.length === 0) return invalid('a batch holds at least one call');
  if (message.length > MAX_BATCH) return invalid(`a batch of ${message.length} calls; the mock answers ${MAX_BATCH}`);
  const answers = message.flatMap((one) => {
    const reply = call(op, request, one, run);
    if (!reply) return [];
    return [reply.raw ?? JSON.stringify(reply.body)];
  });
  // "If there are no Response objects contained within the Response array ... the server MUST NOT return an
  // empty Array and should return nothing at all" (6 Batch).
  if (answers.length === 0) return NO_REPLY;
  return { status: 200, headers: HEADERS, body: undefined, raw: `[${answers.join(',')}]` };
}
