/** JSON-RPC: GET /tasks in a ListTasksResponse envelope, task-id cursors, FastAPI 422s (003). */
import { type JsonObject, jsonrpcStatuses } from '../contract-bits.js';
import { breakItems } from '../faults.js';
import { type ParamProblem, truncate } from '../query.js';
import type { StoredRecord } from '../standard-schema.js';
import { type MockResponse, type Operation, json, pageResponse } from '../types.js';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

interface Detail {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
}

/** FastAPI's validation error body: every problem, not just the first. */
function unprocessable(details: Detail[]): MockResponse {
  return json(422, { detail: details });
}

function readParams(query: URLSearchParams, faults: ReadonlySet<string>): { details: Detail[]; values: Record<string, string | undefined>; limit: number } {
  const details: Detail[] = [];
  const values: Record<string, string | undefined> = {};
  for (const name of ['session_id', 'user_id', 'status', 'starting_after', 'ending_before', 'limit']) {
    const all = query.getAll(name);
    // FastAPI keeps the last value of a repeated scalar query parameter.
    values[name] = all[all.length - 1];
  }
  let limit = DEFAULT_LIMIT;
  if (values.limit !== undefined) {
    const problem = limitProblem(values.limit);
    if (problem && !faults.has('jsonrpc.invalid-parameter-422')) details.push({ loc: ['query', 'limit'], msg: problem.message, type: problem.param });
    else if (!problem) limit = Number(values.limit);
  }
  if (values.status !== undefined && !jsonrpcStatuses.includes(values.status))
    details.push({ loc: ['query', 'status'], msg: `Input should be ${jsonrpcStatuses.map((s) => `'${s}'`).join(', ')}`, type: 'enum' });
  if (values.starting_after !== undefined && values.ending_before !== undefined)
    details.push({ loc: ['query', 'ending_before'], msg: 'starting_after and ending_before cannot be combined', type: 'value_error' });
  return { details, values, limit };
}

function limitProblem(raw: string): ParamProblem | undefined {
  if (!/^-?\d+$/.test(raw.trim())) return { param: 'int_parsing', message: 'Input should be a valid integer, unable to parse string as an integer', input: raw };
  const n = Number(raw);
  if (n < 1) return { param: 'greater_than_equal', message: 'Input should be greater than or equal to 1', input: raw };
  if (n > MAX_LIMIT) return { param: 'less_than_equal', message: `Input should be less than or equal to ${MAX_LIMIT}`, input: raw };
  return undefined;
}

export const listTasks: Operation = (request, context) => {
  const faults = context.faults;
  const { details, values, limit } = readParams(request.query, faults);
  if (details.length > 0) {
    if (faults.has('jsonrpc.error-format')) return json(422, { detail: details.map((d) => d.msg).join('; ') });
    return unprocessable(details);
  }
  if (faults.size === 0) return documentedPage(context, values, limit);
  const matches = (t: JsonObject) =>
    (values.session_id === undefined || faults.has('jsonrpc.filter-session_id') || t.session_id === values.session_id) &&
    (values.user_id === undefined || faults.has('jsonrpc.filter-user_id') || t.user_id === values.user_id) &&
    (values.status === undefined || faults.has('jsonrpc.filter-status') || t.status === values.status);
  const records: StoredRecord[] =
    values.session_id !== undefined && !faults.has('jsonrpc.filter-session_id')
      ? context.store.tasks('jsonrpc', values.session_id, matches)
      : context.store.allTasks('jsonrpc', matches);

  const pageSize = limit + (faults.has('jsonrpc.limit-respected') ? 1 : 0);
  let page: StoredRecord[];
  const cursorId = values.starting_after ?? values.ending_before;
  if (cursorId !== undefined) {
    const at = records.findIndex((r) => r.item.id === cursorId);
    if (at === -1) return unprocessable([{ loc: ['query', values.starting_after !== undefined ? 'starting_after' : 'ending_before'], msg: `No task ${truncate(cursorId)} in this list`, type: 'value_error' }]);
    const inclusive = faults.has('jsonrpc.cursor-exclusive') ? 0 : 1;
    if (values.starting_after !== undefined) {
      const start = at + inclusive - (faults.has('jsonrpc.no-duplicates-across-pages') ? 1 : 0);
      page = records.slice(Math.max(0, start), Math.max(0, start) + pageSize);
    } else {
      const end = at + (1 - inclusive);
      page = records.slice(Math.max(0, end - pageSize), end);
    }
  } else page = records.slice(0, pageSize);
  const filtered = values.session_id !== undefined || values.user_id !== undefined || values.status !== undefined;
  // A GET carries no JSON-RPC request id, so the envelope has none (003 marks id OPTIONAL).
  const envelope: JsonObject = { jsonrpc: '2.0', result: breakItems('jsonrpc', 'task', page.map((r) => r.item), context, filtered) };
  if (faults.has('jsonrpc.envelope-result-xor-error')) envelope.error = { code: -32603, message: 'Internal error' };
  return json(200, envelope);
};

/** The documented behaviour, read from the indexes: a page costs the same in any list size. */
function documentedPage(context: Parameters<Operation>[1], values: Record<string, string | undefined>, limit: number): MockResponse {
  const { session_id: session, user_id: user, status, starting_after: after, ending_before: before } = values;
  const matches = (t: JsonObject) => (session === undefined || t.session_id === session) && (user === undefined || t.user_id === user) && (status === undefined || t.status === status);
  const cursorId = after ?? before;
  const pivot = cursorId === undefined ? undefined : context.store.task('jsonrpc', cursorId);
  if (cursorId !== undefined && (!pivot || !matches(pivot.item)))
    return unprocessable([{ loc: ['query', after !== undefined ? 'starting_after' : 'ending_before'], msg: `No task ${truncate(cursorId)} in this list`, type: 'value_error' }]);
  const { entries } = context.store.page('jsonrpc', {
    ...(session !== undefined ? { session } : {}),
    ...(status !== undefined ? { states: [status] } : {}),
    ...(user !== undefined ? { where: (t: JsonObject) => t.user_id === user } : {}),
    ...(pivot && after !== undefined ? { beforeSeq: pivot.seq } : {}),
    ...(pivot && before !== undefined ? { afterSeq: pivot.seq } : {}),
    limit,
  });
  // A GET carries no JSON-RPC request id, so the envelope has none (003 marks id OPTIONAL).
  return pageResponse({ jsonrpc: '2.0', result: entries.map((e) => e.item) }, '{"jsonrpc":"2.0","result":[', entries, ']}');
}
