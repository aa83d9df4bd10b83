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
import { praxisSessionLifecycle, praxisTaskLifecycle } from './rules/praxis.js';
import { type JsonObject, type RuleTarget, isObject } from './rules/types.js';
import { rfc3339Millis } from './time.js';
import type { Source } from './violation.js';

type ErrorFormat = 'anthropic' | 'fastapi' | 'unspecified';

export interface FilterParam {
  param: string;
  /** The item field the filter compares with. */
  field: string;
  /** Ark's state takes "半角逗号分隔多个状态". */
  commaSeparated?: boolean;
  source: Source;
}

type Paging =
  | { kind: 'none' }
  /** An opaque token from the response passed back unchanged as `param`. */
  | {
      kind: 'token';
      param: string;
      responseField: string;
      /** A cursor from another query, or a malformed one, is refused as stated here. */
      boundToQuery?: { status: number; errorType?: string };
      source: Source;
    }
  /** Item-id cursors: `afterParam=<id>` continues after that item, `beforeParam=<id>` before it. */
  | { kind: 'item-id'; afterParam: string; beforeParam: string; source: Source };

/** A request the documents say must be refused, and how. */
export interface RejectedParam {
  param: string;
  /** The law's name under the operation's prefix (e.g. `unsupported-filter-400`). */
  law: LawName;
  values: readonly string[];
  /** The documented status, or '4xx' where the document implies a refusal but names no status. */
  status: number | '4xx';
  errorType?: string;
  source: Source;
}

/**
 * Where an operation's session comes from: a path segment (given with --session, or the ids
 * another operation lists), a query filter, or nowhere.
 */
type SessionBinding =
  | { in: 'path'; discoveredFrom?: { operationId: string; field: string }; idPrefix?: string }
  | { in: 'query'; param: string }
  | { in: 'none' };

/** Names of the list laws (ids are `<lawPrefix>.<name>`). */
export type LawName =
  | 'not-a-server-error'
  | 'status-code'
  | 'content-type'
  | 'transport'
  | 'response-schema'
  | 'limit-respected'
  | 'minimum-limit-accepted'
  | 'default-limit'
  | `filter-${string}`
  | 'items-belong-to-session'
  | 'order-newest-first'
  | 'no-duplicates-across-pages'
  | 'paging-terminates'
  | 'cursor-exclusive'
  | 'malformed-cursor-rejected'
  | 'cursor-bound-to-query'
  | 'unsupported-filter-400'
  | 'invalid-parameter-422'
  | `invalid-${string}-rejected`
  | 'unknown-session-404'
  | 'error-format'
  | 'lifecycle-forward'
  | 'immutable-fields'
  | 'past-events-fixed'
  | 'counters-never-decrease'
  | 'times-never-go-back'
  | 'no-undocumented-fields'
  | 'fork-after-source'
  | 'previous-task-earlier'
  | 'one-root-per-session'
  | 'creation-snapshot-fixed'
  | 'ids-unique';

type LawPrefix = 'praxis.sessions' | 'praxis.background-tasks' | 'everruns' | 'ark' | 'jsonrpc';
export type LawId = `${LawPrefix}.${LawName}` | `${Face}.response-schema` | `${Face}.transport`;

export interface ListOperation {
  face: Face;
  operationId: string;
  /** Every law of this operation is named `<lawPrefix>.<name>`. */
  lawPrefix: LawPrefix;
  /** Path template under the face's base, e.g. `/v1/sessions/{session_id}/tasks`. */
  path: string;
  target: RuleTarget;
  component: string;
  session: SessionBinding;
  /** JSON pointer of the item array in a 200 body ('' for a bare array). */
  itemsPointer: '' | '/data' | '/items' | '/result';
  /** Rules about the whole 200 body (JSON-RPC's envelope), beside the item rules. */
  envelopeTarget?: RuleTarget;
  /** The spec component of that whole body. */
  envelopeComponent?: string;
  /** The status whose documented body shows the API's error format, for errors the spec gives no schema of. */
  errorShapeStatus?: number;
  idField: string;
  /** The sentence that makes the id identify one object. */
  idSource?: Source;
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
  /** Fields that record a past event: once they hold a value, it never changes. */
  pastEventFields: readonly string[];
  /** Fields holding times that may only move forward, with how to read them. */
  timeFields: readonly string[];
  /** Counters that only ever grow between observations (dotted names reach nested ones), with the sentence that says so. */
  counters?: { fields: readonly string[]; source: Source };
  /** Fields the documents say are taken at creation, so never change, with the sentence. */
  creationSnapshot?: { fields: readonly string[]; source: Source };
  readTime(value: unknown): number;
}

