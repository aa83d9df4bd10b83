/**
 * A red team of broken servers written from the five documents alone, without reading the
 * project's rules, laws or runner: each wraps one correct server of servers.ts and contradicts
 * exactly one sentence of the documents in a way a GET client can observe. They aim at kinds the
 * variants of servers.ts do not cover: parameters in combination, numbers between the usual
 * probe points, cursor bounds, ids documented as identifying one object, final states and
 * counters that keep changing, times the documents order, members documented under a condition.
 * red-team-run.ts runs the `conform` CLI on each; red-team.test.ts keeps the caught ones caught.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FamilyApi } from './family.js';
import { type Handler, RPC_STATES, SETUP } from './servers.js';

type Obj = Record<string, unknown>;
type Body = Obj | Obj[];
interface Answer {
  status: number;
  body: Body;
}
interface Call {
  url: URL;
  /** The request's number on this server (1 for the first), as the runner reads it again and again. */
  n: number;
  /** What the correct server answers to `path` (default: this request's path and query). */
  base: (path?: string) => Answer;
}

/** Where each correct server lives and which session the runner is given. */
export interface RedTeamServer {
  name: string;
  api: FamilyApi;
  /** The document (a file of specs/sources) and its words this server contradicts. */
  file: string;
  sentence: string;
  /** What a GET client sees. */
  shows: string;
  answer: (call: Call) => Answer;
}

const ARK = 'specs/sources/002_975038caf7b7a661.txt';
const RPC = 'specs/sources/003_74bd28131cc50021.txt';
const TASKS = 'specs/sources/000_833527b857329c7b.txt';
const SESSIONS = 'specs/sources/004_a09f4aec44242b61.txt';
const EVERRUNS = 'specs/sources/001_5ef50488d1ca2e3f.txt';

/** Runs a handler of servers.ts on a request that never touches the network. */
function ask(handler: Handler, path: string, n: number): Answer {
  let status = 0;
  let text = '';
  const res = {
    writeHead: (code: number) => {
      status = code;
      return res;
    },
    end: (chunk: string) => {
      text = chunk;
      return res;
    },
  };
  handler({ url: path, method: 'GET', headers: {} } as IncomingMessage, res as unknown as ServerResponse, n);
  return { status, body: JSON.parse(text) as Body };
}

/** A server whose every answer is `broken.answer`, given the correct server to build it from. */
export function serve(broken: Pick<RedTeamServer, 'api' | 'answer'>): Handler {
  const handler = SETUP[broken.api].make();
  return (req, res, n) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const base = (path = `${url.pathname}${url.search}`) => ask(handler, path, n);
    const { status, body } = broken.answer({ url, n, base });
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
}

/** The request with some query parameters set (a string) or removed (null). */
function withQuery(url: URL, changes: Record<string, string | null>): string {
  const q = new URLSearchParams(url.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) q.delete(key);
    else q.set(key, value);
  }
  const search = q.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

/** The items of a 200 answer, whatever the API's envelope. */
function listOf(body: Body): Obj[] | undefined {
  if (Array.isArray(body)) return body;
  for (const key of ['items', 'data', 'result']) if (Array.isArray(body[key])) return body[key] as Obj[];
  return undefined;
}

/** The answer with each listed item passed through `edit` (a copy, so the base stays correct). */
function mapItems(answer: Answer, edit: (item: Obj, index: number) => Obj): Answer {
  const items = listOf(answer.body);
  if (answer.status !== 200 || !items) return answer;
  const edited = items.map((item, i) => edit(structuredClone(item), i));
  if (Array.isArray(answer.body)) return { ...answer, body: edited };
  const key = ['items', 'data', 'result'].find((k) => Array.isArray((answer.body as Obj)[k]))!;
  return { ...answer, body: { ...answer.body, [key]: edited } };
}

/**
 * A JSON-RPC answer to a request with the cursor `param`: `page` picks its tasks from the whole list as
 * the correct server filters it (cursors and limit left out) and the cursor's place in it; the correct
 * answer where the cursor is absent, names no task, or `page` gives none. `edit` reworks every answer.
 */
const aroundCursor =
  (param: string, page: (tasks: Obj[], at: number, limit: number) => Obj[] | undefined, edit = (a: Answer) => a) =>
  ({ url, base }: Call): Answer => {
    const id = url.searchParams.get(param);
    if (id === null) return edit(base());
    const all = edit(base(withQuery(url, { starting_after: null, ending_before: null, limit: '1000' })));
    const tasks = (all.body as Obj).result as Obj[];
    const at = tasks.findIndex((t) => t.id === id);
    const result = at < 0 ? undefined : page(tasks, at, Number(url.searchParams.get('limit') ?? 50));
    return result === undefined ? edit(base()) : { status: 200, body: { ...all.body, result } };
  };

