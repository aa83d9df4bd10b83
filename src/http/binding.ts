/**
 * A list request as the operation's binding sends it (`ListOperation.binding`): a GET of url?query, or a
 * JSON-RPC call POSTed to url whose answer is handed on as the REST answer it stands for
 * (`judgedAnswer`, contract/json-rpc.ts), so that every law reads it as it reads a GET's. A call in a session
 * a handshake opens carries the session's headers (handshake.ts); one the server answers as an unknown
 * session is sent once more in a new session, unless it was sent in a `session` given for it alone (a probe of
 * an id the server never gave), which is sent as it is and never in another.
 */
import {
  acceptOf,
  handshakeOf,
  jsonRpcBinding,
  judgedAnswer,
  nextCallId,
  operationHeaders,
  requestText,
} from '../contract/json-rpc.js';
import type { ListOperation } from '../contract/operation-types.js';
import type { HttpClient, HttpResult } from './client.js';
import { Handshakes } from './handshake.js';

export async function requestFor(
  client: Pick<HttpClient, 'request'>,
  op: ListOperation,
  url: URL,
  query: ReadonlyArray<readonly [string, string]>,
  handshakes: Handshakes = new Handshakes(),
  session?: string,
): Promise<HttpResult> {
  const binding = jsonRpcBinding(op);
  const documented = operationHeaders(op);
  if (!binding) return client.request(url, query, undefined, { headers: documented });
  const handshake = handshakeOf(op);
  // Each call its own id, the one its answer must carry.
  let id = 0;
  const send = async (inSession: Record<string, string>) => {
    id = nextCallId();
    return client.request(url, query, requestText(op, query, id), {
      // The operation's own headers last: a request sent with a refused version in place of the session's.
      headers: { accept: acceptOf(op), ...inSession, ...documented },
      eventStream: binding.eventStream === true,
    });
  };
  let result: HttpResult;
  if (!handshake) result = await send({});
  else if (session !== undefined) result = await send({ [handshake.header]: session });
  else {
    const open = handshakes.headers(client, op, handshake, url);
    result = await send(await open);
    if (result.exchange?.status === handshake.unknown.status && Object.keys(await open).length > 0) {
      handshakes.drop(url, open);
      result = await send(await handshakes.headers(client, op, handshake, url));
    }
  }
  const { exchange } = result;
  if (!exchange || exchange.bodyError !== undefined || exchange.bodyCut) return result;
  const judged = judgedAnswer(exchange.status, exchange.body, id);
  return { ...result, exchange: { ...exchange, ...judged } };
}
