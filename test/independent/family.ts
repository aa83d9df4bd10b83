/**
 * A family of correct servers, one per API, generated from the contract: objects come from the
 * generators (schema + every rule), and each server varies what the documents leave open —
 * page sizes (short pages, empty pages that still offer a cursor), unknown values where a field
 * is open, undocumented extra fields, orders where the documents state none, tasks added and
 * moving through legal transitions while they are walked, 429 with Retry-After, gzip, slow
 * answers, ids and cursors that need URL-encoding. None of them breaks a documented sentence,
 * so the conformance runner must find nothing. Written without the mock's code.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { BuiltinApiName } from '../../src/apis/index.js';
import type { ApiName, JsonObject } from '../../src/contract/index.js';
import { fieldValue, taskOperation } from '../../src/contract/operations.js';
import { validObject } from '../../src/entries/generators.js';
import { advanceSnapshot } from '../../src/generators/lifecycles.js';
import { repair } from '../../src/generators/objects.js';
import { BUILTIN } from '../helpers/apis.js';

export interface Knobs {
  seed: number;
  /** The server never returns more than this many items on a page (short pages). */
  maxPage: number;
  /** Token paging: every page key divisible by this first answers an empty page with a fresh cursor. */
  emptyPages: number | null;
  extraFields: boolean;
  unknownKinds: boolean;
  /** Where the documents state no order: 'newest', 'oldest' or 'scrambled'. */
  order: 'newest' | 'oldest' | 'scrambled';
  /** Every this many requests a live task takes a legal lifecycle step. */
  changeEvery: number | null;
  /** Every this many requests a task is added. */
  addEvery: number | null;
  /** Every this many requests the answer is a 429 with Retry-After: 0. */
  throttleEvery: number | null;
  gzip: boolean;
  slowMs: number;
  /** Ids with characters that need URL-encoding. */
  awkwardIds: boolean;
  /**
   * Praxis: each first page of sessions asked for with a limit (all agents) creates a session and
   * archives the one created before it, as another client would between two reads.
   */
  churnSessions: boolean;
}

export const knobs: fc.Arbitrary<Knobs> = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  maxPage: fc.integer({ min: 2, max: 60 }),
  emptyPages: fc.option(fc.integer({ min: 2, max: 5 }), { nil: null }),
  extraFields: fc.boolean(),
  unknownKinds: fc.boolean(),
  order: fc.constantFrom('newest', 'oldest', 'scrambled'),
  changeEvery: fc.option(fc.integer({ min: 9, max: 25 }), { nil: null }),
  addEvery: fc.option(fc.integer({ min: 9, max: 25 }), { nil: null }),
  throttleEvery: fc.option(fc.integer({ min: 20, max: 60 }), { nil: null }),
  gzip: fc.boolean(),
  slowMs: fc.integer({ min: 0, max: 2 }),
  awkwardIds: fc.boolean(),
  churnSessions: fc.boolean(),
});

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const T0 = Date.UTC(2026, 9, 1);
const SESSION = { ark: 'sesn-fam', everruns: 'fam', jsonrpc: 'fam', praxis: 'sesn_fam' } as const;
export const FAMILY_SESSION = SESSION;

function sample(api: ApiName, target: 'task' | 'session', seed: number, count: number): JsonObject[] {
  return fc.sample(validObject(api, target), { seed, numRuns: count }).map((o) => structuredClone(o));
}

/** A deterministic generator for the server's own choices. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** The tasks of one list, kept as the server's truth, with additions and legal steps over time. */
class TaskWorld {
  private added = 0;
  private changed = 0;
  readonly random: () => number;
  constructor(
    readonly api: ApiName,
    readonly k: Knobs,
    public tasks: JsonObject[],
    private readonly make: (n: number) => JsonObject,
  ) {
    this.random = rng(k.seed);
  }

  tick(request: number): void {
    if (this.k.addEvery && request % this.k.addEvery === 0)
      this.tasks.push(this.make(this.tasks.length + 1000 + this.added++));
    if (this.k.changeEvery && request % this.k.changeEvery === 0) {
      const op = taskOperation(this.api, BUILTIN);
      const live = this.tasks.filter((t) => !op.lifecycle!.terminal.includes(String(fieldValue(t, op.stateField!))));
      if (live.length === 0) return;
      const task = live[this.changed++ % live.length]!;
      // A move the lifecycle allows that keeps every past event: a Praxis task lost once it had ended may not run
      // again (its ended_at would have to go back to null).
      const moves = (op.lifecycle!.transitions[String(fieldValue(task, op.stateField!))] ?? [])
        .map((state) => advanceSnapshot(this.api, task, state, 1000 + request, undefined, BUILTIN))
        .filter((next) => op.pastEventFields.every((f) => keeps(fieldValue(task, f), fieldValue(next, f))));
      if (moves.length === 0) return;
      this.tasks[this.tasks.indexOf(task)] = moves[Math.floor(this.random() * moves.length)]!;
    }
  }
}