/** Edits each item of every answer. */
const eachItem =
  (edit: (item: Obj, n: number, url: URL) => Obj) =>
  ({ base, n, url }: Call): Answer =>
    mapItems(base(), (item) => edit(item, n, url));

const isSessionList = (url: URL) => url.pathname === '/agent/v1/sessions';
const onSessions = (edit: (item: Obj, n: number) => Obj) =>
  eachItem((item, n, url) => (isSessionList(url) ? edit(item, n) : item));
const onBackgroundTasks = (edit: (item: Obj, n: number) => Obj) =>
  eachItem((item, n, url) => (url.pathname.endsWith('/background_tasks') ? edit(item, n) : item));

/** A limit of 7 answered as a limit of 8; every other limit, and its cursor, is left alone. */
const sevenAsEight = ({ url, base }: Call): Answer =>
  url.searchParams.get('limit') === '7' ? base(withQuery(url, { limit: '8' })) : base();

/** 2026-01-01 in Unix seconds: where the tasks of the ties server start. */
const T0_SECONDS = 1_767_225_600;
const plusMs = (iso: unknown, ms: number) => new Date(Date.parse(String(iso)) + ms).toISOString();
const TERMINAL_ARK = ['succeeded', 'failed', 'cancelled'];

// The Praxis session cursor of servers.ts: base64url JSON { o: offset, a: agent_id, l: limit }.
const decodePage = (page: string) =>
  JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as { o: number; a: string | null; l: number };
const encodePage = (cursor: { o: number; a: string | null; l: number }) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

