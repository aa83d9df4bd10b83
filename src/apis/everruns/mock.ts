/**
 * Everruns: the mock's side of the API (errors, faults, demo shape). Its listTasks is the behaviour
 * derived from the operation's data (src/handlers/derived), its linked child sessions too (sessionLink).
 */

import type { JsonObject } from '../../contract/rules/types.js';
import { copyJson, isoAt as iso, pad } from '../../handlers/demo.js';
import type { MockProfile } from '../../handlers/profile.js';
import { errorCode, json } from '../../handlers/response.js';
import { builtinDemoRecords } from '../demo-records.js';
import { EVERRUNS_FAULTS } from './faults.js';

const EVERRUNS_CODES = {
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  server: 'internal_error',
  other: 'bad_request',
};

/** The demo dataset's everruns ids and counts (docs/standalone-server.md lists them). */
export const EVERRUNS_DEMO = { session: 'demo', taskCount: 18 } as const;

export const everrunsMock = {
  api: 'everruns',
  // 001 documents the 404 ("Session not found") but no error body; this one is the mock's own.
  errorResponse: (status: number, message: string) =>
    json(status, { error: { code: errorCode(status, EVERRUNS_CODES), message } }),
  faults: EVERRUNS_FAULTS,
  demo: {
    session: EVERRUNS_DEMO.session,
    taskCount: EVERRUNS_DEMO.taskCount,
    shapeTask(raw, i, session, state, createdMs, prefix) {
      const t = copyJson(raw);
      t.id = `task_${prefix}${pad(i)}`;
      t.session_id = session;
      t.state = state;
      t.kind = ['subagent', 'external_agent', 'background_tool', 'monitor'][i % 4];
      t.display_name = ['Refactor parser', 'Ask reviewer bot', 'Run integration tests', 'Watch CI'][i % 4];
      t.created_at = iso(createdMs);
      t.updated_at = iso(createdMs + 30_000);
      for (const [key, offset] of [
        ['started_at', 1_000],
        ['heartbeat_at', 5_000],
        ['cancel_requested_at', 10_000],
        ['finished_at', 20_000],
      ] as const)
        if (typeof t[key] === 'string') t[key] = iso(createdMs + offset);
      // Queued on its first attempt, it has not started yet (a re-attached one keeps its earlier times).
      if (state === 'queued' && (t.attempt ?? 1) === 1)
        Object.assign(t, { started_at: null, heartbeat_at: null, finished_at: null });
      // A third of the tasks give the root of the session's delegation tree, the same one.
      t.root_session_id = i % 3 === 0 ? `root_${prefix}` : null;
      // A child session and a remote task are this task's own: a copy (a grown task) names its own.
      const links = t.links as JsonObject | undefined;
      if (t.kind === 'subagent' || typeof links?.child_session_id === 'string')
        t.links = { ...links, child_session_id: `child_${prefix}${pad(i)}` };
      if (typeof links?.remote_task_id === 'string')
        t.links = { ...(t.links as JsonObject), remote_task_id: `remote_${prefix}${pad(i)}` };
      if (i % 4 === 2)
        t.artifacts = [
          { name: 'report', type: 'file', path: `/out/report-${pad(i)}.md`, url: null },
          { name: 'pull request', type: 'pr', path: null, url: `https://example.com/pr/${i}` },
        ];
      if (typeof t.result_path === 'string') t.result_path = `/.tasks/${String(t.id)}/result.json`;
      if (state === 'awaiting_input')
        t.input_request = { id: `ask_${pad(i)}`, prompt: `Which branch should I open PR #${i} against?` };
      if (state === 'failed')
        t.error = { kind: ['timeout', 'rejection', 'orphaned'][i % 3], message: 'the task did not finish' };
      return t;
    },
    precomputed: builtinDemoRecords,
    fillerSession: (n) => `fill${n}`,
  },
} satisfies Partial<MockProfile>;
