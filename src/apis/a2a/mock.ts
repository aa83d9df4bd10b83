/** A2A: the mock's side of ListTasks (behaviour, errors, faults, demo shape). */

import type { JsonObject } from '../../contract/rules/types.js';
import { copyJson, isoAt, pad } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { builtinDemoRecords } from '../demo-records.js';
import { a2aError, listTasks } from './behaviour.js';
import { A2A_FAULTS } from './faults.js';

/** The demo dataset's context and count, past the default page size of 50 (docs/standalone-server.md lists them). */
export const A2A_DEMO = { session: 'ctx-demo', taskCount: 60 } as const;

/**
 * The Agent Card a client reads to connect, at the well-known path below the agent's URL: both bindings of
 * ListTasks at the base the client called, protocol version 1.0.
 */
function agentCard(base: string): JsonObject {
  return {
    name: 'agent-task-contracts mock',
    description: 'A2A ListTasks as the agent-task-contracts mock serves it (demo, added or scenario tasks).',
    version: '0.1.0',
    supportedInterfaces: [
      { url: base, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
      { url: base, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: '' },
    ],
    capabilities: { streaming: false, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
    signatures: [],
  };
}

export const a2aMock: MockProfile = {
  api: 'a2a',
  documents: [{ path: '/.well-known/agent-card.json', body: agentCard }],
  operations: { listTasks, listTasksJsonRpc: listTasks },
  errorResponse: (status, message, _requestNumber, errorType) => a2aError(status, message, undefined, errorType),
  faults: A2A_FAULTS,
  demo: {
    session: A2A_DEMO.session,
    taskCount: A2A_DEMO.taskCount,
    shapeTask(raw, i, session, state, createdMs, prefix) {
      const t = copyJson(raw, ['artifacts']);
      t.id = `task-${prefix}${pad(i)}`;
      t.contextId = session;
      t.status = { state, timestamp: isoAt(createdMs) };
      // 0 to 4 messages, the user's and the agent's in turn, so that historyLength has something to cut.
      t.history = Array.from({ length: i % 5 }, (_, n) => ({
        messageId: `msg-${prefix}${pad(i)}-${n}`,
        role: n % 2 === 0 ? 'ROLE_USER' : 'ROLE_AGENT',
        parts: [{ text: n % 2 === 0 ? `question ${n / 2 + 1}` : 'working on it' }],
      }));
      return t;
    },
    precomputed: builtinDemoRecords,
    fillerSession: (n) => `ctx-fill${n}`,
  },
};