const ark: RedTeamServer[] = [
  {
    name: 'ark.limit-7-gives-8',
    api: 'ark',
    file: ARK,
    sentence: 'limit integer 默认值 20 | 每页任务数 每页返回的任务数量。',
    shows: 'GET …/tasks?limit=7 lists 8 items; limit 0, 1, 2, 20, 21 and the default are honoured',
    answer: sevenAsEight,
  },
  {
    name: 'ark.thread-filter-lost-on-cursor',
    api: 'ark',
    file: ARK,
    sentence: '传入后，只返回该线程创建的后台工具任务',
    shows: 'GET …/tasks?session_thread_id=th-b&cursor=20 lists th-a tasks (page 1 is filtered, later pages are not)',
    answer: ({ url, base }) =>
      url.searchParams.has('cursor') ? base(withQuery(url, { session_thread_id: null })) : base(),
  },
  {
    name: 'ark.several-states-lost-with-thread',
    api: 'ark',
    file: ARK,
    sentence: '按任务状态筛选结果。支持使用半角逗号分隔多个状态。',
    shows:
      'GET …/tasks?state=running,failed&session_thread_id=th-b lists no failed task although th-b has some; ' +
      'state=running,failed alone, and one state with the thread, are right',
    answer: ({ url, base }) => {
      const state = url.searchParams.get('state');
      if (!state?.includes(',') || !url.searchParams.has('session_thread_id')) return base();
      return base(withQuery(url, { state: state.split(',')[0]! }));
    },
  },
  {
    name: 'ark.two-tasks-one-id',
    api: 'ark',
    file: ARK,
    sentence: 'task_id string | 任务 ID … 后台工具任务的唯一标识',
    shows: 'two different tasks (created 1 min apart, different states) both have task_id task-1005',
    answer: eachItem((item) => (item.task_id === 'task-1006' ? { ...item, task_id: 'task-1005' } : item)),
  },
  {
    name: 'ark.cursor-repeats-the-last-item',
    api: 'ark',
    file: ARK,
    sentence: 'next_cursor integer | 下一页标识 … 将其原样传入下一次请求的 cursor',
    shows: 'the first item of every page after the first is the last item of the page before it',
    answer: ({ url, base }) => {
      const cursor = Number(url.searchParams.get('cursor'));
      const limit = Number(url.searchParams.get('limit') ?? 20);
      if (!(cursor > 0) || !(limit >= 2) || !Number.isInteger(cursor)) return base();
      return base(withQuery(url, { cursor: String(cursor - 1) }));
    },
  },
  {
    name: 'ark.result-in-list',
    api: 'ark',
    file: ARK,
    sentence: '列表只返回任务摘要，不返回执行结果 result。',
    shows: 'every succeeded item carries result: {"stdout": "done"}',
    answer: eachItem((item) => (item.state === 'succeeded' ? { ...item, result: { stdout: 'done' } } : item)),
  },
  {
    name: 'ark.error-code-on-succeeded',
    api: 'ark',
    file: ARK,
    sentence: 'error_code string | 失败类型 … 任务失败、取消或状态未知，且服务端记录了失败原因时的失败类型。',
    shows: 'succeeded tasks carry error_code "internal" and an error_message',
    answer: eachItem((item) =>
      item.state === 'succeeded' ? { ...item, error_code: 'internal', error_message: 'worker restarted' } : item,
    ),
  },
  {
    name: 'ark.finished-at-keeps-moving',
    api: 'ark',
    file: ARK,
    sentence: 'finished_at integer | 结束时间 … 任务进入结束状态的时间',
    shows: 'the same succeeded/failed/cancelled task has a later finished_at on each read (+1 ms per request)',
    answer: eachItem((item, n) =>
      TERMINAL_ARK.includes(String(item.state)) ? { ...item, finished_at: Number(item.finished_at) + n } : item,
    ),
  },
  {
    name: 'ark.started-before-submitted',
    api: 'ark',
    file: ARK,
    sentence: 'created_at … 任务提交时间 … started_at … 任务开始执行的时间',
    shows: 'every started task has started_at 5 s before its created_at',
    answer: eachItem((item) =>
      typeof item.started_at === 'number' ? { ...item, started_at: Number(item.created_at) - 5000 } : item,
    ),
  },
  {
    name: 'ark.task-of-another-session',
    api: 'ark',
    file: ARK,
    sentence: 'session_id string | 会话 ID items.session_id 任务所属的会话 ID。',
    shows: 'GET /sessions/sesn-x/tasks lists task-1010 with session_id "sesn-y"',
    answer: eachItem((item) => (item.task_id === 'task-1010' ? { ...item, session_id: 'sesn-y' } : item)),
  },
  {
    name: 'ark.limit-0-lists-a-page',
    api: 'ark',
    file: ARK,
    sentence: 'limit integer 默认值 20 | 每页任务数 每页返回的任务数量。 最小值：0',
    shows: 'GET …/tasks?limit=0 lists 20 tasks (as if limit were omitted)',
    answer: ({ url, base }) => (url.searchParams.get('limit') === '0' ? base(withQuery(url, { limit: null })) : base()),
  },
  {
    name: 'ark.task-id-not-task-prefixed',
    api: 'ark',
    file: ARK,
    sentence: '后台工具任务的唯一标识，格式为 task- 开头的字符串。',
    shows: 'task_id values are job-1000 … job-1032',
    answer: eachItem((item) => ({ ...item, task_id: String(item.task_id).replace('task-', 'job-') })),
  },
  {
    name: 'ark.thread-changes',
    api: 'ark',
    file: ARK,
    sentence: 'session_thread_id string | 会话线程 ID items.session_thread_id 发起该任务的会话线程 ID。',
    shows: 'the same task (same task_id, same created_at) names thread th-a on some reads and th-c on others',
    answer: eachItem((item, n) =>
      item.task_id === 'task-1012' && n % 2 ? { ...item, session_thread_id: 'th-c' } : item,
    ),
  },
  {
    name: 'ark.unknown-back-to-queued',
    api: 'ark',
    file: ARK,
    sentence: '保留 task_id 并稍后查询；状态可能恢复为 running 或实际结束状态',
    shows: 'the same unknown tasks read as queued (not started: no started_at) on later reads, then unknown again',
    answer: eachItem((item, n) => {
      if (item.state !== 'unknown' || n % 4 < 2) return item;
      const { started_at: _started, ...rest } = item;
      return { ...rest, state: 'queued' };
    }),
  },
];

