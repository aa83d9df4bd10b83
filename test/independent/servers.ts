/**
 * Small servers for each API written independently of the mock (different paging, ordering,
 * error bodies and only the fields the documents require), each with variants that break one
 * documented sentence. The conformance runner must pass the correct ones and catch each break.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Obj = Record<string, unknown>;
export type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};
const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

// ---- Ark ----------------------------------------------------------------------------------------
const ARK_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'unknown'];
function arkTasks(variant: string): Obj[] {
  return Array.from({ length: 33 }, (_, i) => {
    const state = ARK_STATES[i % 6]!;
    const created = T0 + i * 60_000;
    const t: Obj = {
      task_id: `task-${1000 + i}`,
      session_id: 'sesn-x',
      session_thread_id: i % 3 === 0 ? 'th-a' : 'th-b',
      state,
      created_at: variant === 'seconds' ? Math.floor(created / 1000) : created,
      tool: { name: i % 2 ? 'bash' : 'video_generate' },
    };
    if (state !== 'queued') t.started_at = created + 1000;
    if (['succeeded', 'failed', 'cancelled'].includes(state)) t.finished_at = created + 9000;
    // Both or neither: the two fields are documented under one condition (服务端记录了失败原因时).
    if (state === 'failed') Object.assign(t, { error_code: 'timeout', error_message: 'the tool call timed out' });
    if (variant === 'finished-at-running' && state === 'running') t.finished_at = created + 9000;
    if (variant === 'null-summary') t.summary = null;
    return t;
  }).reverse();
}
export function ark(variant = 'correct'): Handler {
  return (req, res, n) => {
    const url = new URL(req.url!, 'http://x');
    const m = /^\/api\/v3\/sessions\/([^/]+)\/tasks$/.exec(url.pathname);
    if (!m) return send(res, 404, { error: { code: 'NotFound', message: 'no route' } });
    if (decodeURIComponent(m[1]!) !== 'sesn-x')
      return send(res, 404, { error: { code: 'SessionNotFound', message: 'unknown session' } });
    const int = (name: string, dflt: number) => {
      const raw = url.searchParams.get(name);
      if (raw === null) return dflt;
      if (!/^\d+$/.test(raw)) return variant === 'negative-limit-accepted' && name === 'limit' ? dflt : null;
      if (variant === 'zero-limit-refused' && name === 'limit' && raw === '0') return null;
      return Number(raw);
    };
    const limit = int('limit', variant === 'default-limit-50' ? 50 : 20);
    const offset = int('cursor', 0);
    if (limit === null || offset === null)
      return send(res, 400, { error: { code: 'InvalidParameter', message: 'bad limit or cursor' } });
    let tasks = arkTasks(variant);
    if (variant === 'lifecycle-regression' && n > 30)
      tasks = tasks.map((t) =>
        t.state === 'succeeded' ? (({ finished_at, ...rest }) => ({ ...rest, state: 'running' }))(t) : t,
      );
    if (variant === 'ascending') tasks = tasks.reverse();
    const states = url.searchParams.get('state')?.split(',');
    const filtersLost = variant === 'filters-lost-after-cursor' && url.searchParams.has('cursor');
    if (states && !filtersLost)
      tasks = tasks.filter((t) =>
        variant === 'comma-states-ignored' ? states[0] === t.state : states.includes(String(t.state)),
      );
    const thread = url.searchParams.get('session_thread_id');
    // A thread no task's id starts with, with a dash in it: the broken variant lists everything instead of nothing.
    const unmatched =
      variant === 'unknown-dashed-thread-lists-all' &&
      thread?.includes('-') === true &&
      !arkTasks(variant).some((t) => String(t.session_thread_id).startsWith(thread));
    if (thread && variant !== 'thread-filter-ignored' && !unmatched)
      tasks = tasks.filter((t) => t.session_thread_id === thread);
    // Off by one only between the usual probe points (1, 2, the default, default + 1, the list's length).
    const extra = variant === 'limit-off-by-one-between' && limit >= 4 && limit <= 18 ? 1 : 0;
    const page = tasks.slice(offset, offset + Math.min(limit, 100) + extra);
    const body: Obj = { items: page };
    if (offset + limit < tasks.length || variant === 'cursor-on-last-page') body.next_cursor = offset + limit;
    send(res, 200, body);
  };
}

// ---- JSON-RPC -----------------------------------------------------------------------------------
/** The JSON-RPC task statuses the document lists. */
export const RPC_STATES = [
  'created',
  'queued',
  'working',
  'input-required',
  'paused',
  'completed',
  'canceled',
  'expired',
  'failed',
];
function rpcTasks(variant: string): Obj[] {
  // Oldest first: the document states no order, so this server uses ascending ids.
  return Array.from({ length: 40 }, (_, i) => {
    const status = RPC_STATES[i % 9]!;
    const t: Obj = {
      object: variant === 'object-wrong' ? 'job' : 'task',
      id: `t${String(i).padStart(3, '0')}`,
      session_id: i % 2 ? 's1' : 's2',
      user_id: i % 3 ? 'u1' : 'u2',
      status,
      created_at: Math.floor((T0 + i * 1000) / (variant === 'ms-times' ? 1 : 1000)),
      output: [],
    };
    if (status === 'input-required') t.input_required_call_ids = ['call_1'];
    return t;
  });
}
/** A task waiting on tool calls that produces output meanwhile: one more message every 20 requests. */
const produced = (n: number) =>
  Array.from({ length: Math.floor(n / 20) }, () => ({ type: 'message', role: 'assistant', content: [] }));
