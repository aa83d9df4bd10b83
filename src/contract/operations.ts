/**
 * The list semantics of every operation, as data: how to read items, ids, states and times,
 * how paging works, which filters exist and how an item matches them, which parameters are
 * rejected and how. The laws (laws.ts) and the conformance runner read only this and the spec.
 */
import type { Face } from './faces.js';
import type { Lifecycle } from './lifecycle.js';
import { arkLifecycle } from './rules/ark.js';
import { everrunsLifecycle } from './rules/everruns.js';
import { jsonrpcLifecycle } from './rules/jsonrpc.js';
import { praxisTaskLifecycle } from './rules/praxis.js';
import { type JsonObject, type RuleTarget, isObject } from './rules/types.js';
import { rfc3339Millis } from './time.js';
import type { Source } from './violation.js';

export type ErrorFormat = 'anthropic' | 'fastapi' | 'unspecified';

export interface FilterParam {
  param: string;
  /** The item field the filter compares with. */
  field: string;
  /** Ark's state takes "半角逗号分隔多个状态". */
  commaSeparated?: boolean;
  source: Source;
}

export type Paging =
  | { kind: 'none' }
  /** An opaque token from the response passed back unchanged as `param`. */
  | { kind: 'token'; param: string; responseField: string; boundToQuery: boolean; source: Source }
  /** Item-id cursors: `afterParam=<id>` continues after that item, `beforeParam=<id>` before it. */
  | { kind: 'item-id'; afterParam: string; beforeParam: string; source: Source };

/** A request the documents say must be refused, and how. */
export interface RejectedParam {
  param: string;
  values: readonly string[];
  /** The documented status, or '4xx' where the document implies a refusal but names no status. */
  status: number | '4xx';
  errorType?: string;
  source: Source;
}

export interface ListOperation {
  face: Face;
  operationId: string;
  /** Path template under the face's base, e.g. `/v1/sessions/{session_id}/tasks`. */
  path: string;
  target: RuleTarget;
  component: string;
  /** Where the session id goes: in the path, or nowhere (JSON-RPC has a session filter). */
  sessionInPath: boolean;
  items(body: unknown): unknown[] | undefined;
  idField: string;
  stateField?: string;
  lifecycle?: Lifecycle;
  /** Epoch ms of the item's creation, for order checks. */
  createdAt?(item: JsonObject): number;
  order?: { direction: 'newest-first'; source: Source };
  paging: Paging;
  limit?: { param: string; default?: number; minimum?: number; source: Source };
  filters: readonly FilterParam[];
  /** Item field that must equal the path session id. */
  sessionField?: string;
  rejected: readonly RejectedParam[];
  unknownSession?: { status: number; errorType?: string; source: Source };
  errorFormat: ErrorFormat;
  immutableFields: readonly string[];
  /** Fields holding times that may only move forward, with how to read them. */
  timeFields: readonly string[];
  /** Counters that only ever grow between observations, with the sentence that says so. */
  counters?: { fields: readonly string[]; source: Source };
  readTime(value: unknown): number;
}

const P_TASKS = '000_833527b857329c7b.txt';
const P_SESSIONS = '004_a09f4aec44242b61.txt';
const EVERRUNS = '001_5ef50488d1ca2e3f.txt';
const ARK = '002_975038caf7b7a661.txt';
const JSONRPC = '003_74bd28131cc50021.txt';

const arrayField = (field: string) => (body: unknown) => {
  if (!isObject(body)) return undefined;
  const value = body[field];
  return Array.isArray(value) ? value : undefined;
};
const readRfc3339 = (value: unknown) => rfc3339Millis(value);
const readNumber = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

const unsupported = (param: string, values: readonly string[], sentence: string): RejectedParam => ({
  param,
  values,
  status: 400,
  errorType: 'invalid_request_error',
  source: { file: P_SESSIONS, sentence },
});

