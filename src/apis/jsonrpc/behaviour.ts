/**
 * JSON-RPC: GET /tasks in a ListTasksResponse envelope, task-id cursors, FastAPI 422s (003). Written by
 * hand, not derived from the operation's data: 003 is a FastAPI document ("422 Validation Error Schema —
 * detail object[] — loc undefined[] msg Message type Error Type"), whose validation lists every problem of
 * a query in one answer and refuses a status outside the enum the document gives it, which no `rejected`
 * entry says. The documented behaviour only.
 */

import { jsonrpcSpec } from '../../contract/generated/specs.js';
import { optional } from '../../contract/optional.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { type ParamProblem, pageResponse, truncate } from '../../handlers/derived/list.js';
import { json, storedTasks } from '../../handlers/response.js';
import type { MockContext, MockResponse, OperationBehaviour } from '../../handlers/types.js';
import type { JsonRpcListTasksResponse, JsonRpcValidationError } from '../../types/index.js';

const statusSchema = jsonrpcSpec.components?.schemas?.TaskStatus as { enum: string[] };
/** The documented task states, read from the spec rather than restated. */
export const jsonrpcStatuses: readonly string[] = statusSchema.enum;

export const JSONRPC_MAX_LIMIT = 100;

export const JSONRPC_DEFAULT_LIMIT = 20;

export interface Detail {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
}

/** FastAPI's validation error body: every problem, not just the first. */
export function unprocessable(details: Detail[]): MockResponse {
  const body: JsonRpcValidationError = { detail: details };
  return json(422, body);
}

function readParams(query: URLSearchParams): {
  details: Detail[];
  values: Record<string, string | undefined>;
  limit: number;
} {
  const details: Detail[] = [];
  const values: Record<string, string | undefined> = {};
  for (const name of ['session_id', 'user_id', 'status', 'starting_after', 'ending_before', 'limit']) {
    const all = query.getAll(name);
    // FastAPI keeps the last value of a repeated scalar query parameter.
    values[name] = all[all.length - 1];
  }
  let limit = JSONRPC_DEFAULT_LIMIT;
  if (values.limit !== undefined) {
    const problem = limitProblem(values.limit);
    if (problem) details.push({ loc: ['query', 'limit'], msg: problem.message, type: problem.param });
    else limit = Number(values.limit);
  }
  if (values.status !== undefined && !jsonrpcStatuses.includes(values.status))
    details.push({
      loc: ['query', 'status'],
      msg: `Input should be ${jsonrpcStatuses.map((s) => `'${s}'`).join(', ')}`,
      type: 'enum',
    });
  if (values.starting_after !== undefined && values.ending_before !== undefined)
    details.push({
      loc: ['query', 'ending_before'],
      msg: 'starting_after and ending_before cannot be combined',
      type: 'value_error',
    });
  return { details, values, limit };
}

/** What FastAPI says of a `limit` value, or undefined when it is a valid one. */
export function limitProblem(raw: string): ParamProblem | undefined {
  if (!/^-?\d+$/.test(raw.trim()))
    return {
      param: 'int_parsing',
      message: 'Input should be a valid integer, unable to parse string as an integer',
      input: raw,
    };
  const n = Number(raw);
  if (n < 1) return { param: 'greater_than_equal', message: 'Input should be greater than or equal to 1', input: raw };
  if (n > JSONRPC_MAX_LIMIT)
    return {
      param: 'less_than_equal',
      message: `Input should be less than or equal to ${JSONRPC_MAX_LIMIT}`,
      input: raw,
    };
  return undefined;
}

export const listTasks: OperationBehaviour = (request, context) => {
  const { details, values, limit } = readParams(request.query);
  if (details.length > 0) return unprocessable(details);
  return documentedPage(context, values, limit);
};

/** The documented behaviour, read from the indexes: a page costs the same in any list size. */
function documentedPage(context: MockContext, values: Record<string, string | undefined>, limit: number): MockResponse {
  const { session_id: session, user_id: user, status, starting_after: after, ending_before: before } = values;
  const matches = (t: JsonObject) =>
    (session === undefined || t.session_id === session) &&
    (user === undefined || t.user_id === user) &&
    (status === undefined || t.status === status);
  const cursorId = after ?? before;
  const pivot = cursorId === undefined ? undefined : context.store.task('jsonrpc', cursorId);
  if (cursorId !== undefined && (!pivot || !matches(pivot.item)))
    return unprocessable([
      {
        loc: ['query', after !== undefined ? 'starting_after' : 'ending_before'],
        msg: `No task ${truncate(cursorId)} in this list`,
        type: 'value_error',
      },
    ]);
  const { entries } = context.store.page('jsonrpc', {
    ...optional('session', session),
    ...(status !== undefined ? { states: [status] } : {}),
    ...(user !== undefined ? { where: (t: JsonObject) => t.user_id === user } : {}),
    ...(pivot && after !== undefined ? { beforeSeq: pivot.seq } : {}),
    ...(pivot && before !== undefined ? { afterSeq: pivot.seq } : {}),
    limit,
  });
  // A GET carries no JSON-RPC request id, so the envelope has none (003 marks id OPTIONAL).
  const body: JsonRpcListTasksResponse = {
    jsonrpc: '2.0',
    result: storedTasks(
      'jsonrpc',
      entries.map((e) => e.item),
    ),
  };
  return pageResponse(body, '{"jsonrpc":"2.0","result":[', entries, ']}');
}
