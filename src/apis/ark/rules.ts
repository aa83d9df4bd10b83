import { type Lifecycle, liveToAnyTransitions } from '../../contract/lifecycle.js';
import { finding, has } from '../../contract/rules/check-helpers.js';
import { del, millisAfter } from '../../contract/rules/repair-helpers.js';
import type { Finding, ItemRule, RuleRepair } from '../../contract/rules/types.js';
import { looksLikeUnixMillis, readsAs } from '../../contract/time.js';
import type { components } from '../../contract/types/ark.js';

export const ARK_DOCUMENT = 'specs/sources/002_975038caf7b7a661.txt';
const DOC = ARK_DOCUMENT;
/** The spec's states: a misspelt state in the lifecycle or a rule is a compile error. */
type ArkTaskState = components['schemas']['TaskState'];
const TERMINAL = ['succeeded', 'failed', 'cancelled'] as const satisfies readonly ArkTaskState[];
const LIVE = ['queued', 'running', 'unknown'] as const satisfies readonly ArkTaskState[];
const ALL = [...LIVE, ...TERMINAL];

export const arkLifecycle: Lifecycle<ArkTaskState> = {
  api: 'ark',
  states: ALL,
  terminal: TERMINAL,
  // unknown "不是稳定结束状态 … 状态可能恢复为 running 或实际结束状态": that list is where unknown
  // may go (running or an end state). The document is silent on queued and running, so they may
  // go anywhere; the three end states never change again. (An observer may miss the running in
  // unknown → running → queued, so seeing unknown then queued is not judged a violation.)
  transitions: { ...liveToAnyTransitions(LIVE, TERMINAL), unknown: ['running', ...TERMINAL] },
  source: {
    file: DOC,
    sentence:
      'unknown 表示当前无法确认任务状态，不是稳定结束状态。保留 task_id 并稍后查询；状态可能恢复为 running ' +
      '或实际结束状态，因此不要将该状态视为成功。',
  },
};

const isTerminal = (state: unknown) => typeof state === 'string' && (TERMINAL as readonly string[]).includes(state);
const known = (state: unknown): state is string =>
  typeof state === 'string' && (ALL as readonly string[]).includes(state);

/** A task in `state` has started, so its started_at is returned (002: omitted only before the start). */
function startedAtPresent<const Id extends string>(id: Id, state: ArkTaskState, why: string, repair: RuleRepair) {
  return {
    id,
    api: 'ark',
    target: 'task',
    source: { file: DOC, sentence: 'started_at: 任务开始执行的时间 … 任务尚未开始时，不返回该字段。' },
    statement: `${why}, so started_at is returned.`,
    applies: (task) => task.state === state,
    check(task) {
      if (!has(task, 'started_at'))
        return finding('/started_at', `a ${state} task has no started_at; it is omitted only before the task starts`);
      return [];
    },
    repair,
  } as const satisfies ItemRule;
}

