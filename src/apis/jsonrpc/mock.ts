/** JSON-RPC: the mock's side of the API (behaviour, errors, faults, demo shape). */

import { isObject } from '../../contract/rules/check-helpers.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { copyJson, pad } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { json } from '../../handlers/response.js';
import { builtinDemoRecords } from '../demo-records.js';
import { listTasks, unprocessable } from './behaviour.js';
import { JSONRPC_FAULTS } from './faults.js';

/** The demo dataset's jsonrpc ids and counts (docs/standalone-server.md lists them). */
export const JSONRPC_DEMO = { session: 'demo', user: 'user_demo', taskCount: 48 } as const;

const isCall = (item: unknown): item is JsonObject => isObject(item) && typeof item.call_id === 'string';

export const jsonrpcMock: MockProfile = {
  api: 'jsonrpc',
  operations: { listTasks },
  errorResponse(status, message) {
    // FastAPI: a validation error lists what was wrong; routing errors carry a plain `detail` string.
    if (status === 422) return unprocessable([{ loc: ['query'], msg: message, type: 'value_error' }]);
    return json(status, { detail: status === 404 ? 'Not Found' : status === 405 ? 'Method Not Allowed' : message });
  },
  faults: JSONRPC_FAULTS,
  demo: {
    session: JSONRPC_DEMO.session,
    taskCount: JSONRPC_DEMO.taskCount,
    shapeTask(raw, i, session, state, createdMs, prefix) {
      // Every fifth task continues the one before it.
      const t = copyJson(raw, i % 5 === 2 ? [] : ['previous_task_id']);
      t.id = `task_${prefix}${pad(i)}`;
      t.session_id = session;
      t.user_id = session === JSONRPC_DEMO.session ? JSONRPC_DEMO.user : `user_${prefix}`;
      t.status = state;
      t.created_at = Math.floor(createdMs / 1000);
      if (i % 5 === 2) t.previous_task_id = `task_${prefix}${pad(i - 1)}`;
      // A tool call's id is its own: a copy (a grown task) names its calls anew; its messages stay shared.
      if (Array.isArray(t.output) && t.output.some(isCall))
        t.output = t.output.map((item, n) =>
          isCall(item) ? { ...item, call_id: `call_${prefix}${pad(i)}_${n}` } : item,
        );
      return t;
    },
    precomputed: builtinDemoRecords,
    fillerSession: (n) => `fill${n}`,
  },
};
