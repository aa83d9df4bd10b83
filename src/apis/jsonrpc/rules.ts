import { type Lifecycle, liveToAnyTransitions, transitionsFromPaths } from '../../contract/lifecycle.js';
import { finding, has } from '../../contract/rules/check-helpers.js';
import { del } from '../../contract/rules/repair-helpers.js';
import type { ItemRule } from '../../contract/rules/types.js';
import { looksLikeUnixSeconds, readsAs } from '../../contract/time.js';
import type { components } from '../../contract/types/jsonrpc.js';

export const JSONRPC_DOCUMENT = 'specs/sources/003_74bd28131cc50021.txt';
const DOC = JSONRPC_DOCUMENT;
/** The spec's states: a misspelt state in the lifecycle is a compile error. */
type JsonRpcTaskStatus = components['schemas']['TaskStatus'];

/** The document's lifecycle paths, transcribed one for one (常见情况, 取消情况, 过期情况). */
export const JSONRPC_DOCUMENTED_PATHS: readonly (readonly string[])[] = [
  ['created', 'working', 'completed'],
  ['created', 'working', 'failed'],
  ['created', 'working', 'canceled'],
  ['created', 'working', 'expired'],
  ['created', 'working', 'input-required', 'working', 'completed'],
  ['created', 'working', 'input-required', 'working', 'failed'],
  ['created', 'working', 'input-required', 'working', 'canceled'],
  ['created', 'working', 'input-required', 'working', 'expired'],
  ['created', 'working', 'paused', 'working', 'completed'],
  ['created', 'working', 'paused', 'working', 'failed'],
  ['created', 'working', 'paused', 'working', 'canceled'],
  ['created', 'working', 'paused', 'working', 'expired'],
  ['created', 'queued', 'working', 'completed'],
  ['created', 'queued', 'working', 'failed'],
  ['created', 'queued', 'working', 'canceled'],
  ['created', 'queued', 'working', 'expired'],
  ['created', 'queued', 'working', 'input-required', 'working', 'completed'],
  ['created', 'queued', 'working', 'paused', 'working', 'completed'],
  ['created', 'canceled'],
  ['created', 'queued', 'canceled'],
  ['created', 'queued', 'working', 'paused', 'canceled'],
  ['created', 'queued', 'working', 'input-required', 'canceled'],
  ['created', 'working', 'input-required', 'expired'],
  ['created', 'working', 'paused', 'expired'],
  ['created', 'queued', 'expired'],
  ['created', 'queued', 'working', 'input-required', 'expired'],
  ['created', 'queued', 'working', 'paused', 'expired'],
];

const JSONRPC_TERMINAL: readonly JsonRpcTaskStatus[] = ['completed', 'canceled', 'expired', 'failed'];

/**
 * The paths are listed under "常见情况" (common cases), not as all there are: what the states' own sentences rule
 * out is going back to created ("尚未开始", not started yet) and leaving an end state ("不会继续处理", "不会重试").
 * Between the others (queued again after input, say) a task may move as it likes; created moves as the paths say.
 */
const JSONRPC_TRANSITIONS = {
  created: transitionsFromPaths(JSONRPC_DOCUMENTED_PATHS).created,
  ...liveToAnyTransitions(['queued', 'working', 'input-required', 'paused'], JSONRPC_TERMINAL),
} as Lifecycle<JsonRpcTaskStatus>['transitions'];

export const jsonrpcLifecycle: Lifecycle<JsonRpcTaskStatus> = {
  api: 'jsonrpc',
  states: ['created', 'queued', 'working', 'input-required', 'paused', 'completed', 'canceled', 'expired', 'failed'],
  terminal: JSONRPC_TERMINAL,
  transitions: JSONRPC_TRANSITIONS,
  source: {
    file: DOC,
    sentence:
      '常见情况： CREATED -> WORKING -> COMPLETED|FAILED|CANCELED|EXPIRED … 取消情况： CREATED -> CANCELED … ' +
      '过期情况： … CREATED -> QUEUED -> EXPIRED …',
  },
};

