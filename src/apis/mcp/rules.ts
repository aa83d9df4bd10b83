/**
 * MCP's task status lifecycle (specs/sources/mcp-tasks.md); the document gives no constraint on one task beyond
 * its schema that a list could show, so there is no item rule.
 */
import type { Lifecycle } from '../../contract/lifecycle.js';
import type { ItemRule } from '../../contract/rules/types.js';
import type { components } from '../../contract/types/mcp.js';

export const MCP_DOCUMENT = 'specs/sources/mcp-tasks.md';
const DOC = MCP_DOCUMENT;
/** The spec's statuses: a misspelt status in the lifecycle is a compile error. */
type TaskStatus = components['schemas']['TaskStatus'];

const TERMINAL = ['completed', 'failed', 'cancelled'] as const satisfies readonly TaskStatus[];

/** The valid paths, as the document lists them. */
export const mcpLifecycle: Lifecycle<TaskStatus> = {
  api: 'mcp',
  states: ['working', 'input_required', ...TERMINAL],
  terminal: TERMINAL,
  transitions: {
    working: ['input_required', ...TERMINAL],
    input_required: ['working', ...TERMINAL],
  },
  source: {
    file: DOC,
    sentence:
      'From `working`: may move to `input_required`, `completed`, `failed`, or `cancelled` — ' +
      'From `input_required`: may move to `working`, `completed`, `failed`, or `cancelled` — ' +
      'Tasks with a `completed`, `failed`, or `cancelled` status are in a terminal state and MUST NOT transition ' +
      'to any other status',
  },
};

export const mcpRules = [] as const satisfies readonly ItemRule[];
