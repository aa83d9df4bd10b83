import type { Lifecycle } from '../lifecycle.js';
import type { components } from '../types/praxis.js';

/** The spec's states: a misspelt state in the lifecycle is a compile error. */
type PraxisTaskStatus = components['schemas']['BackgroundTaskStatus'];
import { type ItemRule, type JsonObject, finding, has } from './types.js';

const TASKS = '000_833527b857329c7b.txt';
const SESSIONS = '004_a09f4aec44242b61.txt';

export const praxisTaskLifecycle: Lifecycle<PraxisTaskStatus> = {
  face: 'praxis',
  states: ['running', 'result_pending', 'completed', 'failed', 'cancelled', 'lost'],
  terminal: ['completed', 'failed', 'cancelled', 'lost'],
  transitions: {
    running: ['result_pending', 'completed', 'failed', 'cancelled', 'lost'],
    result_pending: ['completed'],
  },
  source: {
    file: TASKS,
    sentence: 'Status is running, result_pending, completed, failed, cancelled or lost. Only completed tasks with pending delivery are result_pending.',
  },
};

const isRunning = (task: JsonObject) => task.status === 'running';

export const praxisRules = [
  {
    id: 'praxis.ended-at-null-exactly-while-running',
    face: 'praxis',
    target: 'task',
    source: { file: TASKS, sentence: 'Timestamps are RFC3339; ended_at is null while running.' },
    statement: 'ended_at is null when status is running and a timestamp otherwise.',
    check(task) {
      if (!has(task, 'ended_at') || typeof task.status !== 'string') return [];
      if (isRunning(task) && task.ended_at !== null) return finding('/ended_at', `ended_at must be null while status is running, got ${JSON.stringify(task.ended_at)}`, task.ended_at);
      if (!isRunning(task) && task.ended_at === null) return finding('/ended_at', `ended_at is null but status is ${task.status}; it is null only while running`, null);
      return [];
    },
  },
  {
    id: 'praxis.cancellable-only-when-running',
    face: 'praxis',
    target: 'task',
    source: { file: TASKS, sentence: 'Only supported running tasks without stop intent are cancellable.' },
    statement: 'cancellable is true only when status is running.',
    check(task) {
      if (task.cancellable === true && typeof task.status === 'string' && !isRunning(task))
        return finding('/cancellable', `cancellable is true but status is ${task.status}; only running tasks are cancellable`, true);
      return [];
    },
  },
  {
    id: 'praxis.trigger-count-only-for-monitors',
    face: 'praxis',
    target: 'task',
    source: { file: TASKS, sentence: 'trigger_count counts admitted monitor event batches, or is null without records and for other kinds.' },
    statement: 'trigger_count is null for every kind other than monitor.',
    applies: (task) => typeof task.kind === 'string' && task.kind !== 'monitor',
    check(task) {
      if (typeof task.kind === 'string' && task.kind !== 'monitor' && has(task, 'trigger_count') && task.trigger_count !== null)
        return finding('/trigger_count', `trigger_count must be null for kind "${task.kind}", got ${JSON.stringify(task.trigger_count)}`, task.trigger_count);
      return [];
    },
  },
  {
    id: 'praxis.thread-id-only-for-subagents',
    face: 'praxis',
    target: 'task',
    source: { file: TASKS, sentence: 'Subagent rows link to their child thread via thread_id; other kinds have null.' },
    statement: 'thread_id is null for every kind other than subagent.',
    applies: (task) => typeof task.kind === 'string' && task.kind !== 'subagent',
    check(task) {
      if (typeof task.kind === 'string' && task.kind !== 'subagent' && has(task, 'thread_id') && task.thread_id !== null)
        return finding('/thread_id', `thread_id must be null for kind "${task.kind}", got ${JSON.stringify(task.thread_id)}`, task.thread_id);
      return [];
    },
  },
  {
    id: 'praxis.session-environment-xor-computer',
    face: 'praxis',
    target: 'session',
    source: { file: SESSIONS, sentence: 'a sandbox environment_id and computer_id cannot be combined.' },
    statement: 'A session never carries both environment_id and computer_id.',
    applies: (session) => typeof session.environment_id === 'string' || typeof session.computer_id === 'string',
    check(session) {
      if (typeof session.environment_id === 'string' && typeof session.computer_id === 'string')
        return finding('/computer_id', 'environment_id and computer_id are both set; the document says they cannot be combined', session.computer_id);
      return [];
    },
  },
  {
    id: 'praxis.session-list-excludes-archived',
    face: 'praxis',
    target: 'session',
    source: {
      file: SESSIONS,
      sentence: 'include_archived: Declared by the Managed Agents shape but not supported by sessions.list; sending it returns 400. Archived sessions are retrievable by id.',
    },
    statement: 'sessions.list returns no archived session (archived_at is null for every item).',
    listOnly: true,
    check(session) {
      if (has(session, 'archived_at') && session.archived_at !== null)
        return finding('/archived_at', `an archived session (archived_at ${JSON.stringify(session.archived_at)}) is listed; archived sessions are only retrievable by id`, session.archived_at);
      return [];
    },
  },
] as const satisfies readonly ItemRule[];
