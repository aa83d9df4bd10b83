/**
 * Ark: the mock's side of the API (errors, faults, demo shape). Its listTasks is the behaviour derived
 * from the operation's data (src/handlers/derived): 002 says nothing that data does not.
 */

import { isTerminal } from '../../contract/lifecycle.js';
import { copyJson, pad } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { errorCode, json } from '../../handlers/response.js';
import type { MockResponse } from '../../handlers/types.js';
import type { ArkError } from '../../types/index.js';
import { builtinDemoRecords } from '../demo-records.js';
import { ARK_FAULTS } from './faults.js';
import { arkLifecycle } from './rules.js';

/** 002 documents no error body; this follows Ark's usual `{error: {code, message, param, type}}`. */
function arkError(status: number, code: string, message: string): MockResponse {
  const type = status === 404 ? 'NotFound' : status >= 500 ? 'InternalServiceError' : 'BadRequest';
  const body: ArkError = { error: { code, message, param: '', type } };
  return json(status, body);
}

const ARK_CODES = {
  notFound: 'NotFound',
  methodNotAllowed: 'MethodNotAllowed',
  server: 'InternalServiceError',
  other: 'InvalidParameter',
};

/** The demo dataset's ark ids and counts (docs/standalone-server.md lists them). */
export const ARK_DEMO = { session: 'sesn-demo', threads: ['thread-main', 'thread-research'], taskCount: 48 } as const;

export const arkMock = {
  api: 'ark',
  errorResponse(status: number, message: string) {
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
} satisfies Partial<MockProfile>;