export const arkRules = [
  {
    id: 'ark.started-at-absent-before-start',
    api: 'ark',
    target: 'task',
    source: {
      file: DOC,
      sentence: 'started_at: 任务开始执行的时间，采用 Unix 毫秒时间戳。任务尚未开始时，不返回该字段。',
    },
    statement: 'A queued task (not started) has no started_at field.',
    mockOnly:
      'the document is silent on where running and queued go, so a running task may be queued again, and a ' +
      'queued task may have started',
    applies: (task) => task.state === 'queued',
    check(task) {
      if (has(task, 'started_at'))
        return finding(
          '/started_at',
          'started_at is returned for a queued task; it is omitted until the task starts',
          task.started_at,
        );
      return [];
    },
    repair: {
      breaks: 'marks the task queued and gives it a started_at',
      members: ['state', 'started_at'],
      repair(t) {
        if (t.state === 'queued') del(t, 'started_at');
      },
      break(t) {
        t.state = 'queued';
        t.started_at = millisAfter(t.created_at, 1000);
      },
    },
  },
  startedAtPresent('ark.started-at-present-once-running', 'running', 'A running task has started', {
    breaks: 'marks the task running and removes its started_at',
    members: ['state', 'started_at', 'created_at'],
    repair(t) {
      if (t.state === 'running' && t.started_at === undefined) t.started_at = millisAfter(t.created_at, 1000);
    },
    break(t) {
      t.state = 'running';
      del(t, 'started_at');
    },
  }),
  // Only succeeded: a failed or cancelled task may have ended, and an unknown one be lost, before it started.
  startedAtPresent('ark.started-at-present-once-succeeded', 'succeeded', 'A succeeded task ran, so it has started', {
    breaks: 'marks the task succeeded and removes its started_at',
    members: ['state', 'started_at', 'finished_at', 'created_at'],
    repair(t) {
      if (t.state === 'succeeded' && t.started_at === undefined)
        t.started_at = typeof t.finished_at === 'number' ? t.finished_at : millisAfter(t.created_at, 1000);
    },
    break(t) {
      t.state = 'succeeded';
      del(t, 'started_at');
      if (typeof t.finished_at !== 'number') t.finished_at = millisAfter(t.created_at, 5000);
    },
  }),
  {
    id: 'ark.finished-at-only-when-terminal',
    api: 'ark',
    target: 'task',
    source: {
      file: DOC,
      sentence: 'finished_at: 任务进入结束状态的时间，采用 Unix 毫秒时间戳。任务尚未结束时，不返回该字段。',
    },
    statement: 'finished_at is absent while the task is queued, running or unknown.',
    applies: (task) => known(task.state) && !isTerminal(task.state),
    check(task) {
      if (has(task, 'finished_at'))
        return finding(
          '/finished_at',
          `finished_at is returned but state is ${String(task.state)}; it is omitted until the task ends`,
          task.finished_at,
        );
      return [];
    },
    repair: {
      breaks: 'gives an unfinished task a finished_at (a finished one becomes unknown)',
      members: ['state', 'finished_at'],
      repair(t) {
        if (!isTerminal(t.state)) del(t, 'finished_at');
      },
      break(t) {
        if (isTerminal(t.state)) t.state = 'unknown';
        t.finished_at = millisAfter(t.started_at ?? t.created_at, 5000);
      },
    },
  },
  {
    id: 'ark.finished-at-when-terminal',
    api: 'ark',
    target: 'task',
    source: { file: DOC, sentence: 'finished_at: 任务进入结束状态的时间，采用 Unix 毫秒时间戳。' },
    statement: 'A task in an end state (succeeded, failed, cancelled) has finished_at.',
    applies: (task) => isTerminal(task.state),
    check(task) {
      if (!has(task, 'finished_at'))
        return finding(
          '/finished_at',
          `state is ${String(task.state)} but finished_at is missing; it is the time the task entered its end state`,
        );
      return [];
    },
    repair: {
      breaks: 'removes finished_at from a finished task (an unfinished one becomes failed)',
      members: ['state', 'finished_at', 'started_at', 'created_at'],
      repair(t) {
        if (isTerminal(t.state) && t.finished_at === undefined)
          t.finished_at = millisAfter(t.started_at ?? t.created_at, 5000);
      },
      break(t) {
        if (!isTerminal(t.state)) t.state = 'failed';
        del(t, 'finished_at');
      },
    },
  },
  {
    id: 'ark.error-only-when-failed-cancelled-or-unknown',
    api: 'ark',
    target: 'task',
    source: { file: DOC, sentence: 'error_code: 任务失败、取消或状态未知，且服务端记录了失败原因时的失败类型。' },
    statement: 'error_code and error_message appear only when state is failed, cancelled or unknown.',
    applies: (task) => known(task.state) && !['failed', 'cancelled', 'unknown'].includes(task.state),
    check(task) {
      const out: Finding[] = [];
      for (const key of ['error_code', 'error_message'] as const) {
        if (has(task, key))
          out.push({
            path: `/${key}`,
            message:
              `${key} is returned but state is ${String(task.state)}; it is only for failed, cancelled or unknown ` +
              `tasks`,
            value: task[key],
          });
      }
      return out;
    },
    repair: {
      breaks:
        'gives a task that is not failed, cancelled or unknown an error_code and an error_message (one that is ' +
        'becomes succeeded)',
      members: ['state', 'error_code', 'error_message'],
      repair(t) {
        if (!['failed', 'cancelled', 'unknown'].includes(String(t.state))) {
          del(t, 'error_code');
          del(t, 'error_message');
        }
      },
      break(t) {
        if (['failed', 'cancelled', 'unknown'].includes(String(t.state))) t.state = 'succeeded';
        // Both, as the documents give them (ark.present-together).
        t.error_code = 'internal';
        t.error_message = 'the worker restarted';
      },
    },
  },
  {
    id: 'ark.times-are-unix-millis',
    api: 'ark',
    target: 'task',
    source: {
      file: DOC,
      sentence:
        'created_at: 任务提交时间，采用 Unix 毫秒时间戳。 … started_at: 任务开始执行的时间，采用 Unix 毫秒时间戳。 … ' +
        'finished_at: 任务进入结束状态的时间，采用 Unix 毫秒时间戳。',
    },
    statement:
      'created_at, started_at and finished_at are Unix milliseconds (10¹⁰ and up: from 1970-04-26), not seconds.',
    check(task) {
      const out: Finding[] = [];
      for (const key of ['created_at', 'started_at', 'finished_at'] as const) {
        const value = task[key];
        if (typeof value === 'number' && !looksLikeUnixMillis(value))
          out.push({
            path: `/${key}`,
            message: `${key} is ${value}, which is not a Unix millisecond time (${readsAs(value)})`,
            value,
          });
      }
      return out;
    },
    repair: {
      breaks: 'writes created_at in seconds instead of milliseconds',
      members: ['created_at', 'started_at', 'finished_at'],
      repair(t) {
        for (const key of ['created_at', 'started_at', 'finished_at']) {
          const v = t[key];
          if (typeof v === 'number' && (v < 1e12 || v >= 1e13)) t[key] = 1e12 + (v % 1e12);
        }
      },
      break(t) {
        t.created_at = Math.floor((t.created_at as number) / 1000);
      },
    },
  },
] as const satisfies readonly ItemRule[];
