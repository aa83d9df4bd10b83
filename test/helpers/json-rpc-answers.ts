/**
 * What the mock must answer a POST to an operation bound as JSON-RPC 2.0, predicted from the specification
 * (https://www.jsonrpc.org/specification) and the operation's data alone, never from the mock's code: the fuzz
 * test and the control model hold the mock's answers to it. Where a handshake opens the session, its call opens
 * one and every other request must name an open one (the data's `missing` and `unknown` refusals).
 */
import { handshakeOf, JSON_RPC_ERRORS, jsonRpcBinding } from '../../src/contract/json-rpc.js';
import type { ListOperation } from '../../src/contract/operation-types.js';
import { itemsOf } from '../../src/contract/operations.js';

/**
 * One response object a body gets: an error with its code, the handshake's result, a page (`result`), or a call
 * whose params only the list can judge (`listed`: a page, or its refusal as Invalid params).
 */
export type Reply =
  | { id: unknown; code: number }
  | { id: unknown; handshake: true }
  | { id: unknown; result: true }
  | { id: unknown; listed: true };

/** The answer a body gets: its HTTP status and its response objects (none for notifications alone). */
export interface Expected {
  status: number;
  replies: Reply[];
  /** Whether the replies come as an array (a batch). */
  batch: boolean;
  /** Whether the answer opens a session (the handshake's call). */
  opens: boolean;
}

/** The session a request to an operation a handshake opens sessions for names. */
export type SessionState = 'missing' | 'unknown' | 'open';

/** What the list makes of a call's named params, where the caller knows: a page, or the error's code. */
type Judged = (params: unknown) => 'result' | number | undefined;

/** The operations of a set bound as JSON-RPC. */
export const jsonRpcOperations = (ops: readonly ListOperation[]) => ops.filter((op) => jsonRpcBinding(op));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id as it comes back: what JSON makes of it. */
const echoed = (id: unknown): unknown => JSON.parse(JSON.stringify(id) ?? 'null');

const invalidRequest: Reply = { id: null, code: JSON_RPC_ERRORS.invalidRequest };

/**
 * The reply to one Request object ("4 Request object", "4.1 Notification", "5.1 Error object"), or none for a
 * notification. `judged`: what the list makes of a call of its method with named params.
 */
