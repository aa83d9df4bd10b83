/** Ark: the mock's side of the API (behaviour, errors, faults, demo shape). */

import { isTerminal } from '../../contract/lifecycle.js';
import { copyJson, pad } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { errorCode } from '../../handlers/types.js';
import { builtinDemoRecords } from '../demo-records.js';
import { arkError, listTasks } from './behaviour.js';
import { ARK_FAULTS } from './faults.js';
import { arkLifecycle } from './rules.js';

const ARK_CODES = {
  notFound: 'NotFound',
  methodNotAllowed: 'MethodNotAllowed',
  server: 'InternalServiceError',
  other: 'InvalidParameter',
};

/** The demo dataset's ark ids and counts (docs/standalone-server.md lists them). */
export const ARK_DEMO = { session: 'sesn-demo', threads: ['thread-main', 'thread-research'], taskCount: 48 } as const;

export const arkMock: MockProfile = {
  api: 'ark',
  operations: { listTasks },
  errorResponse(status, message) {
    return arkError(status, errorCode(status, ARK_CODES), message);
  },
  faults: ARK_FAULTS,
  demo: {
    session: ARK_DEMO.session,
    taskCount: ARK_DEMO.taskCount,
    shapeTask(raw, i, session, state, createdMs, prefix) {
      const t = copyJson(raw, ['started_at', 'finished_at']);
      t.task_id = `task-${prefix}${pad(i)}`;
      t.session_id = session;
      t.session_thread_id = ARK_DEMO.threads[i % 2];
      t.state = state;
      t.created_at = createdMs;
      if (state !== 'queued') t.started_at = createdMs + 2_000;
      if (isTerminal(arkLifecycle, state)) t.finished_at = createdMs + 60_000;
      t.tool = {
        name: i % 3 === 0 ? 'video_generate' : 'bash',
        ...(i % 2 === 0 ? { description: 'render the intro clip', tool_use_id: `toolu_${pad(i)}` } : {}),
      };
      return t;
    },
    precomputed: builtinDemoRecords,
    fillerSession: (n) => `sesn-fill${n}`,
  },
};