export const jsonrpcRules = [
  {
    id: 'jsonrpc.input-required-call-ids-only-while-input-required',
    api: 'jsonrpc',
    target: 'task',
    source: {
      file: DOC,
      sentence:
        'input_required_call_ids string[] — OPTIONAL 若任务等待外部输入，则给出需要执行的工具调用（如等待用户参数）。',
    },
    // A task that ended while it waited (canceled, expired) may keep the calls it waited for: only a live task's
    // are judged.
    statement:
      'A non-empty input_required_call_ids appears on a task that has not ended only while it is input-required.',
    check(task) {
      if (
        Array.isArray(task.input_required_call_ids) &&
        task.input_required_call_ids.length > 0 &&
        typeof task.status === 'string' &&
        task.status !== 'input-required' &&
        !JSONRPC_TERMINAL.includes(task.status as JsonRpcTaskStatus)
      )
        return finding(
          '/input_required_call_ids',
          `input_required_call_ids is given but status is ${task.status}; it lists calls only while the task ` +
            `waits for input`,
          task.input_required_call_ids,
        );
      return [];
    },
    repair: {
      breaks:
        'gives a task that does not require input input_required_call_ids ["call_pending"] (an ' +
        'input-required or ended one becomes working)',
      members: ['status', 'input_required_call_ids'],
      repair(t) {
        if (
          t.status !== 'input-required' &&
          Array.isArray(t.input_required_call_ids) &&
          t.input_required_call_ids.length > 0
        )
          del(t, 'input_required_call_ids');
      },
      break(t) {
        if (t.status === 'input-required' || JSONRPC_TERMINAL.includes(t.status as JsonRpcTaskStatus))
          t.status = 'working';
        t.input_required_call_ids = ['call_pending'];
      },
    },
  },
  {
    id: 'jsonrpc.nothing-produced-before-start',
    api: 'jsonrpc',
    target: 'task',
    source: {
      file: DOC,
      sentence: 'CREATED：任务已创建但尚未开始。 … output object[] 模型/代理生成的输出条目集合（多类型）。',
    },
    statement: 'A created task has not started, so the model or agent has produced no output for it: output is empty.',
    applies: (task) => task.status === 'created',
    check(task) {
      if (Array.isArray(task.output) && task.output.length > 0)
        return finding(
          '/output',
          `task ${String(task.id)} is created (not started yet) but lists ${task.output.length} output ` +
            `item(s); output is what the model or agent produced`,
          task.output.length,
        );
      return [];
    },
    repair: {
      breaks: 'makes a task created (not started) and gives it one output item, an assistant message',
      members: ['status', 'output'],
      repair(t) {
        if (t.status === 'created' && Array.isArray(t.output) && t.output.length > 0) t.output = [];
      },
      break(t) {
        t.status = 'created';
        del(t, 'input_required_call_ids');
        t.output = [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'early' }] }];
      },
    },
  },
  {
    id: 'jsonrpc.created-at-unix-seconds',
    api: 'jsonrpc',
    target: 'task',
    source: { file: DOC, sentence: 'created_at integer 任务创建时间（Unix 秒）。' },
    statement: 'created_at is Unix seconds (below 10¹⁰: up to 2286), not milliseconds.',
    check(task) {
      if (typeof task.created_at === 'number' && !looksLikeUnixSeconds(task.created_at))
        return finding(
          '/created_at',
          `created_at is ${task.created_at}, which is not a Unix second time (${readsAs(task.created_at)})`,
          task.created_at,
        );
      return [];
    },
    repair: {
      breaks: 'writes created_at in milliseconds instead of seconds',
      members: ['created_at'],
      repair(t) {
        const v = t.created_at;
        if (typeof v === 'number' && (v < 1e9 || v >= 1e10)) t.created_at = 1e9 + (v % 1e9);
      },
      break(t) {
        t.created_at = (t.created_at as number) * 1000;
      },
    },
  },
  {
    id: 'jsonrpc.envelope-result-xor-error',
    api: 'jsonrpc',
    target: 'envelope',
    source: {
      file: DOC,
      sentence: 'Returns a JSON-RPC ListTasksResponse envelope.',
    },
    statement:
      'An envelope never carries both a result and a (non-null) error (JSON-RPC 2.0: result "MUST NOT exist if there ' +
      'was an error").',
    check(envelope) {
      if (has(envelope, 'result') && envelope.result !== null && has(envelope, 'error') && envelope.error !== null)
        return finding('/error', 'the envelope carries both result and error', envelope.error);
      return [];
    },
    repair: {
      breaks: 'gives the envelope an error beside its result',
      members: ['result', 'error'],
      repair(e) {
        if (e.result !== undefined && e.result !== null && e.error !== undefined && e.error !== null) del(e, 'error');
      },
      break(e) {
        e.result = Array.isArray(e.result) ? e.result : [];
        e.error = { code: -32603, message: 'Internal error' };
      },
    },
  },
  {
    id: 'jsonrpc.previous-task-not-self',
    api: 'jsonrpc',
    target: 'task',
    source: { file: DOC, sentence: 'previous_task_id string — OPTIONAL 前置任务 ID（用于续写/衔接）。' },
    statement: 'previous_task_id, when given, names another task than the task itself.',
    applies: (task) => typeof task.previous_task_id === 'string',
    check(task) {
      if (task.previous_task_id === task.id)
        return finding(
          '/previous_task_id',
          `task ${String(task.id)} names itself as its previous task`,
          task.previous_task_id,
        );
      return [];
    },
    repair: {
      breaks: "sets previous_task_id to the task's own id",
      members: ['previous_task_id', 'id'],
      repair(t) {
        if (t.previous_task_id !== undefined && t.previous_task_id === t.id) del(t, 'previous_task_id');
      },
      break(t) {
        t.previous_task_id = t.id;
      },
    },
  },
] as const satisfies readonly ItemRule[];
