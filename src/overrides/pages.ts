import { ARK_DEFAULT_LIMIT } from '../apis/ark/contract.js';
import { JSONRPC_DEFAULT_LIMIT } from '../apis/jsonrpc/behaviour.js';
import { PRAXIS_DEFAULT_LIMIT } from '../apis/praxis/behaviour.js';
import type { BuiltinFace } from '../contract/face.js';
import type { JsonObject } from '../contract/rules/types.js';
import { completeSeed } from '../handlers/seed.js';
import type {
  ArkTaskPage,
  DeepPartial,
  EverrunsTaskList,
  JsonRpcListTasksResponse,
  PraxisBackgroundTaskList,
  PraxisSession,
  PraxisSessionList,
  TaskOf,
} from '../types/index.js';

/** The request a page answers: its URL carries the limit and the cursor. */
export type RequestLike = { url: string } | URL | string;

const urlOf = (request: RequestLike): URL =>
  new URL(typeof request === 'string' || request instanceof URL ? request : request.url, 'http://page.invalid');
const queryOf = (request: RequestLike): URLSearchParams => urlOf(request).searchParams;

/** The session a list is about: the path segment after `/sessions/`, else `fallback`. */
function sessionOf(request: RequestLike | undefined, fallback: string): string {
  if (request === undefined) return fallback;
  const match = /\/sessions\/([^/]+)\//.exec(urlOf(request).pathname);
  return match ? decodeURIComponent(match[1]!) : fallback;
}

function limitOf(query: URLSearchParams, fallback: number): number {
  const limit = Number(query.get('limit'));
  return Number.isInteger(limit) && limit > 0 ? limit : fallback;
}

/** Completed tasks by what was asked: an override answers every request without sampling again. */
const completed = new Map<string, unknown[]>();

function complete<F extends BuiltinFace>(
  face: F,
  tasks: readonly DeepPartial<TaskOf[F]>[],
  session: string,
): TaskOf[F][] {
  const key = `${face}|${session}|${JSON.stringify(tasks)}`;
  let done = completed.get(key);
  if (!done) {
    if (completed.size >= 200) completed.clear();
    completed.set(key, (done = completeSeed(face, session, tasks as readonly JsonObject[])));
  }
  // A copy: a test that edits what it got back does not change the next answer.
  return structuredClone(done) as TaskOf[F][];
}

/** Offsets as cursors: opaque to the client, which passes them back unchanged. */
function slice<T>(items: readonly T[], start: number, limit: number): { items: T[]; next?: number } {
  const page = items.slice(start, start + limit);
  return start + limit < items.length ? { items: page, next: start + limit } : { items: page };
}

export const pages = {
  /** Ark `GET /sessions/{session_id}/tasks`: `limit` (default 20) and an integer `cursor`. */
  ark(
    tasks: readonly DeepPartial<TaskOf['ark']>[],
    request: RequestLike,
    session = sessionOf(request, 'sesn-override'),
  ): ArkTaskPage {
    const query = queryOf(request);
    const { items, next } = slice(
      complete('ark', tasks, session),
      Number(query.get('cursor') ?? 0) || 0,
      limitOf(query, ARK_DEFAULT_LIMIT),
    );
    return next === undefined ? { items } : { items, next_cursor: next };
  },
  /** Everruns `GET /v1/sessions/{session_id}/tasks`: the bare array (001 pages nothing). */
  everruns(
    tasks: readonly DeepPartial<TaskOf['everruns']>[],
    request?: RequestLike,
    session = sessionOf(request, 'override'),
  ): EverrunsTaskList {
    return complete('everruns', tasks, session);
  },
  /** JSON-RPC `GET /tasks`: `limit` (default 20), `starting_after` / `ending_before` task ids. */
  jsonrpc(
    tasks: readonly DeepPartial<TaskOf['jsonrpc']>[],
    request: RequestLike,
    session = queryOf(request).get('session_id') ?? 'override',
  ): JsonRpcListTasksResponse {
    const query = queryOf(request);
    const all = complete('jsonrpc', tasks, session);
    const limit = limitOf(query, JSONRPC_DEFAULT_LIMIT);
    const after = query.get('starting_after');
    const before = query.get('ending_before');
    const pivot = all.findIndex((t) => t.id === (before ?? after));
    // A cursor naming no given task continues nowhere: an empty page.
    if ((before ?? after) !== null && pivot === -1) return { jsonrpc: '2.0', result: [] };
    if (before !== null) return { jsonrpc: '2.0', result: all.slice(Math.max(0, pivot - limit), pivot) };
    const start = after === null ? 0 : pivot + 1;
    return { jsonrpc: '2.0', result: all.slice(start, start + limit) };
  },
  /** Praxis `GET /v1/sessions/{session_id}/background_tasks`: every task in `data`. */
  praxisBackgroundTasks(
    tasks: readonly DeepPartial<TaskOf['praxis']>[],
    request?: RequestLike,
    session = sessionOf(request, 'sesn_override'),
  ): PraxisBackgroundTaskList {
    return { data: complete('praxis', tasks, session) };
  },
  /** Praxis `GET /v1/sessions`: `limit` (default 20) and the `page` token from `next_page`. */
  praxisSessions(sessions: readonly PraxisSession[], request: RequestLike): PraxisSessionList {
    const query = queryOf(request);
    const token = query.get('page');
    const start = token?.startsWith('page_') ? Number(token.slice(5)) || 0 : 0;
    const { items, next } = slice(sessions, start, limitOf(query, PRAXIS_DEFAULT_LIMIT));
    return { data: items, next_page: next === undefined ? null : `page_${next}` };
  },
};