const P_TASKS = '000_833527b857329c7b.txt';
const P_SESSIONS = '004_a09f4aec44242b61.txt';
const EVERRUNS = '001_5ef50488d1ca2e3f.txt';
const ARK = '002_975038caf7b7a661.txt';
const JSONRPC = '003_74bd28131cc50021.txt';

/** The items of a 200 body, read at the operation's items pointer. */
export function itemsOf(op: Pick<ListOperation, 'itemsPointer'>, body: unknown): unknown[] | undefined {
  if (op.itemsPointer === '') return Array.isArray(body) ? body : undefined;
  if (!isObject(body)) return undefined;
  const value = body[op.itemsPointer.slice(1)];
  return Array.isArray(value) ? value : undefined;
}
const readRfc3339 = (value: unknown) => rfc3339Millis(value);
const readNumber = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

const unsupported = (param: string, values: readonly string[], sentence: string): RejectedParam => ({
  param,
  law: 'unsupported-filter-400',
  values,
  status: 400,
  errorType: 'invalid_request_error',
  source: { file: P_SESSIONS, sentence },
});

export const OPERATIONS: readonly ListOperation[] = [
  {
    face: 'praxis',
    operationId: 'listSessions',
    lawPrefix: 'praxis.sessions',
    path: '/v1/sessions',
    target: 'session',
    component: 'Session',
    session: { in: 'none' },
    itemsPointer: '/data',
    errorShapeStatus: 400,
    idField: 'id',
    idSource: {
      file: P_SESSIONS,
      sentence: 'data[].id: Session id (sesn_...). Pass it as session_id in every session call.',
    },
    stateField: 'status',
    lifecycle: praxisSessionLifecycle,
    createdAt: (item) => rfc3339Millis(item.created_at),
    order: {
      direction: 'newest-first',
      source: { file: P_SESSIONS, sentence: 'order: 按创建时间排序：asc 从旧到新，desc 从新到旧（默认）。' },
    },
    paging: {
      kind: 'token',
      param: 'page',
      responseField: 'next_page',
      boundToQuery: { status: 400, errorType: 'invalid_request_error' },
      source: {
        file: P_SESSIONS,
        sentence:
          'Opaque pagination cursor: pass the next_page value of the previous response unchanged. Omit it for the first page. A cursor from a different query or a malformed one returns 400.',
      },
    },
    limit: { param: 'limit', source: { file: P_SESSIONS, sentence: 'limit: Number of items per page.' } },
    filters: [
      {
        param: 'agent_id',
        field: 'agent.id',
        source: {
          file: P_SESSIONS,
          sentence:
            'Return only sessions created with this agent id (from agents.list or agents.create). This is one of the three filters sessions.list supports.',
        },
      },
    ],
    rejected: [
      unsupported(
        'created_at[gt]',
        ['2026-01-01T00:00:00Z'],
        'created_at[gt]: … not supported here; sending it returns 400.',
      ),
      unsupported(
        'created_at[gte]',
        ['2026-01-01T00:00:00Z'],
        'created_at[gte]: … sessions.list honors only limit, page and agent_id, and other filters return 400.',
      ),
      unsupported(
        'created_at[lt]',
        ['2026-01-01T00:00:00Z'],
        'created_at[lt]: … not supported here; sending it returns 400.',
      ),
      unsupported(
        'created_at[lte]',
        ['2026-01-01T00:00:00Z'],
        'created_at[lte]: … sessions.list honors only limit, page and agent_id, and other filters return 400.',
      ),
      unsupported(
        'deployment_id',
        ['depl_0001'],
        'deployment_id: Declared by the Managed Agents shape but not supported by sessions.list; sending it returns 400.',
      ),
      unsupported(
        'include_archived',
        ['true', 'false'],
        'include_archived: Declared by the Managed Agents shape but not supported by sessions.list; sending it returns 400.',
      ),
      unsupported(
        'memory_store_id',
        ['memstore_0001'],
        'memory_store_id: Declared by the Managed Agents shape but not supported by sessions.list; sending it returns 400.',
      ),
      unsupported(
        'order',
        ['asc', 'desc'],
        '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、order、statuses 尚不支持，传入返回 400。',
      ),
      unsupported(
        'statuses',
        ['running', 'idle'],
        '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、order、statuses 尚不支持，传入返回 400。',
      ),
      unsupported(
        'agent_version',
        ['1'],
        '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、order、statuses 尚不支持，传入返回 400。',
      ),
    ],
    errorFormat: 'anthropic',
    immutableFields: ['id', 'created_at'],
    pastEventFields: [],
    timeFields: ['created_at', 'updated_at'],
    // The token counts of the Managed Agents usage shape; a server with other names is not judged.
    counters: {
      fields: ['usage.input_tokens', 'usage.output_tokens', 'usage.cache_read_input_tokens'],
      source: { file: P_SESSIONS, sentence: 'data[].usage: Cumulative token usage for a session across all turns.' },
    },
    creationSnapshot: {
      // Not environment_id: "the environment recipe the session's sandbox was created from" may
      // change with the sandbox. vault_ids compare as a set: the document gives them no order.
      fields: ['agent', 'vault_ids'],
      source: {
        file: P_SESSIONS,
        sentence:
          'data[].agent: Resolved `agent` definition for a `session`. Snapshot of the `agent` at `session` creation time. — data[].vault_ids: Vault IDs attached to the session at creation.',
      },
    },
    readTime: readRfc3339,
  },
  {
    face: 'praxis',
    operationId: 'listBackgroundTasks',
    lawPrefix: 'praxis.background-tasks',
    path: '/v1/sessions/{session_id}/background_tasks',
    target: 'task',
    component: 'BackgroundTask',
    session: { in: 'path', discoveredFrom: { operationId: 'listSessions', field: 'id' }, idPrefix: 'sesn_' },
    itemsPointer: '/data',
    errorShapeStatus: 404,
    idField: 'id',
    idSource: {
      file: P_TASKS,
      sentence:
        'data[].id: Identifier of the object, as returned by the API; pass it in the path of follow-up calls on the same resource.',
    },
    stateField: 'status',
    lifecycle: praxisTaskLifecycle,
    paging: { kind: 'none' },
    filters: [],
    rejected: [],
    unknownSession: {
      status: 404,
      errorType: 'not_found_error',
      source: { file: P_TASKS, sentence: 'Missing or inaccessible sessions return 404.' },
    },
    errorFormat: 'anthropic',
    immutableFields: ['id', 'kind', 'started_at'],
    pastEventFields: ['ended_at'],
    timeFields: ['started_at', 'ended_at', 'notified_at'],
    counters: {
      fields: ['trigger_count'],
      source: {
        file: P_TASKS,
        sentence:
          'trigger_count counts admitted monitor event batches, or is null without records and for other kinds.',
      },
    },
    readTime: readRfc3339,
  },
  {
    face: 'everruns',
    operationId: 'listTasks',
    lawPrefix: 'everruns',
    path: '/v1/sessions/{session_id}/tasks',
    target: 'task',
    component: 'Task',
    session: { in: 'path' },
    itemsPointer: '',
    idField: 'id',
    idSource: { file: EVERRUNS, sentence: 'id: `task_*` public ID.' },
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
    pastEventFields: ['finished_at'],
    timeFields: ['created_at', 'updated_at', 'started_at', 'finished_at', 'cancel_requested_at'],
    counters: {
      fields: ['attempt'],
      source: { file: EVERRUNS, sentence: 'attempt: Execution attempt, starting at 1. Incremented on re-attach.' },
    },
    readTime: readRfc3339,
  },
  {
    face: 'ark',
    operationId: 'listTasks',
    lawPrefix: 'ark',
    path: '/sessions/{session_id}/tasks',
    target: 'task',
    component: 'Task',
    session: { in: 'path', idPrefix: 'sesn-' },
    itemsPointer: '/items',
    idField: 'task_id',
    idSource: { file: ARK, sentence: 'task_id: 后台工具任务的唯一标识，格式为 task- 开头的字符串。' },
    stateField: 'state',
    lifecycle: arkLifecycle,
    createdAt: (item) => readNumber(item.created_at),
    order: {
      direction: 'newest-first',
      source: { file: ARK, sentence: 'items: 后台工具任务摘要列表，按创建顺序倒序返回。' },
    },
    paging: {
      kind: 'token',
      param: 'cursor',
      responseField: 'next_cursor',
      source: {
        file: ARK,
        sentence:
          '首次查询时省略。后续查询时，将上一页响应中的 next_cursor 原样传入。响应不再返回 next_cursor 时，停止查询。',
      },
    },
    limit: {
      param: 'limit',
      default: 20,
      minimum: 0,
      source: { file: ARK, sentence: 'limit integer 默认值 20 | 每页任务数 … 每页返回的任务数量。最小值：0' },
    },
    filters: [
      {
        param: 'state',
        field: 'state',
        commaSeparated: true,
        source: { file: ARK, sentence: 'state: 按任务状态筛选结果。支持使用半角逗号分隔多个状态。' },
      },
      {
        param: 'session_thread_id',
        field: 'session_thread_id',
        source: {
          file: ARK,
          sentence: 'session_thread_id: 传入后，只返回该线程创建的后台工具任务；省略时返回整个会话的任务。',
        },
      },
    ],
    sessionField: 'session_id',
    rejected: [
      {
        param: 'limit',
        law: 'invalid-limit-rejected',
        values: ['-1', 'abc'],
        status: '4xx',
        source: { file: ARK, sentence: 'limit integer … 最小值：0' },
      },
      {
        param: 'cursor',
        law: 'invalid-cursor-rejected',
        values: ['-1', 'abc'],
        status: '4xx',
        source: { file: ARK, sentence: 'cursor integer … 最小值：0' },
      },
    ],
    errorFormat: 'unspecified',
    immutableFields: ['task_id', 'created_at', 'session_id', 'session_thread_id'],
    // Not started_at: the lifecycle lets a live task go back to queued, and a queued task has none.
    pastEventFields: ['finished_at'],
    timeFields: ['created_at', 'started_at', 'finished_at'],
    readTime: readNumber,
  },
  {
    face: 'jsonrpc',
    operationId: 'listTasks',
    lawPrefix: 'jsonrpc',
    path: '/tasks',
    target: 'task',
    component: 'Task',
    session: { in: 'query', param: 'session_id' },
    itemsPointer: '/result',
    envelopeTarget: 'envelope',
    envelopeComponent: 'ListTasksResponse',
    errorShapeStatus: 422,
    idField: 'id',
    idSource: { file: JSONRPC, sentence: 'id string 任务 ID。' },
    stateField: 'status',
    lifecycle: jsonrpcLifecycle,
    paging: {
      kind: 'item-id',
      afterParam: 'starting_after',
      beforeParam: 'ending_before',
      source: {
        file: JSONRPC,
        sentence:
          'starting_after Starting After Cursor for pagination; ending_before Ending Before Cursor for pagination',
      },
    },
    limit: { param: 'limit', source: { file: JSONRPC, sentence: 'limit Limit Maximum number of tasks to return' } },
    filters: [
      {
        param: 'session_id',
        field: 'session_id',
        source: { file: JSONRPC, sentence: 'session_id Session Id Session ID filter' },
      },
      { param: 'user_id', field: 'user_id', source: { file: JSONRPC, sentence: 'user_id User Id User ID filter' } },
      { param: 'status', field: 'status', source: { file: JSONRPC, sentence: 'status Status Task status filter' } },
    ],
    rejected: [
      {
        param: 'limit',
        law: 'invalid-parameter-422',
        values: ['abc'],
        status: 422,
        source: {
          file: JSONRPC,
          sentence:
            'limit Limit Maximum number of tasks to return; 422 Validation Error Schema — detail object[] loc msg type',
        },
      },
    ],
    errorFormat: 'fastapi',
    immutableFields: ['id', 'created_at', 'session_id', 'user_id', 'object'],
    pastEventFields: [],
    timeFields: ['created_at'],
    readTime: readNumber,
  },
];