function replyTo(op: ListOperation, message: unknown, judged: Judged): Reply | undefined {
  if (!isObject(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return invalidRequest;
  const notification = !('id' in message);
  const { id } = message;
  // "An identifier established by the Client that MUST contain a String, Number, or NULL value if included".
  if (!notification && id !== null && typeof id !== 'string' && typeof id !== 'number') return invalidRequest;
  // "If present, parameters for the rpc call MUST be provided as a Structured value."
  if ('params' in message && typeof message.params !== 'object') return invalidRequest;
  if ('params' in message && message.params === null) return invalidRequest;
  // "The Server MUST NOT reply to a Notification".
  if (notification) return undefined;
  if (message.method !== jsonRpcBinding(op)!.method) return { id: echoed(id), code: JSON_RPC_ERRORS.methodNotFound };
  // The operations take their params by name.
  if (Array.isArray(message.params)) return { id: echoed(id), code: JSON_RPC_ERRORS.invalidParams };
  const verdict = judged(message.params ?? {});
  if (verdict === 'result') return { id: echoed(id), result: true };
  if (typeof verdict === 'number') return { id: echoed(id), code: verdict };
  return { id: echoed(id), listed: true };
}

/**
 * The answer a POST of `text` gets. `session`: the session the request names, for an operation whose session a
 * handshake opens; `judged`: what the list makes of given params, where the caller knows (a page or a code).
 */
export function expectedAnswer(
  op: ListOperation,
  text: string,
  session: SessionState = 'open',
  judged: Judged = () => undefined,
): Expected {
  const handshake = handshakeOf(op);
  let message: unknown;
  let parsed = true;
  try {
    message = JSON.parse(text);
  } catch {
    parsed = false;
  }
  const one = (status: number, reply: Reply, opens = false): Expected => ({
    status,
    replies: [reply],
    batch: false,
    opens,
  });
  if (handshake) {
    if (parsed && isObject(message) && message.method === handshake.call.method) {
      // MCP: "the ID MUST NOT be `null`" (schema.ts), so the call that opens a session has a string or number id.
      const valid =
        message.jsonrpc === '2.0' &&
        (typeof message.id === 'string' || typeof message.id === 'number') &&
        (!('params' in message) || (typeof message.params === 'object' && message.params !== null));
      return valid ? one(200, { id: echoed(message.id), handshake: true }, true) : one(400, invalidRequest);
    }
    const refusal = session === 'missing' ? handshake.missing : session === 'unknown' ? handshake.unknown : undefined;
    if (refusal)
      return one(refusal.status, { id: null, code: Number(refusal.errorType ?? JSON_RPC_ERRORS.invalidRequest) });
  }
  if (!parsed) return one(200, { id: null, code: JSON_RPC_ERRORS.parseError });
  const noReply = handshake ? handshake.acceptedStatus : 204;
  const reply = (m: unknown) => replyTo(op, m, judged);
  if (!Array.isArray(message)) {
    const single = reply(message);
    return single ? one(200, single) : { status: noReply, replies: [], batch: false, opens: false };
  }
  // "an Array with at least one value".
  if (message.length === 0) return one(200, invalidRequest);
  const replies = message.map(reply).filter((r): r is Reply => r !== undefined);
  // "If there are no Response objects contained within the Response array ... should return nothing at all".
  return replies.length === 0
    ? { status: noReply, replies: [], batch: false, opens: false }
    : { status: 200, replies, batch: true, opens: false };
}

/** The JSON-RPC message(s) an answer carries: its JSON, or the `data:` lines of its event stream. */
export function messagesOf(contentType: string, text: string): unknown {
  if (!contentType.startsWith('text/event-stream')) return JSON.parse(text);
  const data = [...text.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
  return JSON.parse(data);
}

/** Whether one response object is the reply expected: the envelope, the id, and the error's code or the result. */
function fits(op: ListOperation, reply: Reply, actual: unknown): boolean {
  if (!isObject(actual) || actual.jsonrpc !== '2.0' || !('id' in actual)) return false;
  if (JSON.stringify(actual.id) !== JSON.stringify(reply.id)) return false;
  if ('result' in actual === 'error' in actual) return false;
  const error = actual.error;
  const errorCode = isObject(error) && typeof error.message === 'string' ? error.code : undefined;
  if ('code' in reply) return errorCode === reply.code;
  if ('handshake' in reply) return isObject(actual.result);
  const page = 'result' in actual && itemsOf(op, actual.result) !== undefined;
  if ('result' in reply) return page;
  return page || errorCode === JSON_RPC_ERRORS.invalidParams;
}

/**
 * What is wrong with an answer (its status, media type and text) against the expected one: nothing when it fits.
 * A batch's replies may come in any order ("The Response objects being returned from a batch call MAY be returned
 * in any order within the Array"), so each is matched by its id and content, exact codes first.
 */
export function answerProblems(
  op: ListOperation,
  expected: Expected,
  status: number,
  contentType: string,
  text: string,
) {
  const problems: string[] = [];
  if (status !== expected.status) problems.push(`status ${status}, expected ${expected.status}`);
  if (expected.replies.length === 0) {
    if (text !== '') problems.push(`a body (${text.slice(0, 80)}) where no reply is due`);
    return problems;
  }
  let body: unknown;
  try {
    body = messagesOf(contentType, text);
  } catch {
    return [...problems, `no JSON-RPC message in ${contentType}: ${text.slice(0, 120)}`];
  }
  const streamed = status === 200 && jsonRpcBinding(op)?.eventStream === true;
  if (streamed !== contentType.startsWith('text/event-stream'))
    problems.push(`content-type ${contentType}${streamed ? ', expected an event stream' : ''}`);
  if (Array.isArray(body) !== expected.batch) problems.push(expected.batch ? 'no array for a batch' : 'an array');
  const actual = Array.isArray(body) ? [...body] : [body];
  if (actual.length !== expected.replies.length)
    problems.push(`${actual.length} replies, expected ${expected.replies.length}`);
  const ordered = [...expected.replies].sort((a, b) => Number('listed' in a) - Number('listed' in b));
  for (const reply of ordered) {
    const at = actual.findIndex((one) => fits(op, reply, one));
    if (at === -1) problems.push(`no reply ${JSON.stringify(reply)} in ${JSON.stringify(body).slice(0, 300)}`);
    else actual.splice(at, 1);
  }
  return problems;
}