const jsonrpc: RedTeamServer[] = [
  {
    name: 'jsonrpc.limit-7-gives-8',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'limit Limit Maximum number of tasks to return',
    shows: 'GET /tasks?limit=7 returns 8 tasks; 1, 2, 50 and 51 are honoured',
    answer: sevenAsEight,
  },
  {
    name: 'jsonrpc.user-filter-lost-on-cursor',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'user_id User Id User ID filter',
    shows: 'GET /tasks?user_id=u2&starting_after=t003 returns tasks of u1; without a cursor the filter holds',
    answer: ({ url, base }) =>
      url.searchParams.has('starting_after') || url.searchParams.has('ending_before')
        ? base(withQuery(url, { user_id: null }))
        : base(),
  },
  {
    name: 'jsonrpc.session-filter-lost-with-status',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'session_id Session Id Session ID filter',
    shows: 'GET /tasks?session_id=s1&status=working returns tasks of s2; either filter alone holds',
    answer: ({ url, base }) =>
      url.searchParams.has('status') && url.searchParams.has('session_id')
        ? base(withQuery(url, { session_id: null }))
        : base(),
  },
  {
    name: 'jsonrpc.ending-before-inclusive',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'ending_before Ending Before Cursor for pagination',
    shows: 'GET /tasks?ending_before=t010 ends with t010 itself (starting_after is exclusive)',
    answer: aroundCursor('ending_before', (tasks, i, limit) =>
      limit > 0 ? tasks.slice(Math.max(0, i + 1 - limit), i + 1) : undefined,
    ),
  },
  {
    name: 'jsonrpc.ending-before-ignores-limit',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'limit Limit Maximum number of tasks to return',
    shows: 'GET /tasks?limit=3&ending_before=t008 lists all 8 tasks before t008',
    answer: aroundCursor('ending_before', (tasks, i) => tasks.slice(0, i)),
  },
  {
    name: 'jsonrpc.one-too-many-from-26',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'limit Limit Maximum number of tasks to return',
    shows: 'GET /tasks?limit=29 lists 30 tasks (every limit from 26 to 32 lists one more)',
    answer: ({ url, base }) => {
      const limit = Number(url.searchParams.get('limit'));
      return limit >= 26 && limit <= 32 ? base(withQuery(url, { limit: String(limit + 1) })) : base();
    },
  },
  {
    name: 'jsonrpc.ending-before-ignores-filters',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'session_id Session Id Session ID filter',
    shows: 'GET /tasks?session_id=s1&limit=3&ending_before=t017 lists tasks of s2 (a walk forwards keeps the filter)',
    answer: ({ url, base }) =>
      url.searchParams.get('ending_before') === null
        ? base()
        : base(withQuery(url, { session_id: null, user_id: null, status: null })),
  },
  {
    name: 'jsonrpc.keyset-ties-skipped',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'starting_after Starting After Cursor for pagination',
    shows:
      'tasks are created three to a second; GET /tasks?limit=N&starting_after=X leaves out the tasks created in ' +
      "X's second after X",
    answer: aroundCursor(
      'starting_after',
      (tasks, i, limit) =>
        tasks
          .slice(i + 1)
          .filter((t) => t.created_at !== tasks[i]!.created_at)
          .slice(0, limit),
      (answer) =>
        mapItems(answer, (item) => ({
          ...item,
          created_at: T0_SECONDS + Math.floor(Number(String(item.id).slice(1)) / 3),
        })),
    ),
  },
  {
    name: 'jsonrpc.two-problems-detail-object',
    api: 'jsonrpc',
    file: RPC,
    sentence: '422 Validation Error Schema — detail object[]',
    shows: 'GET /tasks?limit=abc&status=not-a-documented-value answers 422 with detail an object keyed by parameter',
    answer: ({ url, base }) => {
      const limit = url.searchParams.get('limit');
      const status = url.searchParams.get('status');
      const badStatus = status !== null && !RPC_STATES.includes(status);
      if (limit === null || /^\d+$/.test(limit) || !badStatus) return base();
      const item = (param: string, input: string) => ({
        type: 'invalid',
        loc: ['query', param],
        msg: 'Invalid',
        input,
      });
      return { status: 422, body: { detail: { limit: item('limit', limit), status: item('status', status) } } };
    },
  },
  {
    name: 'jsonrpc.canceled-keeps-producing-output',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'CANCELED：任务已取消，不会继续处理。 EXPIRED：任务已过期，不会继续处理。',
    shows: 'the same canceled and expired tasks list one more output entry on each read',
    answer: eachItem((item, n) =>
      item.status === 'canceled' || item.status === 'expired'
        ? { ...item, output: Array.from({ length: n }, (_, i) => ({ type: 'message', text: `chunk ${i}` })) }
        : item,
    ),
  },
  {
    name: 'jsonrpc.never-started-has-output',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'CREATED：任务已创建但尚未开始。 … output object[] 模型/代理生成的输出条目集合（多类型）。',
    shows: 'tasks in status created list an output entry the model generated',
    answer: eachItem((item) =>
      item.status === 'created' ? { ...item, output: [{ type: 'message', text: 'Here is the answer.' }] } : item,
    ),
  },
  {
    name: 'jsonrpc.created-at-keeps-moving',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'created_at integer 任务创建时间（Unix 秒）。',
    shows: 'the same task (same id) has a different created_at on consecutive reads',
    answer: eachItem((item, n) => ({ ...item, created_at: Number(item.created_at) + (n % 3) })),
  },
  {
    name: 'jsonrpc.previous-task-is-itself',
    api: 'jsonrpc',
    file: RPC,
    sentence: 'previous_task_id string — OPTIONAL 前置任务 ID（用于续写/衔接）。',
    shows: 'task t005 names itself as its previous task (previous_task_id "t005")',
    answer: eachItem((item) => (item.id === 't005' ? { ...item, previous_task_id: 't005' } : item)),
  },
];

