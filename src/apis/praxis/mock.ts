/** Praxis: the mock's side of the API (behaviour, errors, faults, demo shape). */

import type { JsonObject } from '../../contract/rules/types.js';
import { copyJson, isoAt as iso, pad } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { errorCode } from '../../handlers/response.js';
import { builtinDemoRecords } from '../demo-records.js';
import { anthropicError, listSessions } from './behaviour.js';
import { PRAXIS_FAULTS } from './faults.js';

/** The working directory of demo session `i`. */
const cwdOf = (i: number) => (i % 4 === 1 ? '/srv/app' : '/home/user/workspace');

/** Anthropic's error types (000: "Errors follow the Anthropic error format"); none is for a refused method. */
const ANTHROPIC_CODES = { notFound: 'not_found_error', server: 'api_error', other: 'invalid_request_error' };

/** The demo dataset's praxis ids and counts (docs/standalone-server.md lists them). */
export const PRAXIS_DEMO = {
  session: 'sesn_demo',
  agent: 'agent_demo',
  sessionCount: 32,
  archivedCount: 3,
  taskCount: 14,
} as const;

export const praxisMock = {
  api: 'praxis',
  // listBackgroundTasks is derived from its operation's data.
  operations: { listSessions },
  errorResponse(status: number, message: string, requestNumber: number) {
    return anthropicError(status, errorCode(status, ANTHROPIC_CODES), message, requestNumber);
  },
  faults: PRAXIS_FAULTS,
  // An archived session is never listed.
  listedSession: (id) => ({ id, archived_at: null }),
  demo: {
    session: PRAXIS_DEMO.session,
    taskCount: PRAXIS_DEMO.taskCount,
    shapeTask(raw, i, _session, state, createdMs, prefix) {
      const t = copyJson(raw);
      const kinds = ['bash', 'monitor', 'subagent', 'bash', 'workflow'];
      t.id = `bgt_${prefix}${pad(i)}`;
      t.kind = kinds[i % kinds.length];
      t.title = ['npm test --watch', 'watch deploy logs', 'research: flaky test', 'cargo build', 'nightly report'][
        i % 5
      ];
      t.status = state;
      t.started_at = iso(createdMs);
      t.ended_at = state === 'running' ? null : iso(createdMs + 90_000);
      t.cancellable = state === 'running';
      t.thread_id = t.kind === 'subagent' ? `thread_${prefix}${pad(i)}` : null;
      t.trigger_count = t.kind === 'monitor' ? i : null;
      t.notified_at = state === 'running' ? null : iso(createdMs + 95_000);
      return t;
    },
    precomputed: builtinDemoRecords,
    fillerSession: (n) => `sesn_fill${n}`,
    // sesn_demo is the newest session; three archived sessions exist but are not listed.
    sessions: {
      count: PRAXIS_DEMO.sessionCount + PRAXIS_DEMO.archivedCount,
      shape(raw, i, count, baseMs, repair) {
        const s = structuredClone(raw);
        const createdMs = baseMs - (count - i) * 3_600_000;
        s.id = i === count - 1 ? PRAXIS_DEMO.session : `sesn_${pad(i)}`;
        s.created_at = iso(createdMs);
        s.updated_at = iso(createdMs + 60_000);
        s.agent = {
          ...(s.agent as JsonObject),
          id: i % 2 === 0 || s.id === PRAXIS_DEMO.session ? PRAXIS_DEMO.agent : 'agent_helper',
        };
        s.title = s.id === PRAXIS_DEMO.session ? 'Demo session' : `Session ${pad(i)}`;
        s.cwd = cwdOf(i);
        // Every session status is listed; terminated sessions have ended (terminated is final).
        s.status = ['idle', 'running', 'rescheduling', 'terminated'][i % 4];
        s.usage = {
          ...(s.usage as JsonObject | undefined),
          input_tokens: 1_000 + i * 37,
          output_tokens: 200 + i * 11,
          cache_read_input_tokens: i * 5,
        };
        // Some sessions are forks of the session created two hours before them, in its directory.
        const forked = i >= PRAXIS_DEMO.archivedCount + 2 && i % 5 === 3 && i < count - 1;
        s.forked_from = forked ? { session_id: `sesn_${pad(i - 2)}` } : null;
        if (forked) s.cwd = cwdOf(i - 2);
        const session = repair(s);
        // Archived sessions exist (retrievable by id) but the list never shows them.
        session.archived_at = i < PRAXIS_DEMO.archivedCount ? iso(createdMs + 120_000) : null;
        return session;
      },
    },
  },
} satisfies Partial<MockProfile>;
