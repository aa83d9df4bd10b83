import { type Lifecycle, liveToAnyTransitions } from '../../contract/lifecycle.js';
import { finding, has, isObject } from '../../contract/rules/check-helpers.js';
import { del, isoPlus } from '../../contract/rules/repair-helpers.js';
import type { ItemRule, JsonObject } from '../../contract/rules/types.js';
import type { components } from '../../contract/types/praxis.js';

/** The spec's states: a misspelt state in the lifecycle is a compile error. */
type PraxisTaskStatus = components['schemas']['BackgroundTaskStatus'];
type PraxisSessionStatus = components['schemas']['SessionStatus'];

/** The documents: background tasks (000) and the session list (004). */
export const PRAXIS_TASKS_DOCUMENT = 'specs/sources/000_833527b857329c7b.txt';
export const PRAXIS_SESSIONS_DOCUMENT = 'specs/sources/004_a09f4aec44242b61.txt';
const TASKS = PRAXIS_TASKS_DOCUMENT;
const SESSIONS = PRAXIS_SESSIONS_DOCUMENT;

export const praxisTaskLifecycle: Lifecycle<PraxisTaskStatus> = {
  api: 'praxis',
  states: ['running', 'result_pending', 'completed', 'failed', 'cancelled', 'lost'],
  // Not lost: the list says a task is lost, not that it ended ("a lost task may not know its end"), so one may be
  // found again, running or ended.
  terminal: ['completed', 'failed', 'cancelled'],
  transitions: {
    running: ['result_pending', 'completed', 'failed', 'cancelled', 'lost'],
    result_pending: ['completed'],
    lost: ['running', 'result_pending', 'completed', 'failed', 'cancelled'],
  },
  source: {
    file: TASKS,
    sentence:
      'Status is running, result_pending, completed, failed, cancelled or lost. Only completed tasks with pending ' +
      'delivery are result_pending.',
  },
};

/**
 * 004 names one final session state, terminated ("Session has ended"); it is silent on the moves
 * between the others (rescheduling retries, running and idle alternate), so they may go anywhere.
 */
export const praxisSessionLifecycle: Lifecycle<PraxisSessionStatus> = {
  api: 'praxis',
  states: ['rescheduling', 'running', 'idle', 'terminated'],
  terminal: ['terminated'],
  transitions: liveToAnyTransitions(['rescheduling', 'running', 'idle'], ['terminated']),
  source: { file: SESSIONS, sentence: '`terminated` - Session has ended, either due to an error or completion.' },
};

const isRunning = (task: JsonObject) => task.status === 'running';

/**
 * A session working directory in normal form: no empty segment (`//`), no `.` segment, and no
 * `..` that a normalizer would resolve (after a named segment, or at the root of an absolute
 * path). A trailing slash is left alone: normalizers differ on it.
 */
function isNormalizedPath(path: string): boolean {
  if (path === '') return false;
  if (path === '/' || path === '.') return true;
  const absolute = path.startsWith('/');
  const rest = absolute ? path.slice(1) : path;
  let named = 0;
  for (const segment of (rest.endsWith('/') ? rest.slice(0, -1) : rest).split('/')) {
    if (segment === '' || segment === '.') return false;
    if (segment === '..') {
      if (absolute || named > 0) return false;
    } else named++;
  }
  return true;
}

/** The source session a fork names, read from the spec's `forked_from.session_id` when it is there. */
export function forkSource(session: JsonObject): string | undefined {
  const from = session.forked_from;
  if (from === null || typeof from !== 'object' || Array.isArray(from)) return undefined;
  const id = (from as JsonObject).session_id;
  return typeof id === 'string' ? id : undefined;
}

