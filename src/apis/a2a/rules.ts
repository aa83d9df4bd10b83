/**
 * A2A's task lifecycle (specs/sources/a2a.md, proto enum TaskState); the quoted specification gives no constraint
 * on one listed task beyond its schema.
 */
import { type Lifecycle, liveToAnyTransitions } from '../../contract/lifecycle.js';
import type { ItemRule } from '../../contract/rules/types.js';
import type { components } from '../../contract/types/a2a.js';

export const A2A_DOCUMENT = 'specs/sources/a2a.md';
const DOC = A2A_DOCUMENT;
/** The spec's states: a misspelt state in the lifecycle is a compile error. */
type TaskState = components['schemas']['TaskState'];
/** "This is a terminal state." is said of these four. */
const TERMINAL = [
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_REJECTED',
] as const satisfies readonly TaskState[];
/** The live states (the spec's TaskState leaves out TASK_STATE_UNSPECIFIED, the proto's unset default). */
const LIVE = [
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_AUTH_REQUIRED',
] as const satisfies readonly TaskState[];

export const a2aLifecycle: Lifecycle<TaskState> = {
  api: 'a2a',
  states: [...LIVE, ...TERMINAL],
  terminal: TERMINAL,
  // The terminal states never change again; the specification names no other move, so a live task may move
  // to any state (an interrupted one resumes: 3.4.3 "The client continues the interaction by sending a new
  // message with the same taskId").
  transitions: liveToAnyTransitions(LIVE, TERMINAL),
  source: {
    file: DOC,
    sentence:
      'TASK_STATE_COMPLETED: Indicates that a task has finished successfully. This is a terminal state. … ' +
      'TASK_STATE_FAILED: … This is a terminal state. … TASK_STATE_CANCELED: … This is a terminal state. … ' +
      'TASK_STATE_REJECTED: … This is a terminal state.',
  },
};

export const a2aRules = [] as const satisfies readonly ItemRule[];