/** Whether a past event stays as it was: one not yet set may be set, one set never changes. */
const keeps = (was: unknown, now: unknown) =>
  was === null || was === undefined || JSON.stringify(now) === JSON.stringify(was);

function send(k: Knobs, req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const finish = () => {
    const gzip = k.gzip && /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(status, { 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(text) : text);
  };
  if (k.slowMs > 0) setTimeout(finish, k.slowMs);
  else finish();
}

function withExtras(k: Knobs, item: JsonObject): JsonObject {
  return k.extraFields ? { ...item, x_trace: 'f00d', internal: { shard: 3 } } : item;
}

const awkward = (k: Knobs, id: string) => (k.awkwardIds ? `${id}+a/b c` : id);

/** A server: a request counter for the knobs, 429s, then the API's own answer. */
function server(
  k: Knobs,
  tick: (n: number) => void,
  answer: (url: URL, req: IncomingMessage, res: ServerResponse) => void,
): Handler {
  let n = 0;
  return (req, res) => {
    n++;
    if (k.throttleEvery && n % k.throttleEvery === 0) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end('{"error":"slow down"}');
      return;
    }
    tick(n);
    answer(new URL(req.url!, 'http://x'), req, res);
  };
}

/** Newest first by creation time, as Ark and Praxis sessions are documented to be. */
const newestFirst = (items: JsonObject[], createdAt: (i: JsonObject) => number) =>
  [...items].sort((a, b) => createdAt(b) - createdAt(a));

function ordered(
  k: Knobs,
  items: JsonObject[],
  createdAt: (i: JsonObject) => number,
  id: (i: JsonObject) => string,
): JsonObject[] {
  if (k.order === 'newest') return newestFirst(items, createdAt);
  if (k.order === 'oldest') return [...items].sort((a, b) => createdAt(a) - createdAt(b));
  const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, k.seed);
  return [...items].sort((a, b) => hash(id(a)) - hash(id(b)));
}

// ---- Ark: keyset cursors (an integer), newest first, short and empty pages --------------------
export function ark(k: Knobs): Handler {
  const make = (n: number): JsonObject => {
    const [t] = sample('ark', 'task', k.seed + n, 1);
    const task: JsonObject = { ...t!, task_id: `task-${n}`, session_id: SESSION.ark, created_at: T0 + n * 1000 };
    // Started and finished the moment it was submitted (every fourth task) is in order too.
    for (const f of ['started_at', 'finished_at'] as const)
      if (typeof task[f] === 'number') task[f] = T0 + n * 1000 + (n % 4 === 0 ? 0 : 500);
    return repair('ark', 'task', task, undefined, BUILTIN);
  };
  const world = new TaskWorld(
    'ark',
    k,
    Array.from({ length: 30 + (k.seed % 20) }, (_, i) => make(i)),
    make,
  );
  return server(
    k,
    (n) => world.tick(n),
    (url, req, res) => {
      const m = /^\/api\/v3\/sessions\/([^/]+)\/tasks$/.exec(url.pathname);
      if (!m || decodeURIComponent(m[1]!) !== SESSION.ark)
        return send(k, req, res, 404, { error: { code: 'NotFound' } });
      const int = (name: string, dflt: number) => {
        const raw = url.searchParams.get(name);
        return raw === null ? dflt : /^\d+$/.test(raw) ? Number(raw) : null;
      };
      const limit = int('limit', 20);
      const cursor = int('cursor', -1);
      if (limit === null || cursor === null) return send(k, req, res, 400, { error: { code: 'InvalidParameter' } });
      let tasks = newestFirst(world.tasks, (t) => Number(t.created_at));
      const states = url.searchParams.get('state')?.split(',');
      if (states) tasks = tasks.filter((t) => states.includes(String(t.state)));
      const thread = url.searchParams.get('session_thread_id');
      if (thread !== null) tasks = tasks.filter((t) => t.session_thread_id === thread);
      if (limit === 0) return send(k, req, res, 200, { items: [] });
      // cursor = key * 2 + flag: the key is the created_at to continue below; the flag marks an empty page already given.
      const key = cursor < 0 ? Number.POSITIVE_INFINITY : Math.floor(cursor / 2);
      if (cursor >= 0 && k.emptyPages && cursor % 2 === 0 && Math.floor(key / 1000) % k.emptyPages === 0)
        return send(k, req, res, 200, { items: [], next_cursor: key * 2 + 1 });
      const rest = tasks.filter((t) => Number(t.created_at) < key);
      const page = rest.slice(0, Math.min(limit, k.maxPage));
      const body: JsonObject = { items: page.map((t) => withExtras(k, t)) };
      if (rest.length > page.length) body.next_cursor = Number(page[page.length - 1]!.created_at) * 2;
      send(k, req, res, 200, body);
    },
  );
}

