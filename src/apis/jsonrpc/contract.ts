/** JSON-RPC: what the contract knows of this API (its documents, spec, operations and rules). */
import type { ApiContract } from '../../contract/api.js';
import { jsonrpcSpec } from '../../contract/generated/specs.js';
import * as precompiled from '../../contract/generated/validators.js';
import type { ListOperation } from '../../contract/operation-types.js';
import { epochNumber } from '../../contract/time.js';
import { JSONRPC_DOCUMENT, jsonrpcLifecycle, jsonrpcRules } from './rules.js';

const JSONRPC = JSONRPC_DOCUMENT;

const operations: readonly ListOperation[] = [
  {
    api: 'jsonrpc',
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
    idField: '/id',
    idSource: { file: JSONRPC, sentence: 'id string 任务 ID。' },
    stateField: '/status',
    createdField: '/created_at',
    lifecycle: jsonrpcLifecycle,
    paging: {
      kind: 'item-id',
      afterParam: 'starting_after',
      beforeParam: 'ending_before',
      source: {
        file: JSONRPC,
        sentence:
          'starting_after Starting After Cursor for pagination — ending_before Ending Before Cursor for pagination',
      },
    },
    limit: { param: 'limit', source: { file: JSONRPC, sentence: 'limit Limit Maximum number of tasks to return' } },
    filters: [
      {
        param: 'session_id',
        field: '/session_id',
        source: { file: JSONRPC, sentence: 'session_id Session Id Session ID filter' },
      },
      { param: 'user_id', field: '/user_id', source: { file: JSONRPC, sentence: 'user_id User Id User ID filter' } },
      { param: 'status', field: '/status', source: { file: JSONRPC, sentence: 'status Status Task status filter' } },
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
            'limit Limit Maximum number of tasks to return — 422 Validation Error Schema — detail object[] — ' +
            'loc undefined[] msg Message type Error Type',
        },
      },
    ],
    errorFormat: 'fastapi',
    immutableFields: ['/id', '/created_at', '/session_id', '/user_id', '/object', '/previous_task_id'],
    sources: {
      times: { file: JSONRPC, sentence: 'created_at: 任务创建时间（Unix 秒）。' },
      list: { file: JSONRPC, sentence: 'List all tasks.' },
    },
    pastEventFields: [],
    finalContent: {
      states: ['canceled', 'expired'],
      fields: ['/output', '/usage'],
      source: {
        file: JSONRPC,
        sentence:
          'CANCELED：任务已取消，不会继续处理。 EXPIRED：任务已过期，不会继续处理。 … output object[] ' +
          '模型/代理生成的输出条目集合（多类型）。 usage object — OPTIONAL token 用量统计信息。',
      },
    },
    // A task that requires input waits for the results of the tool calls it lists: while it lists the
    // same calls it has not had them (a call executed needs no executing), so it has not gone on.
    // Not paused: a task may be resumed and paused again between two reads (paused → working →
    // paused), and nothing it shows marks a resumption, so output grown between two paused reads may
    // be the work in between.
    stopsWork: [
      {
        state: 'input-required',
        waitsFor: 'the results of the tool calls it lists in input_required_call_ids',
        sameWhile: ['/input_required_call_ids'],
        grows: ['/output', '/usage'],
        source: {
          file: JSONRPC,
          sentence:
            'INPUT_REQUIRED：任务需要额外输入以继续。 … input_required_call_ids string[] — OPTIONAL ' +
            '若任务等待外部输入，则给出需要执行的工具调用（如等待用户参数）。 … output object[] ' +
            '模型/代理生成的输出条目集合（多类型）。 usage object — OPTIONAL token 用量统计信息。',
        },
      },
    ],
    timeFields: ['/created_at'],
    // No nestedIds: input_required_call_ids names tool calls, but whether a continuing task may wait
    // on the calls its previous task waited on is not said.
    namesEarlier: {
      law: 'previous-task-earlier',
      field: '/previous_task_id',
      path: '/previous_task_id',
      message: (task, created, previous, previousCreated) =>
        `task ${task} (created ${String(created)}) names ${previous} as its previous task, created later ` +
        `(${String(previousCreated)})`,
      statement:
        'A task is created no earlier than the previous task it names (previous_task_id), when the run lists both ' +
        '(in one walk or across walks).',
      unexercised: 'no walk listed a task beside the previous task it names',
      source: { file: JSONRPC, sentence: 'previous_task_id string — OPTIONAL 前置任务 ID（用于续写/衔接）。' },
    },
    readTime: epochNumber,
  },
];

export const jsonrpcContract: ApiContract = {
  api: 'jsonrpc',
  documents: [JSONRPC],
  spec: jsonrpcSpec,
  specFile: 'specs/jsonrpc.openapi.yaml',
  vendorBaseUrl: 'https://jsonrpc.invalid',
  operations,
  rules: jsonrpcRules,
  validators: precompiled as unknown as ApiContract['validators'],
};