const praxisSessions: RedTeamServer[] = [
  {
    name: 'praxis.sessions.limit-7-gives-8',
    api: 'praxis',
    file: SESSIONS,
    sentence: 'limitnumber可选 query: Number of items per page.',
    shows: 'GET /v1/sessions?limit=7 lists 8 sessions (its cursor continues after 8); 1, 2, 10 and 11 are honoured',
    answer: ({ url, base }) =>
      isSessionList(url) && url.searchParams.get('limit') === '7' ? base(withQuery(url, { limit: '8' })) : base(),
  },
  {
    name: 'praxis.sessions.agent-filter-lost-on-cursor',
    api: 'praxis',
    file: SESSIONS,
    sentence: 'agent_idstring可选 query: Return only sessions created with this agent id',
    shows: 'GET /v1/sessions?agent_id=agent_a&page=… lists agent_b sessions; the first page is filtered',
    answer: ({ url, base }) => {
      const page = url.searchParams.get('page');
      const answer = base();
      if (!isSessionList(url) || page === null || !url.searchParams.has('agent_id') || answer.status !== 200)
        return answer;
      const { o, l } = decodePage(page);
      const all = (base('/agent/v1/sessions?limit=1000').body as Obj).data as Obj[];
      return { status: 200, body: { ...answer.body, data: all.slice(o, o + l) } };
    },
  },
  {
    name: 'praxis.sessions.cursor-repeats-the-last-item',
    api: 'praxis',
    file: SESSIONS,
    sentence: 'next_page string | null Opaque cursor for the next page: pass it unchanged as page to continue.',
    shows: 'the first session of every page after the first is the last session of the page before it',
    answer: ({ url, base }) => {
      const page = url.searchParams.get('page');
      if (!isSessionList(url) || page === null) return base();
      let cursor: ReturnType<typeof decodePage>;
      try {
        cursor = decodePage(page);
      } catch {
        return base();
      }
      if (!(cursor.o > 0) || !(cursor.l >= 2)) return base();
      return base(withQuery(url, { page: encodePage({ ...cursor, o: cursor.o - 1 }) }));
    },
  },
  {
    name: 'praxis.sessions.two-sessions-one-id',
    api: 'praxis',
    file: SESSIONS,
    sentence: 'data[].id string Session id (sesn_...). Pass it as session_id in every session call.',
    shows: 'two different sessions (different created_at and agent) are both listed as sesn_003',
    answer: onSessions((item) => (item.id === 'sesn_004' ? { ...item, id: 'sesn_003' } : item)),
  },
  {
    name: 'praxis.sessions.agent-version-accepted-with-agent-id',
    api: 'praxis',
    file: SESSIONS,
    sentence:
      '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、' +
      'order、statuses 尚不支持，传入返回 400。',
    shows: 'GET /v1/sessions?agent_version=1 is a 400, but ?agent_id=agent_a&agent_version=1 is a 200',
    answer: ({ url, base }) =>
      isSessionList(url) && url.searchParams.has('agent_id') && url.searchParams.has('agent_version')
        ? base(withQuery(url, { agent_version: null }))
        : base(),
  },
  {
    name: 'praxis.sessions.repeated-statuses-accepted',
    api: 'praxis',
    file: SESSIONS,
    sentence:
      '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、' +
      'order、statuses 尚不支持，传入返回 400。',
    shows: 'GET /v1/sessions?statuses=idle is a 400, but ?statuses=idle&statuses=running is a 200',
    answer: ({ url, base }) =>
      isSessionList(url) && url.searchParams.getAll('statuses').length >= 2
        ? base(withQuery(url, { statuses: null }))
        : base(),
  },
  {
    name: 'praxis.sessions.created-at-gte-accepted',
    api: 'praxis',
    file: SESSIONS,
    sentence:
      'created_at[gte]string可选 query: Created-at lower bound for sessions. Declared by the Managed Agents shape ' +
      'but not supported here: sessions.list honors only limit, page and agent_id, and other filters return 400.',
    shows: 'GET /v1/sessions?created_at[gte]=2026-01-01T00:00:00Z is a 200 (the other three bounds are 400s)',
    answer: ({ url, base }) => (isSessionList(url) ? base(withQuery(url, { 'created_at[gte]': null })) : base()),
  },
  {
    name: 'praxis.sessions.created-at-gte-accepted-on-later-pages',
    api: 'praxis',
    file: SESSIONS,
    sentence:
      'created_at[gte]string可选 query: Created-at lower bound for sessions. Declared by the Managed Agents shape ' +
      'but not supported here: sessions.list honors only limit, page and agent_id, and other filters return 400.',
    shows: 'GET /v1/sessions?created_at[gte]=…&page=<a real cursor> is a 200 (without page, a 400)',
    answer: ({ url, base }) =>
      isSessionList(url) && url.searchParams.has('page') ? base(withQuery(url, { 'created_at[gte]': null })) : base(),
  },
  {
    name: 'praxis.tasks.lookalike-session-200',
    api: 'praxis',
    file: TASKS,
    sentence: 'Missing or inaccessible sessions return 404.',
    shows:
      'GET /v1/sessions/sesn_133/background_tasks (shaped like the listed sesn_000 to sesn_022) answers 200, no data',
    answer: ({ url, base }) => {
      const m = /\/sessions\/sesn_(\d{3})\/background_tasks$/.exec(url.pathname);
      return m && Number(m[1]) > 22 ? { status: 200, body: { data: [] } } : base();
    },
  },
  {
    name: 'praxis.sessions.fork-in-another-directory',
    api: 'praxis',
    file: SESSIONS,
    sentence:
      'data[].cwd string Normalized session working directory; defaults to /home/user/workspace. Forks inherit this directory.',
    shows:
      'sesn_010 has forked_from {session_id: "sesn_004"} and cwd /srv/other, while the listed sesn_004 has /home/user/workspace',
    answer: onSessions((item) =>
      item.id === 'sesn_010'
        ? { ...item, cwd: '/srv/other', forked_from: { session_id: 'sesn_004' } }
        : { ...item, cwd: '/home/user/workspace' },
    ),
  },
  {
    name: 'praxis.sessions.usage-goes-down',
    api: 'praxis',
    file: SESSIONS,
    sentence: 'data[].usage object Cumulative token usage for a session across all turns.',
    shows: 'the same session reports fewer input_tokens on each later read (10000 minus 10 per request)',
    answer: onSessions((item, n) => ({ ...item, usage: { input_tokens: Math.max(0, 10_000 - 10 * n) } })),
  },
  {
    name: 'praxis.sessions.terminated-comes-back',
    api: 'praxis',
    file: SESSIONS,
    sentence: '`terminated` - Session has ended, either due to an error or completion.',
    shows: 'sesn_020 is terminated on some reads and running again on later ones',
    answer: onSessions((item, n) =>
      item.id === 'sesn_020' ? { ...item, status: n % 4 < 2 ? 'terminated' : 'running' } : item,
    ),
  },
  {
    name: 'praxis.sessions.more-than-500-resources',
    api: 'praxis',
    file: SESSIONS,
    sentence:
      "data[].resources array<object> Resources attached to the session, at most 500; each is a file reference mounted into the session's machine.",
    shows: 'sesn_001 lists 501 file resources',
    answer: onSessions((item) =>
      item.id === 'sesn_001'
        ? {
            ...item,
            resources: Array.from({ length: 501 }, (_, i) => ({
              type: 'file',
              file_id: `file_${i}`,
              mount_path: `/mnt/data/f${i}.txt`,
            })),
          }
        : item,
    ),
  },
  {
    name: 'praxis.sessions.updated-before-created',
    api: 'praxis',
    file: SESSIONS,
    sentence:
      'data[].created_at string A timestamp in RFC 3339 format … data[].updated_at string A timestamp in RFC 3339 format',
    shows: 'every session has updated_at one hour before its created_at',
    answer: onSessions((item) => ({ ...item, updated_at: plusMs(item.created_at, -3_600_000) })),
  },
  {
    name: 'praxis.sessions.vault-ids-change',
    api: 'praxis',
    file: SESSIONS,
    sentence: 'data[].vault_ids array<string> Vault IDs attached to the session at creation.',
    shows: 'the same session lists vault_ids ["vlt_1"] on some reads and ["vlt_1", "vlt_2"] on others',
    answer: onSessions((item, n) => ({ ...item, vault_ids: n % 2 ? ['vlt_1'] : ['vlt_1', 'vlt_2'] })),
  },
];