// ---- Everruns: the whole list, any order, filters ------------------------------------------------
export function everruns(k: Knobs): Handler {
  const make = (n: number): JsonObject => {
    const [t] = sample('everruns', 'task', k.seed + n, 1);
    const id = `task_${n}`;
    const task: JsonObject = {
      ...t!,
      id,
      session_id: SESSION.everruns,
      created_at: new Date(T0 + n * 1000).toISOString(),
      updated_at: new Date(T0 + n * 1000 + 10).toISOString(),
    };
    // Times equal to created_at (every fourth task) are in order too.
    for (const f of ['started_at', 'finished_at', 'heartbeat_at', 'cancel_requested_at'] as const)
      if (typeof task[f] === 'string') task[f] = new Date(T0 + n * 1000 + (n % 4 === 0 ? 0 : 5)).toISOString();
    if (typeof task.result_path === 'string') task.result_path = `/.tasks/${id}/result.json`;
    // One root per session, given by some tasks and unavailable (null) for others, or by none.
    task.root_session_id = k.seed % 3 !== 0 && n % 2 === 0 ? 'root_fam' : null;
    // Artifacts in the session filesystem, elsewhere, or neither said; a child session that is another session.
    if (n % 3 === 0)
      task.artifacts = [
        { name: 'log', type: 'file', path: '/logs/run.txt' },
        { name: 'pr', type: 'pr', url: 'https://example.com/pr/7', path: null },
        { name: 'bucket', type: 'url', url: 's3://artifacts/run-7.tar' },
        { name: 'child', type: 'session' },
      ];
    if (task.kind === 'subagent')
      task.links = { ...(task.links as JsonObject | undefined), child_session_id: `child_${n}` };
    return repair('everruns', 'task', task, undefined, BUILTIN);
  };
  const world = new TaskWorld(
    'everruns',
    k,
    Array.from({ length: 8 + (k.seed % 12) }, (_, i) => make(i)),
    make,
  );
  return server(
    k,
    (n) => world.tick(n),
    (url, req, res) => {
      const m = /^\/api\/v1\/sessions\/([^/]+)\/tasks$/.exec(url.pathname);
      if (!m) return send(k, req, res, 404, { message: 'no route' });
      const asked = decodeURIComponent(m[1]!);
      // A subagent's child session exists (its transcript lives there), with no tasks of its own here.
      if (asked.startsWith('child_')) return send(k, req, res, 200, []);
      if (asked !== SESSION.everruns) return send(k, req, res, 404, { message: 'Session not found' });
      let tasks = ordered(
        k,
        world.tasks,
        (t) => Date.parse(String(t.created_at)),
        (t) => String(t.id),
      );
      for (const key of ['state', 'kind']) {
        const value = url.searchParams.get(key);
        if (value !== null) tasks = tasks.filter((t) => t[key] === value);
      }
      send(
        k,
        req,
        res,
        200,
        tasks.map((t) => withExtras(k, t)),
      );
    },
  );
}

