/** A2A: the mock's side of ListTasks (behaviour, errors, faults, demo shape). */

import { copyJson, isoAt, pad } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { builtinDemoRecords } from '../demo-records.js';
import { a2aError, listTasks } from './behaviour.js';
import { A2A_FAULTS } from './faults.js';

/** The demo dataset's context and count, past the default page size of 50 (docs/standalone-server.md lists them). */
export const A2A_DEMO = { session: 'ctx-demo', taskCount: 60 } as const;

export const a2aMock: MockProfile = {
  api: 'a2a',
  operations: { listTasks, listTasksJsonRpc: listTasks },
  errorResponse: (status, message) => a2aError(status, message),
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