const praxisTasks: RedTeamServer[] = [
  {
    name: 'praxis.tasks.thread-id-on-bash',
    api: 'praxis',
    file: TASKS,
    sentence: 'Subagent rows link to their child thread via thread_id; other kinds have null.',
    shows: 'bash tasks have thread_id "th_main"',
    answer: onBackgroundTasks((item) => (item.kind === 'bash' ? { ...item, thread_id: 'th_main' } : item)),
  },
  {
    name: 'praxis.tasks.trigger-count-on-bash',
    api: 'praxis',
    file: TASKS,
    sentence: 'trigger_count counts admitted monitor event batches, or is null without records and for other kinds.',
    shows: 'bash tasks have trigger_count 3',
    answer: onBackgroundTasks((item) => (item.kind === 'bash' ? { ...item, trigger_count: 3 } : item)),
  },
  {
    name: 'praxis.tasks.started-before-its-session',
    api: 'praxis',
    file: TASKS,
    sentence: 'data[].started_at string RFC 3339 time at which the task started.',
    shows: "every session's task bg_0 started one hour before that session's created_at (sessions.list)",
    answer: onBackgroundTasks((item) =>
      item.id === 'bg_0' ? { ...item, started_at: plusMs(item.started_at, -3_600_000) } : item,
    ),
  },
  {
    name: 'praxis.tasks.ended-before-started',
    api: 'praxis',
    file: TASKS,
    sentence: 'data[].ended_at string | null RFC 3339 time at which the task ended; null while it is running.',
    shows: 'every ended task has ended_at one second before its started_at',
    answer: onBackgroundTasks((item) =>
      item.ended_at === null ? item : { ...item, ended_at: plusMs(item.started_at, -1000) },
    ),
  },
  {
    name: 'praxis.tasks.two-tasks-one-id',
    api: 'praxis',
    file: TASKS,
    sentence:
      'data[].id string Identifier of the object, as returned by the API; pass it in the path of follow-up calls on the same resource.',
    shows: 'bg_0 (running bash) and bg_1 (result_pending monitor) are both listed with id bg_0',
    answer: onBackgroundTasks((item) => (item.id === 'bg_1' ? { ...item, id: 'bg_0' } : item)),
  },
  {
    name: 'praxis.tasks.trigger-count-goes-down',
    api: 'praxis',
    file: TASKS,
    sentence: 'trigger_count counts admitted monitor event batches',
    shows: 'the same monitor task has a smaller trigger_count on each later read (1000 minus the request number)',
    answer: onBackgroundTasks((item, n) =>
      item.kind === 'monitor' ? { ...item, trigger_count: Math.max(0, 1000 - n) } : item,
    ),
  },
  {
    name: 'praxis.tasks.ended-at-keeps-moving',
    api: 'praxis',
    file: TASKS,
    sentence: 'data[].ended_at string | null RFC 3339 time at which the task ended',
    shows: 'the same completed/failed/cancelled/lost task has a later ended_at on each read (+1 s per request)',
    answer: onBackgroundTasks((item, n) =>
      item.status !== 'running' && item.status !== 'result_pending' && item.ended_at !== null
        ? { ...item, ended_at: plusMs(item.ended_at, n * 1000) }
        : item,
    ),
  },
  {
    name: 'praxis.tasks.notified-before-started',
    api: 'praxis',
    file: TASKS,
    sentence: "data[].notified_at string | null RFC 3339 time of the latest run that the task's notification started",
    shows: 'completed tasks have notified_at one minute before their started_at',
    answer: onBackgroundTasks((item) =>
      item.status === 'completed' ? { ...item, notified_at: plusMs(item.started_at, -60_000) } : item,
    ),
  },
  {
    name: 'praxis.tasks.started-at-not-rfc3339',
    api: 'praxis',
    file: TASKS,
    sentence: 'Timestamps are RFC3339',
    shows: 'started_at is written like "Fri, 20 Nov 2026 08:00:00 GMT" (an HTTP date)',
    answer: onBackgroundTasks((item) => ({ ...item, started_at: new Date(String(item.started_at)).toUTCString() })),
  },
  {
    name: 'praxis.tasks.subagent-without-thread',
    api: 'praxis',
    file: TASKS,
    sentence: 'Subagent rows link to their child thread via thread_id; other kinds have null.',
    shows: 'subagent tasks have thread_id null',
    answer: onBackgroundTasks((item) => (item.kind === 'subagent' ? { ...item, thread_id: null } : item)),
  },
];

