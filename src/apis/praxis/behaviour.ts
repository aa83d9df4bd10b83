/**
 * Praxis: the session list (004), written by hand: it lists session objects, and leaves archived ones out
 * ("include_archived: Declared by the Managed Agents shape but not supported by sessions.list; sending it
 * returns 400. Archived sessions are retrievable by id."), which no operation data says. A session's
 * background tasks (000) are the behaviour derived from their operation's data. The documented behaviour only.
 */
import type { JsonObject } from '../../contract/rules/types.js';
import { integer, isProblem, type ParamProblem, single, truncate } from '../../handlers/derived/list.js';
import { json, storedSessions } from '../../handlers/response.js';
import type { MockContext, MockResponse, OperationBehaviour } from '../../handlers/types.js';
import type { PraxisError, PraxisSessionList } from '../../types/index.js';

/** "This is one of the three filters sessions.list supports" (004). */
export const PRAXIS_SESSION_PARAMS: ReadonlySet<string> = new Set(['limit', 'page', 'agent_id']);
export const PRAXIS_DEFAULT_LIMIT = 20;
export const PRAXIS_MAX_LIMIT = 100;

/** The Anthropic error body; its request id counts the mock's requests, so two mocks never share one. */
export function anthropicError(status: number, type: string, message: string, requestNumber = 0): MockResponse {
  const id = `req_mock${String(requestNumber).padStart(8, '0')}`;
  const body: PraxisError = { type: 'error', error: { type, message }, request_id: id };
  return json(status, body, { 'request-id': id });
}

const invalid = (problem: ParamProblem | string, context: MockContext) =>
  anthropicError(
    400,
    'invalid_request_error',
    typeof problem === 'string' ? problem : problem.message,
    context.requestNumber,
  );

/** A page cursor: which query it belongs to and the last seq returned, base64url JSON. */
export interface PraxisCursor {
  q: string;
  after: number;
}

export function queryKey(agentId: string | undefined, limit: number): string {
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

export function encodeCursor(cursor: PraxisCursor): string {
  return `page_${toBase64Url(JSON.stringify(cursor))}`;
}

export function decodeCursor(text: string): PraxisCursor | undefined {
  if (!text.startsWith('page_')) return undefined;
  try {
    const value = JSON.parse(fromBase64Url(text.slice(5))) as PraxisCursor;
    return typeof value.q === 'string' && Number.isInteger(value.after) ? value : undefined;
  } catch {
    return undefined;
  }
}

export const listSessions: OperationBehaviour = (request, context) => {
  const { query } = request;
  for (const name of new Set(query.keys())) {
    if (!PRAXIS_SESSION_PARAMS.has(name))
      return invalid(
        `${truncate(name)}: sessions.list supports only limit, page and agent_id; ${truncate(name)} is not supported`,
        context,
      );
  }
  const limit = integer(query, 'limit', 1, PRAXIS_MAX_LIMIT);
  if (isProblem(limit)) return invalid(limit, context);
  const agentId = single(query, 'agent_id');
  if (isProblem(agentId)) return invalid(agentId, context);
  const page = single(query, 'page');
  if (isProblem(page)) return invalid(page, context);
  const pageSize = limit ?? PRAXIS_DEFAULT_LIMIT;
  const key = queryKey(agentId, pageSize);

  let after = Number.POSITIVE_INFINITY;
  if (page !== undefined) {
    const cursor = decodeCursor(page);
    if (!cursor)
      return invalid(`page: "${truncate(page)}" is not a page cursor from this API; pass next_page unchanged`, context);
    if (cursor.q !== key)
      return invalid(
        'page: this cursor belongs to a different query (agent_id or limit changed); start again without page',
        context,
      );
    after = cursor.after;
  }

  const records = context.store.sessionObjects(
    'praxis',
    (s) => s.archived_at === null && (agentId === undefined || (s.agent as JsonObject | undefined)?.id === agentId),
  );
  const start = records.findIndex((r) => r.seq < after);
  const from = start === -1 ? records.length : start;
  const slice = records.slice(from, from + pageSize);
  const last = slice[slice.length - 1];
  const nextPage = from + pageSize < records.length && last ? encodeCursor({ q: key, after: last.seq }) : null;
  const body: PraxisSessionList = {
    data: storedSessions(
      'praxis',
      slice.map((r) => r.item),
    ),
    next_page: nextPage,
  };
  return json(200, body);
};
