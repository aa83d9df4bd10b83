/**
 * Laws over the status and content type of an answer: no 5xx, 200 for a valid request, JSON labelled as such,
 * and a JSON-RPC call's answer a response object.
 */
import { contractOfOperation } from '../api-set.js';
import { isEventStream } from '../event-stream.js';
import { jsonRpcBinding } from '../json-rpc.js';
import { carriesJson, NOTHING, statusSource, statusWords, violationOf } from './common.js';
import { defineLaw, everyOperation } from './define.js';
import type { Exchange, Judgement, LawRef } from './types.js';

const fiveHundred = (law: LawRef, exchange: Exchange, what: string): Judgement => ({
  judged: 1,
  violations:
    exchange.status >= 500 ? [violationOf(law, '', `${what} got ${statusWords(exchange)}`, exchange.status)] : [],
});

export const notAServerError = defineLaw({
  id: 'not-a-server-error',
  appliesTo: everyOperation,
  statement: 'No request, valid or not, gets a 5xx.',
  source: statusSource,
  unexercised: 'no request was answered',
  check: {
    page: (s, { law }) => fiveHundred(law, s.exchange, 'a valid request'),
    // An expectation of no law: a request whose answer the documents do not state (an unknown session's).
    error: (s, { law }) =>
      fiveHundred(
        law,
        s.exchange,
        s.expected.law === '' ? 'a request' : `a request that must get ${s.expected.status}`,
      ),
  },
});

export const statusCode = defineLaw({
  id: 'status-code',
  appliesTo: everyOperation,
  statement: 'A valid request gets 200.',
  source: statusSource,
  unexercised: 'no valid request was answered',
  check: {
    page(s, { law }) {
      if (s.exchange.status >= 500 || s.acceptedBy) return NOTHING;
      return {
        judged: 1,
        violations:
          s.exchange.status === 200
            ? []
            : [
                violationOf(
                  law,
                  '',
                  `a valid request got ${statusWords(s.exchange)}, expected ${s.exchange.rpc ? 'a result' : '200'}`,
                  s.exchange.status,
                ),
              ],
      };
    },
  },
});

/** Whether the operation's answers may come as an event stream (MCP's Streamable HTTP). */
const streams = (op: Parameters<typeof jsonRpcBinding>[0]) => jsonRpcBinding(op)?.eventStream === true;

export const contentType = defineLaw({
  id: 'content-type',
  appliesTo: everyOperation,
  statement: (op) =>
    streams(op)
      ? 'A 200 carries a JSON body labelled application/json, or an event stream (text/event-stream) carrying it.'
      : 'A 200 carries a JSON body labelled application/json.',
  source: (op) =>
    op.sources?.mediaType ?? {
      file: contractOfOperation(op).specFile,
      sentence: `${op.operationId} 200: content application/json`,
    },
  unexercised: 'no request got a 200',
  check: {
    page({ exchange }, { law, op }) {
      // A JSON-RPC answer without a result or an error to judge is json-rpc-response's finding.
      if (exchange.status !== 200 || (exchange.rpc?.problem !== undefined && exchange.body === undefined))
        return NOTHING;
      // A body cut at the size cap was never read: only its label can be judged.
      const streamed = carriesJson(op, exchange.contentType) && isEventStream(exchange.contentType);
      const problem =
        exchange.body === undefined && !exchange.bodyCut
          ? violationOf(
              law,
              '',
              streamed
                ? `the 200 event stream carries no JSON-RPC response to the call (${exchange.bodyError ?? 'no body'})`
                : `the 200 response body is not JSON (content-type ${exchange.contentType ?? 'missing'}` +
                    `${exchange.bodyError ? `; ${exchange.bodyError}` : ''})`,
            )
          : carriesJson(op, exchange.contentType)
            ? undefined
            : violationOf(
                law,
                '',
                `the 200 response is ${exchange.bodyCut ? '' : 'JSON but '}labelled ` +
                  `${exchange.contentType ?? '(no content-type)'}, ` +
                  'not application/json',
                exchange.contentType,
              );
      return { judged: 1, violations: problem ? [problem] : [] };
    },
  },
});

/** An HTTP 200 that answers a JSON-RPC call is a response object (JSON-RPC 2.0, "5 Response object"). */
function rpcResponse({ exchange }: { exchange: Exchange }, { law }: { law: LawRef }): Judgement {
  if (exchange.rpc === undefined) return NOTHING;
  const { problem } = exchange.rpc;
  return {
    judged: 1,
    violations: problem === undefined ? [] : [violationOf(law, '', `not a JSON-RPC 2.0 response: ${problem}`)],
  };
}

export const jsonRpcResponse = defineLaw({
  id: 'json-rpc-response',
  appliesTo: (op) => jsonRpcBinding(op) !== undefined,
  statement:
    'A call answered with HTTP 200 gets a JSON-RPC 2.0 response object: "jsonrpc" exactly "2.0", the id of the call, ' +
    'and a result or an error with an integer code, not both.',
  source: (op) =>
    jsonRpcBinding(op)?.source ?? {
      file: contractOfOperation(op).specFile,
      sentence: `${op.operationId}: the JSON-RPC 2.0 method ${jsonRpcBinding(op)?.method}`,
    },
  unexercised: 'no call was answered with HTTP 200',
  check: { page: rpcResponse, error: rpcResponse },
});