export function jsonrpc(variant = 'correct'): Handler {
  return (req, res, n) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname !== '/rpc/tasks') return send(res, 404, { detail: 'Not Found' });
    const q = url.searchParams;
    const limitRaw = q.get('limit');
    if (limitRaw !== null && !/^\d+$/.test(limitRaw)) {
      const detail = [
        {
          type: 'int_parsing',
          loc: ['query', 'limit'],
          msg: 'Input should be a valid integer',
          input: limitRaw,
          url: 'https://errors.pydantic.dev/2/v/int_parsing',
        },
      ];
      return variant === '422-as-400' ? send(res, 400, { detail }) : send(res, 422, { detail });
    }
    const limit = limitRaw === null ? 50 : Number(limitRaw);
    let tasks = rpcTasks(variant);
    if (variant === 'output-while-input-required')
      tasks = tasks.map((t) => (t.status === 'input-required' ? { ...t, output: produced(n) } : t));
    if (variant === 'lifecycle-regression' && n > 40)
      tasks = tasks.map((t) => (t.status === 'completed' ? { ...t, status: 'working' } : t));
    for (const key of ['session_id', 'user_id', 'status']) {
      const value = q.get(key);
      if (value !== null && !(variant === 'status-filter-ignored' && key === 'status'))
        tasks = tasks.filter((t) => t[key] === value);
    }
    const after = q.get('starting_after');
    const before = q.get('ending_before');
    if (after !== null) {
      const i = tasks.findIndex((t) => t.id === after);
      tasks = tasks.slice(variant === 'starting-after-inclusive' ? i : i + 1);
    }
    if (before !== null) {
      const i = tasks.findIndex((t) => t.id === before);
      tasks = tasks.slice(Math.max(0, i - limit), i);
    }
    const envelope: Obj = {
      jsonrpc: '2.0',
      id: null,
      result: tasks.slice(0, variant === 'limit-ignored' ? 1000 : limit),
      error: null,
    };
    if (variant === 'result-and-error') envelope.error = { code: -32000, message: 'partial' };
    send(res, 200, envelope);
  };
}

