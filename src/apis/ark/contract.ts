/** Ark: what the contract knows of this API (its documents, spec, operations and rules). */
import type { ApiContract } from '../../contract/api.js';
import { arkSpec } from '../../contract/generated/specs.js';
import * as precompiled from '../../contract/generated/validators.js';
import type { ListOperation } from '../../contract/operation-types.js';
import { epochNumber } from '../../contract/time.js';
import { ARK_DOCUMENT, arkLifecycle, arkRules } from './rules.js';

const ARK = ARK_DOCUMENT;
/** 002: "limit integer 默认值 20". */
export const ARK_DEFAULT_LIMIT = 20;
const TOOL_USE_ID = {
  file: ARK,
  sentence: 'items.tool: 产生该任务的工具调用信息。 … tool_use_id: Agent 发起该次工具调用时生成的工具调用 ID。',
};

const operations: readonly ListOperation[] = [
  {
    api: 'ark',
    operationId: 'listTasks',
    lawPrefix: 'ark',
    path: '/sessions/{session_id}/tasks',
    target: 'task',
    component: 'Task',
    session: { in: 'path', idPrefix: 'sesn-' },
    itemsPointer: '/items',
    idField: '/task_id',
    idSource: { file: ARK, sentence: 'task_id: 后台工具任务的唯一标识，格式为 task- 开头的字符串。' },
    stateField: '/state',
    lifecycle: arkLifecycle,
    createdField: '/created_at',
    order: {
      field: '/created_at',
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
      default: ARK_DEFAULT_LIMIT,
      minimum: 0,
      source: { file: ARK, sentence: 'limit integer 默认值 20 | 每页任务数 … 每页返回的任务数量。最小值：0' },
    },
    filters: [
      {
        param: 'state',
        field: '/state',
        commaSeparated: true,
        source: { file: ARK, sentence: 'state: 按任务状态筛选结果。支持使用半角逗号分隔多个状态。' },
      },
      {
        param: 'session_thread_id',
        field: '/session_thread_id',
        source: {
          file: ARK,
          sentence: 'session_thread_id: 传入后，只返回该线程创建的后台工具任务；省略时返回整个会话的任务。',
        },
      },
    ],
    sessionField: '/session_id',
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
    immutableFields: ['/task_id', '/created_at', '/session_id', '/session_thread_id'],
    sources: {
      pastEvents: { file: ARK, sentence: 'finished_at: 任务进入结束状态的时间，采用 Unix 毫秒时间戳。' },
      times: {
        file: ARK,
        sentence:
          'created_at: 任务提交时间，采用 Unix 毫秒时间戳。 — ' +
          'started_at: 任务开始执行的时间，采用 Unix 毫秒时间戳。 — ' +
          'finished_at: 任务进入结束状态的时间，采用 Unix 毫秒时间戳。',
      },
      session: { file: ARK, sentence: 'session_id: 任务所属的会话 ID。' },
      list: { file: ARK, sentence: '分页查询指定会话中的后台工具任务，可按任务状态或会话线程筛选。' },
    },
    // Not started_at: the lifecycle lets a live task go back to queued, and a queued task has none.
    pastEventFields: ['/finished_at'],
    creationSnapshot: {
      // The call that produced the task was made before the task existed (its id is held by
      // stable-tool-use-id). Not tool.description: it is omitted while none is available
      // (没有可用说明时，不返回该字段), which may end later.
      fields: ['/tool/name'],
      source: {
        file: ARK,
        sentence: 'tool: 产生该任务的工具调用信息。 … name: 产生该任务的工具名称',
      },
    },
    timeFields: ['/created_at', '/started_at', '/finished_at'],
    timeOrder: [
      {
        id: 'ark.task-times-in-order',
        // Only the end is ordered: a bash command runs before it becomes a background task (正常执行的
        // bash 命令只有转为后台任务后，才会出现在列表中), so started_at may precede the submission.
        order: [{ field: '/finished_at', notBefore: ['/created_at', '/started_at'] }],
        statement:
          'finished_at (entering an end state) is not earlier than created_at (submission) nor than started_at.',
        source: {
          file: ARK,
          sentence: 'created_at: 任务提交时间 … started_at: 任务开始执行的时间 … finished_at: 任务进入结束状态的时间',
        },
      },
    ],
    // The end states are stable (unknown "不是稳定结束状态" says so of the others): a task in one has
    // run its course, so when (or whether) it started is settled. Not the summary: it may come later
    // (服务端未生成摘要时，不返回该字段); nor finished_at, which past-events-fixed holds already.
    finalContent: {
      states: arkLifecycle.terminal,
      fields: ['/started_at'],
      source: {
        file: ARK,
        sentence:
          'unknown 表示当前无法确认任务状态，不是稳定结束状态。 … ' +
          'started_at: 任务开始执行的时间，采用 Unix 毫秒时间戳。任务尚未开始时，不返回该字段。',
      },
    },
    // One tool call produces the task (产生该任务的工具调用信息), and its id is generated when the agent
    // starts that call, before the task exists: no two tasks share one, and it never changes.
    // One call may start more than one task ("产生该任务的工具调用" names the call of this task, not its only
    // task): tasks that share an id are judged only where their tool names say two calls.
    nestedIds: [{ name: 'tool-use-id', field: '/tool/tool_use_id', distinctBy: ['/tool/name'], source: TOOL_USE_ID }],
    stableIds: [{ name: 'tool-use-id', field: '/tool/tool_use_id', source: TOOL_USE_ID }],
    together: [
      {
        fields: ['/error_code', '/error_message'],
        source: {
          file: ARK,
          sentence:
            'error_code: 任务失败、取消或状态未知，且服务端记录了失败原因时的失败类型。 — error_message: ' +
            '任务失败、取消或状态未知，且服务端记录了失败原因时的原因说明。',
        },
      },
    ],
    readTime: epochNumber,
  },
];

export const arkContract: ApiContract = {
  api: 'ark',
  documents: [ARK],
  spec: arkSpec,
  specFile: 'specs/ark.openapi.yaml',
  vendorBaseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
  operations,
  rules: arkRules,
  validators: precompiled as unknown as ApiContract['validators'],
};
