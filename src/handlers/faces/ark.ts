/** Ark: GET /sessions/{session_id}/tasks, integer cursors, newest first (002). */
import type { JsonObject } from '../../contract/index.js';
import { afterFirstWalk, breakItems, strayTask } from '../faults.js';
import { type ParamProblem, integer, isProblem, single, truncate } from '../query.js';
import { type MockResponse, type Operation, json, pageResponse } from '../types.js';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1000;

/** 002 documents no error body; this follows Ark's usual `{error: {code, message, param, type}}`. */
export function arkError(status: number, code: string, message: string, param = ''): MockResponse {
  return json(status, { error: { code, message, param, type: status === 404 ? 'NotFound' : 'BadRequest' } });
}

const invalid = (problem: ParamProblem) => arkError(400, 'InvalidParameter', `The parameter \`${problem.param}\` specified in the request is not valid: ${problem.message}`, problem.param);

export const listTasks: Operation = (request, context, params) => {
  const session = params.session_id ?? '';
  const { query } = request;
  const faults = context.faults;
  if (!context.store.hasSession('ark', session)) return arkError(404, 'NotFound', `The specified session ${truncate(session)} is not found.`);

  let limit = integer(query, 'limit', 0, MAX_LIMIT);
  if (isProblem(limit)) {
    if (!faults.has('ark.invalid-limit-rejected')) return invalid(limit);
    limit = undefined;
  }
  let cursor = integer(query, 'cursor', 0, Number.MAX_SAFE_INTEGER);
  if (isProblem(cursor)) {
    if (!faults.has('ark.invalid-cursor-rejected')) return invalid(cursor);
    cursor = undefined;
  }
  const state = single(query, 'state');
  if (isProblem(state)) return invalid(state);
  const thread = single(query, 'session_thread_id');
  if (isProblem(thread)) return invalid(thread);

  const states = state?.split(',').map((s) => s.trim());
  if (faults.size === 0) {
    // The documented behaviour, read from the indexes: the page costs the same in any list size.
    const { entries, more } = context.store.page('ark', { session, ...(states ? { states } : {}), ...(thread !== undefined ? { where: (t) => t.session_thread_id === thread } : {}), ...(cursor !== undefined ? { beforeSeq: cursor } : {}), limit: limit ?? DEFAULT_LIMIT });
    const last = entries[entries.length - 1];
    return pageResponse({ items: entries.map((e) => e.item), ...(more && last ? { next_cursor: last.seq } : {}) }, '{"items":[', entries, more && last ? `],"next_cursor":${last.seq}}` : ']}');
  }
  const wanted = faults.has('ark.filter-state') ? states?.slice(0, 1) : states;
  const matches = (t: JsonObject) =>
    (wanted === undefined || wanted.includes(String(t.state))) && (thread === undefined || faults.has('ark.filter-session_thread_id') || t.session_thread_id === thread);
  let records = context.store.tasks('ark', session, matches);
  if (faults.has('ark.order-newest-first')) records = records.reverse();

  let pageSize = limit ?? (faults.has('ark.default-limit') ? DEFAULT_LIMIT + 5 : DEFAULT_LIMIT);
  if (faults.has('ark.limit-respected') && limit !== undefined) pageSize += 1;
  // The cursor is the seq of the last item returned: stable when tasks are added meanwhile.
  const ordered = faults.has('ark.order-newest-first');
  let from = cursor === undefined ? 0 : records.findIndex((r) => (ordered ? r.seq > cursor! : r.seq < cursor!));
  if (from === -1) from = records.length;
  if (faults.has('ark.no-duplicates-across-pages') && from > 0) from -= 1;
  const page = records.slice(from, from + pageSize);
  const last = page[page.length - 1];
  const body: JsonObject = { items: breakItems('ark', 'task', page.map((r) => r.item), context, state !== undefined || thread !== undefined) };
  if (faults.has('ark.items-belong-to-session') && page[0]) (body.items as JsonObject[]).push(strayTask('ark', page[0].item));
  if (faults.has('ark.times-never-go-back') && afterFirstWalk(context, 'ark.times-never-go-back'))
    body.items = (body.items as JsonObject[]).map((t) => (typeof t.started_at === 'number' ? { ...t, started_at: t.started_at - 1 } : t));
  if (last && from + pageSize < records.length) body.next_cursor = last.seq;
  else if (faults.has('ark.paging-terminates')) body.next_cursor = 0;
  return json(200, body);
};