// ---- Praxis -------------------------------------------------------------------------------------
const agent = (id: string) => ({ id, type: 'agent', name: id, version: 1 });
function praxisSessions(variant: string): Obj[] {
  // A list longer than a request case's largest page, so that a walk at that size pages too.
  const out: Obj[] = Array.from({ length: variant === 'cursor-skips-one' ? 60 : 23 }, (_, i) => ({
    id: `sesn_${String(i).padStart(3, '0')}`,
    type: 'session',
    agent: agent(i % 2 ? 'agent_a' : 'agent_b'),
    archived_at: variant === 'archived-listed' && i === 3 ? iso(T0) : null,
    budget: null,
    created_at: iso(T0 + i * 3_600_000),
    updated_at: iso(T0 + i * 3_600_000 + 1000),
    deployment_id: i % 5 === 0 ? `depl_${i}` : null,
    metadata: {},
    outcome_evaluations: [],
    resources: [],
    stats: { active_seconds: 1 },
    status: 'idle',
    title: null,
    usage: { input_tokens: 10 },
    vault_ids: [],
  }));
  return variant === 'ascending' ? out : out.reverse();
}
const STATUSES = ['running', 'result_pending', 'completed', 'failed', 'cancelled', 'lost'];
/** The tasks of a session created at `createdMs`: the first starts the moment the session is created. */
function praxisTasks(variant: string, createdMs: number): Obj[] {
  return Array.from({ length: 12 }, (_, i) => {
    const status = STATUSES[i % 6]!;
    const kind = ['bash', 'monitor', 'subagent', 'workflow'][i % 4]!;
    return {
      id: `bg_${i}`,
      kind,
      title: `task ${i}`,
      thread_id: kind === 'subagent' ? `th_${i}` : null,
      status,
      started_at: iso(createdMs + i * 1000),
      ended_at: status === 'running' && variant !== 'ended-at-running' ? null : iso(createdMs + i * 1000 + 500),
      cancellable: status === 'running' || (variant === 'cancellable-completed' && status === 'completed'),
      notified_at: null,
      trigger_count: kind === 'monitor' ? i : null,
    };
  });
}
const anthropic = (res: ServerResponse, status: number, type: string, message: string) =>
  send(res, status, { type: 'error', error: { type, message }, request_id: `req_${status}` });
export function praxis(variant = 'correct'): Handler {
  let plainReads = 0;
  return (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const q = url.searchParams;
    const tasks = /^\/agent\/v1\/sessions\/([^/]+)\/background_tasks$/.exec(url.pathname);
    if (tasks) {
      const session = praxisSessions('correct').find((s) => s.id === decodeURIComponent(tasks[1]!));
      if (!session) {
        if (variant === 'unknown-session-200') return send(res, 200, { data: [] });
        return anthropic(res, 404, 'not_found_error', 'session not found');
      }
      return send(res, 200, { data: praxisTasks(variant, Date.parse(String(session.created_at))) });
    }
    if (url.pathname !== '/agent/v1/sessions') return anthropic(res, 404, 'not_found_error', 'no route');
    for (const key of q.keys()) {
      if (!['limit', 'page', 'agent_id'].includes(key) && !(variant === 'order-accepted' && key === 'order')) {
        if (variant === 'error-format-plain') return send(res, 400, { message: `${key} is not supported` });
        return anthropic(res, 400, 'invalid_request_error', `${key} is not supported`);
      }
    }
    const limit = Number(q.get('limit') ?? 10);
    const agentId = q.get('agent_id');
    let offset = 0;
    const page = q.get('page');
    if (page !== null) {
      let cursor: { o: number; a: string | null; l: number } | undefined;
      try {
        cursor = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
      } catch {
        cursor = undefined;
      }
      if (!cursor || typeof cursor.o !== 'number') {
        if (variant !== 'malformed-cursor-ok')
          return anthropic(res, 400, 'invalid_request_error', 'malformed page cursor');
      } else if ((cursor.a !== agentId || cursor.l !== limit) && variant !== 'cursor-not-bound') {
        return anthropic(res, 400, 'invalid_request_error', 'page cursor belongs to a different query');
      } else offset = cursor.o;
      // cursor-skips-one: each page after the first starts one session late, so one is lost at every page end.
      if (variant === 'cursor-skips-one') offset++;
    }
    let sessions = praxisSessions(variant);
    // replica-behind: every second list asked for with no parameter comes from a replica that lacks the newest session.
    if (variant === 'replica-behind' && q.size === 0 && ++plainReads % 2 === 0) sessions = sessions.slice(1);
    if (agentId !== null) sessions = sessions.filter((s) => (s.agent as Obj).id === agentId);
    const data = sessions.slice(offset, offset + limit);
    const more = offset + limit < sessions.length;
    send(res, 200, {
      data,
      next_page: more
        ? Buffer.from(JSON.stringify({ o: offset + limit, a: agentId, l: limit })).toString('base64url')
        : null,
    });
  };
}

