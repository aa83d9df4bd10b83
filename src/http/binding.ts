/**
 * A list request as the operation's binding sends it (`ListOperation.binding`): a GET of url?query, or a
 * JSON-RPC call POSTed to url whose answer is handed on as the REST answer it stands for
 * (`judgedAnswer`, contract/json-rpc.ts), so that every law reads it as it reads a GET's.
 */
import { jsonRpcBinding, judgedAnswer, requestText } from '../contract/json-rpc.js';
import type { ListOperation } from '../contract/operation-types.js';
import type { HttpClient, HttpResult } from './client.js';

export async function requestFor(
  client: Pick<HttpClient, 'request'>,
  op: ListOperation,
  url: URL,
  query: ReadonlyArray<readonly [string, string]>,
): Promise<HttpResult> {
  if (!jsonRpcBinding(op)) return client.request(url, query);
  const result = await client.request(url, query, requestText(op, query));
  const { exchange } = result;
  if (!exchange || exchange.bodyError !== undefined || exchange.bodyCut) return result;
  const judged = judgedAnswer(exchange.status, exchange.body);
  return { ...result, exchange: { ...exchange, ...judged } };
}
