/**
 * MCP: the mock's side of `tasks/list` (errors, faults, demo shape). The list is the behaviour derived from the
 * operation's data (src/handlers/derived), served as a JSON-RPC method in the session a handshake opens
 * (src/handlers/handshake.ts): the document says nothing that data does not.
 */

import { JSON_RPC_ERRORS } from '../../contract/json-rpc.js';
import { copyJson, hash8, isoAt } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { json } from '../../handlers/response.js';
import { builtinDemoRecords } from '../demo-records.js';
import { MCP_FAULTS } from './faults.js';

/** The demo dataset's MCP session (an `Mcp-Session-Id` to give `conform --session`) and its task count. */
export const MCP_DEMO = {
  session: '6d637000-0000-4000-8000-00000000de00',
  taskCount: 25,
} as const;

/**
 * A task id of 32 hex digits named by `text` whose last 12 are `n` in decimal: the tasks of one session (and a
 * grown copy of them) share the first 20 and are told apart by their number, which a grown session counts on.
 */
function taskIdNamed(text: string, n: number): string {
  const head = [0x811c9dc5, 0x050c5d1f, 0x2b7e1516].map((basis) => hash8(text, basis)).join('');
  return `${head.slice(0, 20)}${String(n).padStart(12, '0')}`;
}

const STATUS_MESSAGES: Record<string, string> = {
  input_required: 'waiting for an answer to an elicitation',
  failed: 'the tool call returned isError',
  cancelled: 'cancelled by the requestor',
};

export const mcpMock = {
  api: 'mcp',
  // A JSON-RPC error object: -32602 (Invalid params) for a refusal, -32603 (Internal error) for a server error.
  errorResponse: (status: number, message: string) =>
    json(status, {
      code: status >= 500 ? JSON_RPC_ERRORS.internalError : JSON_RPC_ERRORS.invalidParams,
      message,
    }),
  faults: MCP_FAULTS,
  demo: {
    session: MCP_DEMO.session,
    taskCount: MCP_DEMO.taskCount,
    shapeTask(raw, i, session, state, createdMs, prefix) {
      const t = copyJson(raw);
      t.taskId = taskIdNamed(`${prefix}|${session}`, i);
      t.status = state;
      t.createdAt = isoAt(createdMs);
      t.lastUpdatedAt = isoAt(state === 'working' ? createdMs : createdMs + 30_000);
      t.ttl = i % 5 === 4 ? null : 3_600_000;
      t.pollInterval = 1_000;
      const message = STATUS_MESSAGES[state];
      if (message) t.statusMessage = message;
      else delete t.statusMessage;
      return t;
    },
    precomputed: builtinDemoRecords,
    fillerSession: (n) => `6d637000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  },
} satisfies Partial<MockProfile>;