// ---- JSON-RPC: item-id cursors, any order, 422 for a bad limit ------------------------------------
export function jsonrpc(k: Knobs): Handler {
  const make = (n: number): JsonObject => {
    const [t] = sample('jsonrpc', 'task', k.seed + n, 1);
    const task: JsonObject = {
      ...t!,
      id: awkward(k, `t${n}`),
      session_id: n % 3 === 0 ? 'other' : SESSION.jsonrpc,
      user_id: n % 2 ? 'u1' : 'u2',
      created_at: Math.floor(T0 / 1000) + n,
    };
    // A previous task listed before it (another session's or the same second's), or one never listed.
    if (n % 4 === 1) task.previous_task_id = awkward(k, `t${n - 1}`);
    else if (n % 4 === 2) task.previous_task_id = 'task_from_an_older_list';
    if (n % 8 === 1) task.created_at = Math.floor(T0 / 1000) + n - 1;
    return repair('jsonrpc', 'task', task, undefined, BUILTIN);
  };
  const world = new TaskWorld(
    'jsonrpc',
    k,
    Array.from({ length: 25 + (k.seed % 20) }, (_, i) => make(i)),
    make,
  );
  return server(
    k,
    (n) => world.tick(n),
    (url, req, res) => {
      if (url.pathname !== '/rpc/tasks') return send(k, req, res, 404, { detail: 'Not Found' });
      const q = url.searchParams;
      const limitRaw = q.get('limit');
      if (limitRaw !== null && !/^\d+$/.test(limitRaw))
        return send(k, req, res, 422, {
          detail: [{ loc: ['query', 'limit'], msg: 'Input should be a valid integer', type: 'int_parsing' }],
        });
      const limit = Math.min(limitRaw === null ? 50 : Number(limitRaw), k.maxPage);
      let tasks = ordered(
        k,
        world.tasks,
        (t) => Number(t.created_at),
        (t) => String(t.id),
      );
      for (const key of ['session_id', 'user_id', 'status']) {
        const value = q.get(key);
        if (value !== null) tasks = tasks.filter((t) => t[key] === value);
      }
      const after = q.get('starting_after');
      const before = q.get('ending_before');
      if (after !== null) tasks = tasks.slice(tasks.findIndex((t) => t.id === after) + 1);
      if (before !== null) {
        const i = tasks.findIndex((t) => t.id === before);
        tasks = i < 0 ? [] : tasks.slice(Math.max(0, i - limit), i);
      }
      send(k, req, res, 200, { jsonrpc: '2.0', id: null, result: tasks.slice(0, limit).map((t) => withExtras(k, t)) });
    },
  );
}

// ---- Praxis: sessions with cursors bound to the query, background tasks of each -------------------
const anthropic = (
  k: Knobs,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
) => send(k, req, res, status, { type: 'error', error: { type, message }, request_id: `req_${status}_x` });