export const OPERATIONS: readonly ListOperation[] = [
  {
    face: 'praxis',
    operationId: 'listSessions',
    path: '/v1/sessions',
    target: 'session',
    component: 'Session',
    sessionInPath: false,
    items: arrayField('data'),
    idField: 'id',
    createdAt: (item) => rfc3339Millis(item.created_at),
    order: { direction: 'newest-first', source: { file: P_SESSIONS, sentence: 'order: 按创建时间排序：asc 从旧到新，desc 从新到旧（默认）。' } },
    paging: {
      kind: 'token',
      param: 'page',
      responseField: 'next_page',
      boundToQuery: true,
      source: { file: P_SESSIONS, sentence: 'Opaque pagination cursor: pass the next_page value of the previous response unchanged. Omit it for the first page. A cursor from a different query or a malformed one returns 400.' },
    },
    limit: { param: 'limit', source: { file: P_SESSIONS, sentence: 'limit: Number of items per page.' } },
    filters: [{ param: 'agent_id', field: 'agent.id', source: { file: P_SESSIONS, sentence: 'Return only sessions created with this agent id (from agents.list or agents.create). This is one of the three filters sessions.list supports.' } }],
    rejected: [
      unsupported('created_at[gt]', ['2026-01-01T00:00:00Z'], 'created_at[gt]: … not supported here; sending it returns 400.'),
      unsupported('created_at[gte]', ['2026-01-01T00:00:00Z'], 'created_at[gte]: … sessions.list honors only limit, page and agent_id, and other filters return 400.'),
      unsupported('created_at[lt]', ['2026-01-01T00:00:00Z'], 'created_at[lt]: … not supported here; sending it returns 400.'),
      unsupported('created_at[lte]', ['2026-01-01T00:00:00Z'], 'created_at[lte]: … sessions.list honors only limit, page and agent_id, and other filters return 400.'),
      unsupported('deployment_id', ['depl_0001'], 'deployment_id: Declared by the Managed Agents shape but not supported by sessions.list; sending it returns 400.'),
      unsupported('include_archived', ['true', 'false'], 'include_archived: Declared by the Managed Agents shape but not supported by sessions.list; sending it returns 400.'),
      unsupported('memory_store_id', ['memstore_0001'], 'memory_store_id: Declared by the Managed Agents shape but not supported by sessions.list; sending it returns 400.'),
      unsupported('order', ['asc', 'desc'], '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、order、statuses 尚不支持，传入返回 400。'),
      unsupported('statuses', ['running', 'idle'], '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、order、statuses 尚不支持，传入返回 400。'),
      unsupported('agent_version', ['1'], '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、order、statuses 尚不支持，传入返回 400。'),
    ],
    errorFormat: 'anthropic',
    immutableFields: ['id', 'created_at'],
    timeFields: ['created_at', 'updated_at'],
    readTime: readRfc3339,
  },
  {
    face: 'praxis',
    operationId: 'listBackgroundTasks',
    path: '/v1/sessions/{session_id}/background_tasks',
    target: 'task',
    component: 'BackgroundTask',
    sessionInPath: true,
    items: arrayField('data'),
    idField: 'id',
    stateField: 'status',
    lifecycle: praxisTaskLifecycle,
    paging: { kind: 'none' },
    filters: [],
    rejected: [],
    unknownSession: { status: 404, errorType: 'not_found_error', source: { file: P_TASKS, sentence: 'Missing or inaccessible sessions return 404.' } },
    errorFormat: 'anthropic',
    immutableFields: ['id', 'kind', 'started_at'],
    timeFields: ['started_at', 'ended_at', 'notified_at'],
    counters: { fields: ['trigger_count'], source: { file: P_TASKS, sentence: 'trigger_count counts admitted monitor event batches, or is null without records and for other kinds.' } },
    readTime: readRfc3339,
  },
  {
    face: 'everruns',
    operationId: 'listTasks',
    path: '/v1/sessions/{session_id}/tasks',
    target: 'task',
    component: 'Task',
    sessionInPath: true,
    items: (body) => (Array.isArray(body) ? body : undefined),
    idField: 'id',
    stateField: 'state',
    lifecycle: everrunsLifecycle,
    paging: { kind: 'none' },
    filters: [
      { param: 'state', field: 'state', source: { file: EVERRUNS, sentence: 'state: Filter by state' } },
      { param: 'kind', field: 'kind', source: { file: EVERRUNS, sentence: 'kind: Filter by kind' } },
    ],
    sessionField: 'session_id',
    rejected: [],
    unknownSession: { status: 404, source: { file: EVERRUNS, sentence: '404 Session not found' } },
    errorFormat: 'unspecified',
    immutableFields: ['id', 'kind', 'created_at', 'session_id'],
    timeFields: ['created_at', 'updated_at', 'started_at', 'finished_at', 'cancel_requested_at'],
    counters: { fields: ['attempt'], source: { file: EVERRUNS, sentence: 'attempt: Execution attempt, starting at 1. Incremented on re-attach.' } },
    readTime: readRfc3339,
  },
  {
    face: 'ark',
    operationId: 'listTasks',
    path: '/sessions/{session_id}/tasks',
    target: 'task',
    component: 'Task',
    sessionInPath: true,
    items: arrayField('items'),
    idField: 'task_id',
    stateField: 'state',
    lifecycle: arkLifecycle,
    createdAt: (item) => readNumber(item.created_at),
    order: { direction: 'newest-first', source: { file: ARK, sentence: 'items: 后台工具任务摘要列表，按创建顺序倒序返回。' } },
    paging: {
      kind: 'token',
      param: 'cursor',
      responseField: 'next_cursor',
      boundToQuery: false,
      source: { file: ARK, sentence: '首次查询时省略。后续查询时，将上一页响应中的 next_cursor 原样传入。响应不再返回 next_cursor 时，停止查询。' },
    },
    limit: { param: 'limit', default: 20, minimum: 0, source: { file: ARK, sentence: 'limit integer 默认值 20 | 每页任务数 … 每页返回的任务数量。最小值：0' } },
    filters: [
      { param: 'state', field: 'state', commaSeparated: true, source: { file: ARK, sentence: 'state: 按任务状态筛选结果。支持使用半角逗号分隔多个状态。' } },
      { param: 'session_thread_id', field: 'session_thread_id', source: { file: ARK, sentence: 'session_thread_id: 传入后，只返回该线程创建的后台工具任务；省略时返回整个会话的任务。' } },
    ],
    sessionField: 'session_id',
    rejected: [
      { param: 'limit', values: ['-1', 'abc'], status: '4xx', source: { file: ARK, sentence: 'limit integer … 最小值：0' } },
      { param: 'cursor', values: ['-1', 'abc'], status: '4xx', source: { file: ARK, sentence: 'cursor integer … 最小值：0' } },
    ],
    errorFormat: 'unspecified',
    immutableFields: ['task_id', 'created_at', 'session_id', 'session_thread_id'],
    timeFields: ['created_at', 'started_at', 'finished_at'],
    readTime: readNumber,
  },
  {
    face: 'jsonrpc',
    operationId: 'listTasks',
    path: '/tasks',
    target: 'task',
    component: 'Task',
    sessionInPath: false,
    items: arrayField('result'),
    idField: 'id',
    stateField: 'status',
    lifecycle: jsonrpcLifecycle,
    paging: {
      kind: 'item-id',
      afterParam: 'starting_after',
      beforeParam: 'ending_before',
      source: { file: JSONRPC, sentence: 'starting_after Starting After Cursor for pagination; ending_before Ending Before Cursor for pagination' },
    },
    limit: { param: 'limit', source: { file: JSONRPC, sentence: 'limit Limit Maximum number of tasks to return' } },
    filters: [
      { param: 'session_id', field: 'session_id', source: { file: JSONRPC, sentence: 'session_id Session Id Session ID filter' } },
      { param: 'user_id', field: 'user_id', source: { file: JSONRPC, sentence: 'user_id User Id User ID filter' } },
      { param: 'status', field: 'status', source: { file: JSONRPC, sentence: 'status Status Task status filter' } },
    ],
    rejected: [
      { param: 'limit', values: ['abc'], status: 422, source: { file: JSONRPC, sentence: 'limit Limit Maximum number of tasks to return; 422 Validation Error Schema — detail object[] loc msg type' } },
    ],
    errorFormat: 'fastapi',
    immutableFields: ['id', 'created_at', 'session_id', 'user_id', 'object'],
    timeFields: ['created_at'],
    readTime: readNumber,
  },
];