// ---- Everruns -----------------------------------------------------------------------------------
const EV_STATES = ['queued', 'running', 'awaiting_input', 'succeeded', 'failed', 'canceled'];
function everrunsTasks(variant: string, n: number): Obj[] {
  return Array.from({ length: 14 }, (_, i) => {
    const state = EV_STATES[i % 6]!;
    const t: Obj = {
      id: `task_${i}`,
      session_id: 'ses1',
      kind: ['subagent', 'monitor', 'background_tool'][i % 3],
      display_name: `Task ${i}`,
      state,
      created_at: iso(T0 + i * 1000),
      updated_at: iso(T0 + i * 1000 + 10),
    };
    if (state === 'awaiting_input') t.input_request = { id: `ask_${i}`, prompt: 'which one?' };
    if (variant === 'artifacts-while-awaiting-input' && state === 'awaiting_input')
      t.artifacts = Array.from({ length: Math.floor(n / 10) }, (_, a) => ({ name: `draft ${a}`, type: 'file' }));
    if (variant === 'input-request-running' && state === 'running')
      t.input_request = { id: `ask_${i}`, prompt: 'stale' };
    if (state === 'failed') t.error = { kind: 'timeout', message: 'too slow' };
    t.attempt = variant === 'attempt-zero' ? 0 : 1;
    t.result_path =
      state === 'succeeded'
        ? variant === 'result-path-wrong'
          ? `/results/${String(t.id)}.json`
          : `/.tasks/${String(t.id)}/result.json`
        : null;
    return t;
  });
}
export function everruns(variant = 'correct'): Handler {
  // sticky-state-filter: the last state asked for is kept, and a list asked for with no parameter is filtered by it.
  let keptState: string | null = null;
  return (req, res, n) => {
    const url = new URL(req.url!, 'http://x');
    const m = /^\/api\/v1\/sessions\/([^/]+)\/tasks$/.exec(url.pathname);
    if (!m) return send(res, 404, { message: 'not found' });
    if (decodeURIComponent(m[1]!) !== 'ses1')
      return variant === 'unknown-session-200' ? send(res, 200, []) : send(res, 404, { message: 'Session not found' });
    let tasks = everrunsTasks(variant, n);
    if (variant === 'sticky-state-filter') keptState = url.searchParams.get('state') ?? keptState;
    const sticky = variant === 'sticky-state-filter' && url.searchParams.size === 0;
    const state = sticky ? keptState : url.searchParams.get('state');
    if (state !== null && variant !== 'state-filter-ignored') tasks = tasks.filter((t) => t.state === state);
    const kind = url.searchParams.get('kind');
    if (kind !== null) tasks = tasks.filter((t) => t.kind === kind);
    send(res, 200, tasks);
  };
}

/** Where each server listens under its base URL, the session it knows, and how to make it (a variant or the correct one). */
export const SETUP: Record<
  'ark' | 'jsonrpc' | 'praxis' | 'everruns',
  { path: string; session?: string; make: (variant?: string) => Handler }
> = {
  ark: { path: '/api/v3', session: 'sesn-x', make: ark },
  jsonrpc: { path: '/rpc', make: jsonrpc },
  praxis: { path: '/agent', make: praxis },
  everruns: { path: '/api', session: 'ses1', make: everruns },
};
