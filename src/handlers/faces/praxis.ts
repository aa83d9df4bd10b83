/** Praxis: the session list (004) and background tasks of a session (000). */
import type { JsonObject } from '../../contract/index.js';
import { breakItems } from '../faults.js';
import { type ParamProblem, integer, isProblem, single, truncate } from '../query.js';
import type { StoredRecord } from '../standard-schema.js';
import { type MockContext, type MockResponse, type Operation, json } from '../types.js';

const SUPPORTED = new Set(['limit', 'page', 'agent_id']);
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

let requestCounter = 0;
function requestId(): string {
  return `req_mock${String(++requestCounter).padStart(8, '0')}`;
}

export function anthropicError(status: number, type: string, message: string, context?: MockContext): MockResponse {
  if (context?.faults.has('praxis.sessions.error-format') || context?.faults.has('praxis.background-tasks.error-format'))
    return { status, headers: { 'content-type': 'text/plain' }, body: message, raw: message };
  const id = requestId();
  return json(status, { type: 'error', error: { type, message }, request_id: id }, { 'request-id': id });
}

const invalid = (problem: ParamProblem | string, context: MockContext) =>
  anthropicError(400, 'invalid_request_error', typeof problem === 'string' ? problem : problem.message, context);

/** A page cursor: which query it belongs to and the last seq returned, base64url JSON. */
interface Cursor {
  q: string;
  after: number;
}

function queryKey(agentId: string | undefined, limit: number): string {
  return JSON.stringify([agentId ?? null, limit]);
}

// base64url with the web APIs (btoa/atob), so the same code runs in the browser's worker handlers.
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function encodeCursor(cursor: Cursor): string {
  return `page_${toBase64Url(JSON.stringify(cursor))}`;
}

function decodeCursor(text: string): Cursor | undefined {
  if (!text.startsWith('page_')) return undefined;
  try {
    const value = JSON.parse(fromBase64Url(text.slice(5))) as Cursor;
    return typeof value.q === 'string' && Number.isInteger(value.after) ? value : undefined;
  } catch {
    return undefined;
  }
}

export const listSessions: Operation = (request, context) => {
  const { query } = request;
  const faults = context.faults;
  for (const name of new Set(query.keys())) {
    if (!SUPPORTED.has(name) && !faults.has('praxis.sessions.unsupported-filter-400'))
      return invalid(`${truncate(name)}: sessions.list supports only limit, page and agent_id; ${truncate(name)} is not supported`, context);
  }
  const limit = integer(query, 'limit', 1, MAX_LIMIT);
  if (isProblem(limit)) return invalid(limit, context);
  const agentId = single(query, 'agent_id');
  if (isProblem(agentId)) return invalid(agentId, context);
  const page = single(query, 'page');
  if (isProblem(page)) return invalid(page, context);
  const pageSize = (limit ?? DEFAULT_LIMIT) + (faults.has('praxis.sessions.limit-respected') && limit !== undefined ? 1 : 0);
  const key = queryKey(agentId, limit ?? DEFAULT_LIMIT);

  let after = Number.POSITIVE_INFINITY;
  if (page !== undefined) {
    const cursor = decodeCursor(page);
    if (!cursor) {
      if (!faults.has('praxis.sessions.malformed-cursor-rejected')) return invalid(`page: "${truncate(page)}" is not a page cursor from this API; pass next_page unchanged`, context);
    } else if (cursor.q !== key && !faults.has('praxis.sessions.cursor-bound-to-query')) {
      return invalid('page: this cursor belongs to a different query (agent_id or limit changed); start again without page', context);
    } else after = cursor.after;
  }

  let records: StoredRecord[] = context.store.praxisSessions((s) => {
    if (s.archived_at !== null && !faults.has('praxis.session-list-excludes-archived')) return false;
    if (agentId !== undefined && !faults.has('praxis.sessions.filter-agent_id') && (s.agent as JsonObject | undefined)?.id !== agentId) return false;
    return true;
  });
  if (faults.has('praxis.sessions.order-newest-first')) records = records.reverse();
  const start = records.findIndex((r) => (faults.has('praxis.sessions.order-newest-first') ? r.seq > after || after === Infinity : r.seq < after));
  const from = start === -1 ? records.length : start;
  const overlap = faults.has('praxis.sessions.no-duplicates-across-pages') && from > 0 ? 1 : 0;
  const slice = records.slice(from - overlap, from - overlap + pageSize);
  const hasMore = from - overlap + pageSize < records.length;
  const last = slice[slice.length - 1];
  let nextPage = hasMore && last ? encodeCursor({ q: key, after: last.seq }) : null;
  if (!nextPage && faults.has('praxis.sessions.paging-terminates')) nextPage = encodeCursor({ q: key, after: -1 });
  const data = breakItems('praxis', 'session', slice.map((r) => r.item), context);
  return json(200, { data, next_page: nextPage });
};

export const listBackgroundTasks: Operation = (_request, context, params) => {
  const session = params.session_id ?? '';
  if (!context.store.hasSession('praxis', session) && !context.faults.has('praxis.background-tasks.unknown-session-404'))
    return anthropicError(404, 'not_found_error', `session ${truncate(session)} was not found or is not accessible`, context);
  const records = context.store.tasks('praxis', session);
  return json(200, { data: breakItems('praxis', 'task', records.map((r) => r.item), context) });
};