export const praxisRules = [
  {
    id: 'praxis.ended-at-null-exactly-while-running',
    api: 'praxis',
    target: 'task',
    source: { file: TASKS, sentence: 'Timestamps are RFC3339; ended_at is null while running.' },
    statement:
      'ended_at is null when status is running and a timestamp once the task ended (a lost task may not know its end).',
    check(task) {
      if (!has(task, 'ended_at') || typeof task.status !== 'string') return [];
      if (isRunning(task) && task.ended_at !== null)
        return finding(
          '/ended_at',
          `ended_at must be null while status is running, got ${JSON.stringify(task.ended_at)}`,
          task.ended_at,
        );
      // A lost task's end is the one its record may not know: "time at which the task ended" says nothing of it.
      if (!isRunning(task) && task.status !== 'lost' && task.ended_at === null)
        return finding(
          '/ended_at',
          `ended_at is null but status is ${task.status}; it is null only while running`,
          null,
        );
      return [];
    },
    repair: {
      breaks:
        "gives a running task an ended_at (a minute after started_at), or sets a finished task's ended_at to null " +
        '(a lost one becomes failed first)',
      members: ['status', 'ended_at', 'started_at'],
      repair(t) {
        if (t.status === 'running') t.ended_at = null;
        else if (t.status === 'lost') t.ended_at ??= null;
        else if (t.ended_at === null || t.ended_at === undefined) t.ended_at = isoPlus(t.started_at, 60_000);
      },
      break(t) {
        if (t.status === 'running') t.ended_at = isoPlus(t.started_at, 60_000);
        else {
          // A lost task may have no end: a failed one has one.
          if (t.status === 'lost') t.status = 'failed';
          t.ended_at = null;
        }
      },
    },
  },
  {
    id: 'praxis.cancellable-only-when-running',
    api: 'praxis',
    target: 'task',
    source: { file: TASKS, sentence: 'Only supported running tasks without stop intent are cancellable.' },
    statement: 'cancellable is true only when status is running.',
    check(task) {
      if (task.cancellable === true && typeof task.status === 'string' && !isRunning(task))
        return finding(
          '/cancellable',
          `cancellable is true but status is ${task.status}; only running tasks are cancellable`,
          true,
        );
      return [];
    },
    repair: {
      breaks:
        'sets cancellable to true on a task that is not running (a running one is first marked ' +
        'completed, with an ended_at)',
      members: ['status', 'cancellable'],
      repair(t) {
        if (t.status !== 'running') t.cancellable = false;
      },
      break(t) {
        if (t.status === 'running') {
          t.status = 'completed';
          t.ended_at = isoPlus(t.started_at, 60_000);
        }
        t.cancellable = true;
      },
    },
  },
  {
    id: 'praxis.trigger-count-only-for-monitors',
    api: 'praxis',
    target: 'task',
    source: {
      file: TASKS,
      sentence: 'trigger_count counts admitted monitor event batches, or is null without records and for other kinds.',
    },
    statement: 'trigger_count is null for every kind other than monitor.',
    applies: (task) => typeof task.kind === 'string' && task.kind !== 'monitor',
    check(task) {
      if (has(task, 'trigger_count') && task.trigger_count !== null)
        return finding(
          '/trigger_count',
          `trigger_count must be null for kind "${String(task.kind)}", got ${JSON.stringify(task.trigger_count)}`,
          task.trigger_count,
        );
      return [];
    },
    repair: {
      breaks: 'sets trigger_count to 2 on a task of another kind than monitor (a monitor becomes a bash task)',
      members: ['kind', 'trigger_count'],
      repair(t) {
        if (t.kind !== 'monitor') t.trigger_count = null;
      },
      break(t) {
        if (t.kind === 'monitor') t.kind = 'bash';
        t.trigger_count = 2;
      },
    },
  },
  {
    id: 'praxis.thread-id-only-for-subagents',
    api: 'praxis',
    target: 'task',
    source: { file: TASKS, sentence: 'Subagent rows link to their child thread via thread_id; other kinds have null.' },
    statement: 'thread_id is null for every kind other than subagent.',
    applies: (task) => typeof task.kind === 'string' && task.kind !== 'subagent',
    check(task) {
      if (has(task, 'thread_id') && task.thread_id !== null)
        return finding(
          '/thread_id',
          `thread_id must be null for kind "${String(task.kind)}", got ${JSON.stringify(task.thread_id)}`,
          task.thread_id,
        );
      return [];
    },
    repair: {
      breaks:
        'sets thread_id to "thread_main" on a task of another kind than subagent (a subagent becomes a bash task)',
      members: ['kind', 'thread_id'],
      repair(t) {
        if (t.kind !== 'subagent') t.thread_id = null;
      },
      break(t) {
        if (t.kind === 'subagent') t.kind = 'bash';
        t.thread_id = 'thread_main';
      },
    },
  },
  {
    id: 'praxis.session-environment-xor-computer',
    api: 'praxis',
    target: 'session',
    source: { file: SESSIONS, sentence: 'a sandbox environment_id and computer_id cannot be combined.' },
    statement: 'A session never carries both environment_id and computer_id.',
    applies: (session) => typeof session.environment_id === 'string' || typeof session.computer_id === 'string',
    check(session) {
      if (typeof session.environment_id === 'string' && typeof session.computer_id === 'string')
        return finding(
          '/computer_id',
          'environment_id and computer_id are both set; the document says they cannot be combined',
          session.computer_id,
        );
      return [];
    },
    repair: {
      breaks: 'gives a session both an environment_id and computer_id "cmp_owned"',
      members: ['environment_id', 'computer_id'],
      repair(s) {
        if (typeof s.environment_id === 'string' && typeof s.computer_id === 'string') del(s, 'computer_id');
      },
      break(s) {
        s.environment_id = typeof s.environment_id === 'string' ? s.environment_id : 'env_sandbox';
        s.computer_id = 'cmp_owned';
      },
    },
  },
  {
    id: 'praxis.session-list-excludes-archived',
    api: 'praxis',
    target: 'session',
    source: {
      file: SESSIONS,
      sentence:
        'include_archived: Declared by the Managed Agents shape but not supported by sessions.list; sending it ' +
        'returns 400. Archived sessions are retrievable by id.',
    },
    statement: 'sessions.list returns no archived session (archived_at is null for every item).',
    listOnly: true,
    check(session) {
      if (has(session, 'archived_at') && session.archived_at !== null)
        return finding(
          '/archived_at',
          `an archived session (archived_at ${JSON.stringify(session.archived_at)}) is listed; archived sessions ` +
            `are only retrievable by id`,
          session.archived_at,
        );
      return [];
    },
    repair: {
      breaks: "sets the session's archived_at to an hour after its created_at",
      members: ['archived_at'],
      repair(s) {
        s.archived_at = null;
      },
      break(s) {
        s.archived_at = isoPlus(s.created_at, 3_600_000);
      },
    },
  },
  {
    id: 'praxis.session-cwd-normalized',
    api: 'praxis',
    target: 'session',
    source: {
      file: SESSIONS,
      sentence:
        'data[].cwd: Normalized session working directory; defaults to /home/user/workspace. Forks inherit this ' +
        'directory.',
    },
    statement:
      'cwd, when present, is a normalized path: no empty segment (//), no . segment, no .. that normalizing would ' +
      'resolve.',
    applies: (session) => typeof session.cwd === 'string',
    check(session) {
      if (!isNormalizedPath(session.cwd as string))
        return finding(
          '/cwd',
          `cwd ${JSON.stringify(session.cwd)} is not normalized (it has an empty, "." or resolvable ".." segment)`,
          session.cwd,
        );
      return [];
    },
    repair: {
      breaks: 'sets cwd to "/home/user//workspace/./src"',
      members: ['cwd'],
      repair(s) {
        if (typeof s.cwd === 'string' && !isNormalizedPath(s.cwd)) s.cwd = '/home/user/workspace';
      },
      break(s) {
        s.cwd = '/home/user//workspace/./src';
      },
    },
  },
  {
    id: 'praxis.session-budget-names-its-ceiling',
    api: 'praxis',
    target: 'session',
    source: {
      file: SESSIONS,
      sentence:
        'data[].budget: A hard spend ceiling. The session stops issuing new model requests once the tracked list ' +
        'cost reaches `max_list_cost`.',
    },
    statement: 'A budget, when it is an object, names its ceiling: it has a member max_list_cost.',
    // The spec's budget shape is the SDK's (judged by JSON type only); the document names this one member.
    applies: (session) => isObject(session.budget),
    check(session) {
      if (!has(session.budget as JsonObject, 'max_list_cost'))
        return finding(
          '/budget',
          'budget is an object without max_list_cost; the document names the ceiling a budget sets max_list_cost',
          session.budget,
        );
      return [];
    },
    repair: {
      breaks: 'gives the session a budget of type limit without max_list_cost',
      members: ['budget'],
      repair(s) {
        const budget = s.budget;
        if (isObject(budget) && !('max_list_cost' in budget))
          budget.max_list_cost = { amount: '100.00', currency: 'USD' };
      },
      break(s) {
        s.budget = { type: 'limit' };
      },
    },
  },
  {
    id: 'praxis.session-not-forked-from-itself',
    api: 'praxis',
    target: 'session',
    source: {
      file: SESSIONS,
      sentence: 'data[].forked_from: Praxis extension: source of a forked session; null for other sessions.',
    },
    statement: 'A fork names another session as its source (forked_from.session_id is not its own id).',
    applies: (session) => forkSource(session) !== undefined,
    check(session) {
      const source = forkSource(session);
      if (source === session.id)
        return finding(
          '/forked_from/session_id',
          `session ${String(session.id)} names itself as the source of its fork`,
          source,
        );
      return [];
    },
    repair: {
      breaks: "sets forked_from.session_id to the session's own id",
      members: ['forked_from', 'id'],
      repair(s) {
        if (forkSource(s) !== undefined && forkSource(s) === s.id) s.forked_from = null;
      },
      break(s) {
        s.forked_from = { session_id: s.id };
      },
    },
  },
] as const satisfies readonly ItemRule[];