export function operationsOf(face: Face): ListOperation[] {
  return OPERATIONS.filter((op) => op.face === face);
}

export function operation(face: Face, operationId: string): ListOperation {
  const op = OPERATIONS.find((o) => o.face === face && o.operationId === operationId);
  if (!op) throw new Error(`no list operation ${face}.${operationId}`);
  return op;
}

/** The operation that lists a face's tasks. */
export function taskOperation(face: Face): ListOperation {
  const op = OPERATIONS.find((o) => o.face === face && o.target === 'task');
  if (!op) throw new Error(`${face} lists no tasks`);
  return op;
}

/** The spec component of a face's objects of one kind (`BackgroundTask`, `Session`, `Task`). */
export function componentFor(face: Face, target: 'task' | 'session'): string {
  const op = OPERATIONS.find((o) => o.face === face && o.target === target);
  if (!op) throw new Error(`${face} lists no ${target} objects`);
  return op.component;
}

/** Reads a dotted field such as `agent.id`. */
export function fieldValue(item: JsonObject, field: string): unknown {
  let current: unknown = item;
  for (const key of field.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Whether an item satisfies a filter value as the documents define matching. */
export function matchesFilter(filter: FilterParam, item: JsonObject, value: string): boolean {
  const actual = fieldValue(item, filter.field);
  if (filter.commaSeparated) return value.split(',').map((v) => v.trim()).includes(String(actual));
  return actual === value;
}