const everruns: RedTeamServer[] = [
  {
    name: 'everruns.kind-filter-lost-with-state',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '**kind** string Filter by kind',
    shows: 'GET …/tasks?state=running&kind=monitor lists running subagent tasks; kind alone, state alone hold',
    answer: ({ url, base }) =>
      url.searchParams.has('state') && url.searchParams.has('kind') ? base(withQuery(url, { kind: null })) : base(),
  },
  {
    name: 'everruns.two-tasks-one-id',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '**id** required `task_*` public ID.',
    shows: 'task_0 (queued subagent) and task_1 (running monitor) are both listed with id task_0',
    answer: eachItem((item) => (item.id === 'task_1' ? { ...item, id: 'task_0' } : item)),
  },
  {
    name: 'everruns.task-of-another-session',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '**session\\_id** required Owning session.',
    shows: 'GET /v1/sessions/ses1/tasks lists task_3 with session_id "ses2"',
    answer: eachItem((item) => (item.id === 'task_3' ? { ...item, session_id: 'ses2' } : item)),
  },
  {
    name: 'everruns.running-task-renamed-per-read',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '**id** required `task_*` public ID.',
    shows: 'a running task is listed under a new id on every read, its updated_at moving on as it runs',
    answer: eachItem((item, n) =>
      item.state === 'running'
        ? { ...item, id: `${String(item.id)}r${n}`, updated_at: plusMs(item.updated_at, n * 1000) }
        : item,
    ),
  },
  {
    name: 'everruns.running-task-renamed-every-other-read',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '**id** required `task_*` public ID.',
    shows: 'every other answer (a replica behind) lists each running task under its id with b appended',
    answer: eachItem((item, n) =>
      item.state === 'running' && n % 2 === 0 ? { ...item, id: `${String(item.id)}b` } : item,
    ),
  },
  {
    name: 'everruns.root-is-own-session',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '`None` for a top-level session that is its own root, or when unavailable.',
    shows: 'every task of ses1 has root_session_id "ses1", its own session',
    answer: eachItem((item) => ({ ...item, root_session_id: item.session_id })),
  },
  {
    name: 'everruns.input-request-id-not-stable',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '**id** required Stable ID referenced by the answering message’s `in_reply_to`.',
    shows: 'the same awaiting_input task shows a different input_request.id on each read',
    answer: eachItem((item, n) =>
      item.state === 'awaiting_input'
        ? { ...item, input_request: { ...(item.input_request as Obj), id: `ask_${String(item.id)}_${n}` } }
        : item,
    ),
  },
  {
    name: 'everruns.attempt-goes-down',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '**attempt** Execution attempt, starting at 1. Incremented on re-attach.',
    shows: 'the same task reads attempt 3, then 1, then 2, then 3, then 1…',
    answer: eachItem((item, n) => ({ ...item, attempt: (n % 3) + 1 })),
  },
  {
    name: 'everruns.error-on-running',
    api: 'everruns',
    file: EVERRUNS,
    sentence: 'Terminal error detail. Timeout/rejection/orphaned are kinds, not states.',
    shows: 'running tasks carry error {"kind": "timeout", "message": "too slow"}',
    answer: eachItem((item) =>
      item.state === 'running' ? { ...item, error: { kind: 'timeout', message: 'too slow' } } : item,
    ),
  },
  {
    name: 'everruns.succeeded-comes-back',
    api: 'everruns',
    file: EVERRUNS,
    sentence:
      'Three classes: active (`queued`, `running`), interrupted (`awaiting_input`, resumable), terminal (`succeeded`, `failed`, `canceled`).',
    shows: 'the same task is succeeded on some reads and running on later ones',
    answer: eachItem((item, n) =>
      item.state === 'succeeded' && n % 4 >= 2 ? { ...item, state: 'running', result_path: null } : item,
    ),
  },
  {
    name: 'everruns.id-not-task-prefixed',
    api: 'everruns',
    file: EVERRUNS,
    sentence: '**id** required `task_*` public ID.',
    shows: 'ids are job_0 … job_13 (result_path follows the id)',
    answer: eachItem((item) => {
      const id = String(item.id).replace('task_', 'job_');
      return { ...item, id, result_path: item.result_path === null ? null : `/.tasks/${id}/result.json` };
    }),
  },
  {
    name: 'everruns.artifact-in-both-places',
    api: 'everruns',
    file: EVERRUNS,
    sentence:
      '**path** Session VFS path, when the artifact lives in the session filesystem. … ' +
      '**url** External URL, when the artifact lives elsewhere.',
    shows: 'succeeded tasks list an artifact with both path "/out/report.md" and url "https://example.com/report.md"',
    answer: eachItem((item) =>
      item.state === 'succeeded'
        ? {
            ...item,
            artifacts: [{ name: 'report', type: 'file', path: '/out/report.md', url: 'https://example.com/report.md' }],
          }
        : item,
    ),
  },
];

export const RED_TEAM: RedTeamServer[] = [...ark, ...jsonrpc, ...praxisSessions, ...praxisTasks, ...everruns];
