/** Building demo data from the generators (another seed than the default, benchmark filler). */
import fc from 'fast-check';
import { FACES, type Face } from '../contract/faces.js';
import type { JsonObject } from '../contract/rules/types.js';
import { taskOperation } from '../contract/operations.js';
import { repair, validObject } from '../generators/objects.js';
import { DEFAULT_SEED, DEMO, DEMO_SESSION, type DatasetOptions, type DemoRecords } from './demo.js';
import type { MockStore } from './store.js';

const BASE_MS = Date.UTC(2026, 10, 29, 8, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number) => String(n).padStart(3, '0');

function statesOf(face: Face): readonly string[] {
  return taskOperation(face).lifecycle!.states;
}

function sample(face: Face, target: 'task' | 'session', count: number, seed: number): JsonObject[] {
  return count === 0 ? [] : fc.sample(validObject(face, target), { seed, numRuns: count });
}

/** Shapes one generated task into demo task number `i` of a session, in a given state. */
function shapeTask(
  face: Face,
  raw: JsonObject,
  i: number,
  session: string,
  state: string,
  createdMs: number,
  prefix: string,
): JsonObject {
  const t = structuredClone(raw);
  switch (face) {
    case 'praxis': {
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
      break;
    }
    case 'everruns':
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
      // A third of the tasks give the root of the session's delegation tree, the same one.
      t.root_session_id = i % 3 === 0 ? `root_${prefix}` : null;
      if (t.kind === 'subagent')
        t.links = { ...(t.links as JsonObject | undefined), child_session_id: `child_${prefix}${pad(i)}` };
      if (i % 4 === 2)
        t.artifacts = [
          { name: 'report', type: 'file', path: `/out/report-${pad(i)}.md`, url: null },
          { name: 'pull request', type: 'pr', path: null, url: `https://example.com/pr/${i}` },
        ];
      if (typeof t.result_path === 'string') t.result_path = `/.tasks/${String(t.id)}/result.json`;
      if (state === 'awaiting_input')
        t.input_request = { id: `ask_${pad(i)}`, prompt: 'Which branch should I open the PR against?' };
      if (state === 'failed')
        t.error = { kind: ['timeout', 'rejection', 'orphaned'][i % 3], message: 'the task did not finish' };
      break;
    case 'ark':
      t.task_id = `task-${prefix}${pad(i)}`;
      t.session_id = session;
      t.session_thread_id = DEMO.ark.threads[i % 2];
      t.state = state;
      t.created_at = createdMs;
      delete t.started_at;
      delete t.finished_at;
      if (state !== 'queued') t.started_at = createdMs + 2_000;
      if (['succeeded', 'failed', 'cancelled'].includes(state)) t.finished_at = createdMs + 60_000;
      t.tool = {
        name: i % 3 === 0 ? 'video_generate' : 'bash',
        ...(i % 2 === 0 ? { description: 'render the intro clip', tool_use_id: `toolu_${pad(i)}` } : {}),
      };
      break;
    case 'jsonrpc':
      t.id = `task_${prefix}${pad(i)}`;
      t.session_id = session;
      t.user_id = session === DEMO.jsonrpc.session ? DEMO.jsonrpc.user : `user_${prefix}`;
      t.status = state;
      t.created_at = Math.floor(createdMs / 1000);
      // Every fifth task continues the one before it.
      if (i % 5 === 2) t.previous_task_id = `task_${prefix}${pad(i - 1)}`;
      else delete t.previous_task_id;
      break;
  }
  return repair(face, 'task', t);
}

/** The working directory of demo session `i`. */
const cwdOf = (i: number) => (i % 4 === 1 ? '/srv/app' : '/home/user/workspace');

/** Generates the demo objects of a seed: deterministic, every state of every API present. */
export function buildDemoRecords(seed: number = DEFAULT_SEED): DemoRecords {
  const counts: Record<Face, number> = {
    praxis: DEMO.praxis.taskCount,
    everruns: DEMO.everruns.taskCount,
    ark: DEMO.ark.taskCount,
    jsonrpc: DEMO.jsonrpc.taskCount,
  };
  // Praxis sessions: sesn_demo is the newest; three archived sessions exist but are not listed.
  const raws = sample('praxis', 'session', DEMO.praxis.sessionCount + DEMO.praxis.archivedCount, seed);
  const sessions = raws.map((raw, i) => {
    const s = structuredClone(raw);
    const createdMs = BASE_MS - (raws.length - i) * 3_600_000;
    s.id = i === raws.length - 1 ? DEMO.praxis.session : `sesn_${pad(i)}`;
    s.created_at = iso(createdMs);
    s.updated_at = iso(createdMs + 60_000);
    s.agent = {
      ...(s.agent as JsonObject),
      id: i % 2 === 0 || s.id === DEMO.praxis.session ? DEMO.praxis.agent : 'agent_helper',
    };
    s.title = s.id === DEMO.praxis.session ? 'Demo session' : `Session ${pad(i)}`;
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
    const forked = i >= DEMO.praxis.archivedCount + 2 && i % 5 === 3 && i < raws.length - 1;
    s.forked_from = forked ? { session_id: `sesn_${pad(i - 2)}` } : null;
    if (forked) s.cwd = cwdOf(i - 2);
    const session = repair('praxis', 'session', s);
    // Archived sessions exist (retrievable by id) but the list never shows them.
    session.archived_at = i < DEMO.praxis.archivedCount ? iso(createdMs + 120_000) : null;
    return session;
  });
  const tasks = {} as Record<Face, JsonObject[]>;
  for (const face of FACES) {
    const states = statesOf(face);
    tasks[face] = sample(face, 'task', counts[face], seed + 1).map((raw, i) =>
      shapeTask(face, raw, i, DEMO_SESSION[face], states[i % states.length]!, BASE_MS + i * 60_000, 'demo'),
    );
  }
  return { sessions, tasks };
}

export async function addFiller(store: MockStore, face: Face, options: DatasetOptions, seed: number): Promise<void> {
  const filler = options.fillerTasks ?? 0;
  if (filler === 0) return;
  const perSession = options.fillerPerSession ?? 100;
  const states = statesOf(face);
  // A pool of generated shapes reused round-robin keeps seeding fast for large stores.
  const pool = sample(face, 'task', Math.min(filler, 500), seed + 2);
  for (let i = 0; i < filler; i++) {
    const s = Math.floor(i / perSession);
    const session = face === 'ark' ? `sesn-fill${s}` : face === 'praxis' ? `sesn_fill${s}` : `fill${s}`;
    await store.addTask(
      face,
      session,
      shapeTask(
        face,
        pool[i % pool.length]!,
        i,
        session,
        states[i % states.length]!,
        BASE_MS - 86_400_000 + i * 1000,
        `f${s}x`,
      ),
    );
  }
}

/**
 * Fills a face's demo session up to `size` tasks (`mock --tasks N`): copies of the demo tasks,
 * every state in turn, each newer than the one before, so the demo states stay present and a
 * UI can be load-tested on a huge list. Built from checked demo objects, so trusted.
 */
export async function growDemoSession(
  store: MockStore,
  face: Face,
  demo: readonly JsonObject[],
  size: number,
): Promise<void> {
  const states = statesOf(face);
  const session = DEMO_SESSION[face];
  const start = BASE_MS + demo.length * 60_000;
  for (let i = 0; i < size - demo.length; i++) {
    const task = shapeTask(face, demo[i % demo.length]!, i, session, states[i % states.length]!, start + i * 1000, 'n');
    await store.addTask(face, session, task, true);
  }
}