/** Every query parameter that continues a walk (a cursor or a page token), across the APIs. */
export const PAGING_PARAMS: readonly string[] = [
  ...new Set(
    OPERATIONS.flatMap((op) =>
      op.paging.kind === 'token'
        ? [op.paging.param]
        : op.paging.kind === 'item-id'
          ? [op.paging.afterParam, op.paging.beforeParam]
          : [],
    ),
  ),
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

/** The spec component of each kind of object a face answers with (items, and JSON-RPC's envelope). */
export function componentsOf(face: Face): Partial<Record<RuleTarget, string>> {
  const out: Partial<Record<RuleTarget, string>> = {};
  for (const op of operationsOf(face)) {
    out[op.target] = op.component;
    if (op.envelopeTarget && op.envelopeComponent) out[op.envelopeTarget] = op.envelopeComponent;
  }
  return out;
}

/** The spec component of a face's objects of one kind (`BackgroundTask`, `Session`, `Task`, an envelope). */
export function componentOf(face: Face, target: RuleTarget): string {
  const components = componentsOf(face);
  const component = components[target];
  if (!component) throw new Error(`${face} has no ${target} objects; it has ${Object.keys(components).join(', ')}`);
  return component;
}

/** The value that identifies an item of the operation's list. */
export function idOf(op: ListOperation, item: JsonObject): string {
  return String(item[op.idField]);
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
  if (filter.commaSeparated)
    return value
      .split(',')
      .map((v) => v.trim())
      .includes(String(actual));
  return actual === value;
}