export function praxis(k: Knobs): Handler {
  const sessionId = (i: number) => (i === 0 ? SESSION.praxis : awkward(k, `sesn_${i}`));
  // Working directories in normal form, a trailing slash left as given.
  const cwdOf = (i: number) => ['/', '/srv/app/', '/home/user/workspace'][i % 3]!;
  const sessions = sample('praxis', 'session', k.seed, 12 + (k.seed % 10)).map((s, i) => {
    const session: JsonObject = {
      ...s,
      id: sessionId(i),
      agent: { ...(s.agent as JsonObject), id: i % 2 ? 'agent_a' : 'agent_b' },
      archived_at: null,
      created_at: new Date(T0 + i * 60_000).toISOString(),
      // Updated the moment it was created (every fifth session) is in order too.
      updated_at: new Date(T0 + i * 60_000 + (i % 5 === 0 ? 0 : 1)).toISOString(),
      cwd: cwdOf(i),
      forked_from: null,
    };
    // Forks of an older listed session, in its directory; of a session never listed (in any
    // directory); and a forked_from in a shape without session_id.
    if (i >= 2 && i % 4 === 3)
      Object.assign(session, { forked_from: { session_id: sessionId(i - 2) }, cwd: cwdOf(i - 2) });
    else if (i % 4 === 2) session.forked_from = { session_id: 'sesn_never_listed' };
    else if (i % 4 === 1 && i > 4) session.forked_from = { id: 'sesn_other_shape' };
    return repair('praxis', 'session', session, undefined, BUILTIN);
  });
  const worlds = new Map<string, TaskWorld>();
  sessions.forEach((s, i) => {
    const make = (n: number): JsonObject => {
      const [t] = sample('praxis', 'task', k.seed + i * 100 + n, 1);
      // Started the moment its session was created (the first task), or later.
      const started = T0 + i * 60_000 + n * 1000;
      const task: JsonObject = { ...t!, id: `bgt_${i}_${n}`, started_at: new Date(started).toISOString() };
      if (task.ended_at !== null) task.ended_at = new Date(started + 500).toISOString();
      // Notified the moment it started, or later; a monitor may count triggers with no notification yet.
      if (typeof task.notified_at === 'string') task.notified_at = new Date(started + (n % 2 ? 0 : 700)).toISOString();
      if (task.kind === 'monitor' && n % 2 === 0) Object.assign(task, { notified_at: null, trigger_count: n + 1 });
      if (k.unknownKinds && n % 3 === 0) task.kind = 'workflow_step';
      return repair('praxis', 'task', task, undefined, BUILTIN);
    };
    const size = [0, 1, 7][i % 3]!;
    worlds.set(
      String(s.id),
      new TaskWorld(
        'praxis',
        k,
        Array.from({ length: size }, (_, n) => make(n)),
        make,
      ),
    );
  });
  // The session the last churn created, listed until the next one archives it (it leaves the list).
  let churned: JsonObject | undefined;
  const churn = () => {
    const n = sessions.length + (churned === undefined ? 0 : 1);
    const [made] = sample('praxis', 'session', k.seed + n, 1);
    const at = T0 + n * 60_000;
    const session = repair(
      'praxis',
      'session',
      {
        ...made!,
        id: sessionId(n),
        agent: { ...(made!.agent as JsonObject), id: 'agent_a' },
        archived_at: null,
        created_at: new Date(at).toISOString(),
        updated_at: new Date(at).toISOString(),
        cwd: '/',
        forked_from: null,
      },
      undefined,
      BUILTIN,
    );
    if (churned !== undefined) sessions.splice(sessions.indexOf(churned), 1);
    sessions.push(session);
    worlds.set(String(session.id), new TaskWorld('praxis', k, [], () => ({})));
    churned = session;
  };
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64'); // standard base64: '+', '/', '='
  return server(
    k,
    (n) => worlds.get(SESSION.praxis)!.tick(n),
    (url, req, res) => {
      const q = url.searchParams;
      const tasks = /^\/agent\/v1\/sessions\/([^/]+)\/background_tasks$/.exec(url.pathname);
      if (tasks) {
        const world = worlds.get(decodeURIComponent(tasks[1]!));
        if (!world) return anthropic(k, req, res, 404, 'not_found_error', 'session not found');
        return send(k, req, res, 200, {
          data: ordered(
            k,
            world.tasks,
            (t) => Date.parse(String(t.started_at)),
            (t) => String(t.id),
          ).map((t) => withExtras(k, t)),
        });
      }
      if (url.pathname !== '/agent/v1/sessions') return anthropic(k, req, res, 404, 'not_found_error', 'no route');
      for (const key of q.keys())
        if (!['limit', 'page', 'agent_id'].includes(key))
          return anthropic(k, req, res, 400, 'invalid_request_error', `${key} is not supported`);
      const limitRaw = q.get('limit');
      const limit = limitRaw === null ? 20 : Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1)
        return anthropic(k, req, res, 400, 'invalid_request_error', 'limit must be a positive integer');
      const agentId = q.get('agent_id');
      if (k.churnSessions && limitRaw !== null && agentId === null && q.get('page') === null) churn();
      let below = Number.POSITIVE_INFINITY;
      let emptied = false;
      const page = q.get('page');
      if (page !== null) {
        let cursor: { below?: unknown; agent?: unknown; emptied?: unknown } | undefined;
        try {
          cursor = JSON.parse(Buffer.from(page, 'base64').toString('utf8'));
        } catch {
          cursor = undefined;
        }
        if (!cursor || typeof cursor.below !== 'number')
          return anthropic(k, req, res, 400, 'invalid_request_error', 'malformed page cursor');
        if (cursor.agent !== agentId)
          return anthropic(k, req, res, 400, 'invalid_request_error', 'page cursor belongs to a different query');
        below = cursor.below;
        emptied = cursor.emptied === true;
      }
      if (page !== null && k.emptyPages && !emptied && Math.floor(below / 60_000) % k.emptyPages === 0)
        return send(k, req, res, 200, {
          data: [],
          next_page: encode({ below, agent: agentId, emptied: true, pad: '??>>' }),
        });
      let list = newestFirst(sessions, (s) => Date.parse(String(s.created_at)));
      if (agentId !== null) list = list.filter((s) => (s.agent as JsonObject).id === agentId);
      const rest = list.filter((s) => Date.parse(String(s.created_at)) < below);
      const data = rest.slice(0, Math.min(limit, k.maxPage));
      const next =
        rest.length > data.length
          ? encode({ below: Date.parse(String(data[data.length - 1]!.created_at)), agent: agentId, pad: '??>>' })
          : null;
      send(k, req, res, 200, { data: data.map((s) => withExtras(k, s)), next_page: next });
    },
  );
}

/** The APIs a family of correct servers is written for: the four of the vendor documents. */
export type FamilyApi = Exclude<BuiltinApiName, 'langgraph' | 'a2a' | 'mcp'>;

export const FAMILY: Record<FamilyApi, { path: string; make: (k: Knobs) => Handler }> = {
  ark: { path: '/api/v3', make: ark },
  everruns: { path: '/api', make: everruns },
  jsonrpc: { path: '/rpc', make: jsonrpc },
  praxis: { path: '/agent', make: praxis },
};

export const FAMILY_APIS = Object.keys(FAMILY) as FamilyApi[];
