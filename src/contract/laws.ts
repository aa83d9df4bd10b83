/**
 * List-level laws: what must hold over one response, a walk of pages, a pair of walks, an
 * error response, or successive observations of the same list. Each law has an id, the
 * document sentence it comes from, and a check that returns Violations (never throws).
 */
import { SPEC_FILES } from './faces.js';
import { mayFollow } from './lifecycle.js';
import { type ListOperation, OPERATIONS, type RejectedParam, fieldValue, matchesFilter } from './operations.js';
import { checkItem } from './rules/index.js';
import { type JsonObject, isObject } from './rules/types.js';
import { documentedStatuses } from './schema.js';
import { validateResponseBody } from './validate.js';
import type { Profile } from './schema.js';
import type { Source, Violation } from './violation.js';

export interface Exchange {
  /** Absolute URL as sent (credentials never appear in it). */
  url: string;
  query: ReadonlyArray<readonly [string, string]>;
  status: number;
  contentType: string | null;
  /** Parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  /** Why the body could not be read as JSON, when it could not. */
  bodyError?: string;
}

export interface Law {
  id: string;
  face: ListOperation['face'];
  operationId: string;
  statement: string;
  source: Source;
}

export function lawPrefix(op: ListOperation): string {
  if (op.face === 'praxis') return op.operationId === 'listSessions' ? 'praxis.sessions' : 'praxis.background-tasks';
  return op.face;
}

function statusSource(op: ListOperation): Source {
  return { file: SPEC_FILES[op.face], sentence: `documented responses of ${op.operationId}: ${documentedStatuses(op.face, op.operationId).join(', ')}` };
}

/** Every law of every operation, for the rules document and for reports. */
export function lawsOf(op: ListOperation): Law[] {
  const p = lawPrefix(op);
  const law = (name: string, statement: string, source: Source): Law => ({ id: `${p}.${name}`, face: op.face, operationId: op.operationId, statement, source });
  const laws: Law[] = [
    law('not-a-server-error', 'No request, valid or not, gets a 5xx.', statusSource(op)),
    law('status-code', 'A valid request gets 200.', statusSource(op)),
    law('content-type', 'A 200 carries a JSON body labelled application/json.', { file: SPEC_FILES[op.face], sentence: `${op.operationId} 200: content application/json` }),
  ];
  if (op.limit) laws.push(law('limit-respected', `A page never holds more items than ${op.limit.param}.`, op.limit.source));
  if (op.limit?.minimum !== undefined) laws.push(law('minimum-limit-accepted', `${op.limit.param}=${op.limit.minimum}, the documented minimum, is a valid request (200).`, op.limit.source));
  if (op.limit?.default !== undefined) laws.push(law('default-limit', `Without ${op.limit.param}, a page holds at most ${op.limit.default} items.`, op.limit.source));
  for (const filter of op.filters) laws.push(law(`filter-${filter.param}`, `Every item matches ${filter.param}${filter.commaSeparated ? ' (comma-separated values match any)' : ''}; a filtered walk is a subset of the unfiltered one and holds every item of it that matches.`, filter.source));
  if (op.sessionField) laws.push(law('items-belong-to-session', `Every item's ${op.sessionField} is the session of the path.`, { file: SPEC_FILES[op.face], sentence: `${op.sessionField}: owning session` }));
  if (op.order) laws.push(law('order-newest-first', 'Items come newest first by creation time, within and across pages.', op.order.source));
  if (op.paging.kind !== 'none') {
    laws.push(law('no-duplicates-across-pages', 'No item appears twice in one walk of the pages.', op.paging.source));
    laws.push(law('paging-terminates', 'Paging ends: no empty page offers a next cursor and no cursor repeats.', op.paging.source));
  }
  if (op.paging.kind === 'item-id') laws.push(law('cursor-exclusive', `${op.paging.afterParam}/${op.paging.beforeParam} exclude their own item and stay on their side of it.`, op.paging.source));
  if (op.paging.kind === 'token' && op.paging.boundToQuery) {
    laws.push(law('malformed-cursor-rejected', `A malformed ${op.paging.param} returns 400.`, op.paging.source));
    laws.push(law('cursor-bound-to-query', `A ${op.paging.param} from a different query returns 400.`, op.paging.source));
  }
  for (const rejected of uniqueRejections(op)) laws.push(law(rejectionLawName(op, rejected), `${rejected.param}=${rejected.values.join('|')} is refused with ${rejected.status}.`, rejected.source));
  if (op.unknownSession) laws.push(law('unknown-session-404', 'An unknown session gets 404 in the API\'s error format.', op.unknownSession.source));
  if (op.errorFormat !== 'unspecified') laws.push(law('error-format', `Error responses use the ${op.errorFormat} error format.`, statusSource(op)));
  if (op.lifecycle) laws.push(law('lifecycle-forward', 'Between observations a task only moves along its lifecycle; a finished task never runs again.', op.lifecycle.source));
  laws.push(law('immutable-fields', `${op.immutableFields.join(', ')} never change between observations.`, { file: SPEC_FILES[op.face], sentence: `${op.idField} identifies the object` }));
  if (op.counters) laws.push(law('counters-never-decrease', `${op.counters.fields.join(', ')} never decrease between observations.`, op.counters.source));
  laws.push(law('times-never-go-back', `${op.timeFields.join(', ')} never move backwards between observations.`, { file: SPEC_FILES[op.face], sentence: 'timestamps record when things happened' }));
  return laws;
}

function uniqueRejections(op: ListOperation): RejectedParam[] {
  const seen = new Set<string>();
  return op.rejected.filter((r) => {
    const name = rejectionLawName(op, r);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

export function rejectionLawName(op: ListOperation, rejected: RejectedParam): string {
  if (op.face === 'praxis') return 'unsupported-filter-400';
  if (op.face === 'jsonrpc') return 'invalid-parameter-422';
  return `invalid-${rejected.param}-rejected`;
}

export const ALL_LAWS: readonly Law[] = OPERATIONS.flatMap(lawsOf);

const lawById = new Map(ALL_LAWS.map((l) => [l.id, l]));
export function lawSource(id: string): Source {
  return lawById.get(id)?.source ?? { file: 'contract', sentence: id };
}

function violation(id: string, instancePath: string, message: string, value?: unknown): Violation {
  return { rule: id, instancePath, message, source: lawSource(id), value };
}

const queryValue = (query: Exchange['query'], name: string) => query.find(([k]) => k === name)?.[1];

/** Checks one 200 response to a valid request: status, type, schema, item rules, limit, filters. */
export function checkListPage(op: ListOperation, exchange: Exchange, context: { sessionId?: string; profile?: Profile }): Violation[] {
  const p = lawPrefix(op);
  const out: Violation[] = [];
  if (exchange.status >= 500) return [violation(`${p}.not-a-server-error`, '', `a valid request got ${exchange.status}`, exchange.status)];
  if (exchange.status !== 200) return [violation(`${p}.status-code`, '', `a valid request got ${exchange.status}, expected 200`, exchange.status)];
  if (exchange.body === undefined)
    return [violation(`${p}.content-type`, '', `the 200 response body is not JSON (content-type ${exchange.contentType ?? 'missing'}${exchange.bodyError ? `; ${exchange.bodyError}` : ''})`)];
  if (!isJsonType(exchange.contentType)) out.push(violation(`${p}.content-type`, '', `the 200 response is JSON but labelled ${exchange.contentType ?? '(no content-type)'}, not application/json`, exchange.contentType));
  out.push(...(validateResponseBody(op.face, op.operationId, 200, exchange.body, context.profile ?? 'documented') ?? []));
  if (isObject(exchange.body) && op.face === 'jsonrpc') out.push(...checkItem('jsonrpc', 'envelope', exchange.body, ''));
  const items = op.items(exchange.body);
  if (!items) return out;
  const base = itemsPointer(op);
  items.forEach((item, index) => {
    if (isObject(item)) out.push(...checkItem(op.face, op.target, item, `${base}/${index}`));
  });
  const limitText = op.limit ? queryValue(exchange.query, op.limit.param) : undefined;
  const limit = limitText !== undefined ? Number(limitText) : op.limit?.default;
  if (limit !== undefined && Number.isInteger(limit) && limit >= 0 && items.length > limit) {
    const id = limitText === undefined ? `${p}.default-limit` : `${p}.limit-respected`;
    out.push(violation(id, base, `${items.length} items on a page whose limit is ${limit}${limitText === undefined ? ' (the default)' : ''}`, items.length));
  }
  for (const filter of op.filters) {
    const value = queryValue(exchange.query, filter.param);
    if (value === undefined) continue;
    items.forEach((item, index) => {
      if (isObject(item) && !matchesFilter(filter, item, value))
        out.push(violation(`${p}.filter-${filter.param}`, `${base}/${index}/${filter.field.replace('.', '/')}`, `item ${String(item[op.idField])} has ${filter.field} ${JSON.stringify(fieldValue(item, filter.field))}, which does not match ${filter.param}=${value}`, fieldValue(item, filter.field)));
    });
  }
  if (op.sessionField && context.sessionId !== undefined) {
    items.forEach((item, index) => {
      if (isObject(item) && op.sessionField && item[op.sessionField] !== context.sessionId)
        out.push(violation(`${p}.items-belong-to-session`, `${base}/${index}/${op.sessionField}`, `item ${String(item[op.idField])} belongs to ${JSON.stringify(item[op.sessionField])}, listed under session ${context.sessionId}`, item[op.sessionField]));
    });
  }
  return out;
}

function itemsPointer(op: ListOperation): string {
  if (op.face === 'everruns') return '';
  if (op.face === 'ark') return '/items';
  if (op.face === 'jsonrpc') return '/result';
  return '/data';
}

export function isJsonType(contentType: string | null): boolean {
  return contentType !== null && /^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim());
}

/** One walk: the pages of one query followed by their cursors, in order. */
export interface Walk {
  pages: Exchange[];
  /** The cursor each page offered (undefined when none). */
  cursors: (string | undefined)[];
}

/** Laws over a walk: duplicates, order across pages, termination. */
export function checkWalk(op: ListOperation, walk: Walk): Violation[] {
  const p = lawPrefix(op);
  const out: Violation[] = [];
  const seen = new Map<string, number>();
  let previousCreated: number | undefined;
  const seenCursors = new Set<string>();
  walk.pages.forEach((page, pageIndex) => {
    const items = op.items(page.body) ?? [];
    items.forEach((item, index) => {
      if (!isObject(item)) return;
      const id = String(item[op.idField]);
      const first = seen.get(id);
      if (first !== undefined)
        out.push(violation(`${p}.no-duplicates-across-pages`, `${itemsPointer(op)}/${index}`, `item ${id} appears on page ${first + 1} and again on page ${pageIndex + 1}`, id));
      else seen.set(id, pageIndex);
      if (op.order && op.createdAt) {
        const created = op.createdAt(item);
        if (Number.isFinite(created)) {
          if (previousCreated !== undefined && created > previousCreated)
            out.push(violation(`${p}.order-newest-first`, `${itemsPointer(op)}/${index}`, `item ${id} (created ${String(item.created_at)}) comes after an older item on page ${pageIndex + 1}; the list is newest first`, item.created_at));
          previousCreated = created;
        }
      }
    });
    const cursor = walk.cursors[pageIndex];
    if (cursor !== undefined && items.length === 0)
      out.push(violation(`${p}.paging-terminates`, '', `page ${pageIndex + 1} has no items but offers another cursor (${cursor})`, cursor));
    if (cursor !== undefined) {
      if (seenCursors.has(cursor)) out.push(violation(`${p}.paging-terminates`, '', `cursor ${cursor} was offered twice: paging loops`, cursor));
      seenCursors.add(cursor);
    }
  });
  return out;
}

/** A filtered walk holds only items the unfiltered walk holds (both complete walks). */
export function checkSubset(op: ListOperation, param: string, filtered: readonly string[], all: ReadonlySet<string>): Violation[] {
  const p = lawPrefix(op);
  return filtered
    .filter((id) => !all.has(id))
    .map((id) => violation(`${p}.filter-${param}`, '', `item ${id} appears when filtering by ${param} but not in the unfiltered list`, id));
}

/** A filtered walk holds every item of the unfiltered walk that matches the filter. */
export function checkFilterComplete(op: ListOperation, param: string, value: string, filteredIds: ReadonlySet<string>, all: readonly JsonObject[]): Violation[] {
  const filter = op.filters.find((f) => f.param === param);
  if (!filter) return [];
  const p = lawPrefix(op);
  return all
    .filter((item) => matchesFilter(filter, item, value) && !filteredIds.has(String(item[op.idField])))
    .map((item) => violation(`${p}.filter-${param}`, '', `item ${String(item[op.idField])} has ${filter.field} ${JSON.stringify(fieldValue(item, filter.field))}, which matches ${param}=${value}, but the filtered list leaves it out`, fieldValue(item, filter.field)));
}

export interface ErrorExpectation {
  law: string;
  /** Exact status, or '4xx'. */
  status: number | '4xx';
  errorType?: string;
}

/** Checks an error response: status, then the API's error format. */
export function checkErrorResponse(op: ListOperation, exchange: Exchange, expected: ErrorExpectation): Violation[] {
  const p = lawPrefix(op);
  if (exchange.status >= 500) return [violation(`${p}.not-a-server-error`, '', `got ${exchange.status} where ${expected.status} was expected`, exchange.status)];
  const statusOk = expected.status === '4xx' ? exchange.status >= 400 && exchange.status < 500 : exchange.status === expected.status;
  if (!statusOk) return [violation(expected.law, '', `got ${exchange.status}, expected ${expected.status}`, exchange.status)];
  return checkErrorFormat(op, exchange, expected.errorType);
}

export function checkErrorFormat(op: ListOperation, exchange: Exchange, errorType?: string): Violation[] {
  const p = lawPrefix(op);
  if (op.errorFormat === 'unspecified') return [];
  if (!isJsonType(exchange.contentType) || exchange.body === undefined)
    return [violation(`${p}.error-format`, '', `error ${exchange.status} is not JSON (content-type ${exchange.contentType ?? 'missing'})`)];
  const schemaViolations = validateResponseBody(op.face, op.operationId, exchange.status, exchange.body, 'documented');
  const out: Violation[] = (schemaViolations ?? validateAs(op, exchange)).map((v) => ({ ...v, rule: `${p}.error-format`, source: lawSource(`${p}.error-format`) }));
  if (op.errorFormat === 'anthropic' && errorType !== undefined && isObject(exchange.body) && isObject(exchange.body.error) && exchange.body.error.type !== errorType)
    out.push(violation(`${p}.error-format`, '/error/type', `error.type is ${JSON.stringify(exchange.body.error.type)}, expected ${errorType} for ${exchange.status}`, exchange.body.error.type));
  return out;
}

/** Error statuses the spec gives no schema for are checked against the face's documented error shape. */
function validateAs(op: ListOperation, exchange: Exchange): Violation[] {
  const status = op.errorFormat === 'anthropic' ? (op.operationId === 'listSessions' ? 400 : 404) : 422;
  return validateResponseBody(op.face, op.operationId, status, exchange.body, 'documented') ?? [];
}

/** Successive observations of one list, keyed by item id. */
export type Snapshot = ReadonlyMap<string, JsonObject>;

/** Laws over time: lifecycle, immutable fields, times that never go back. */
export function checkTimeline(op: ListOperation, before: Snapshot, after: Snapshot): Violation[] {
  const p = lawPrefix(op);
  const out: Violation[] = [];
  for (const [id, next] of after) {
    const prev = before.get(id);
    if (!prev) continue;
    if (op.lifecycle && op.stateField) {
      const from = prev[op.stateField];
      const to = next[op.stateField];
      if (typeof from === 'string' && typeof to === 'string' && !mayFollow(op.lifecycle, from, to))
        out.push(violation(`${p}.lifecycle-forward`, `/${op.stateField}`, `task ${id} went from ${from} to ${to}, which its lifecycle does not allow`, { from, to }));
    }
    for (const field of op.immutableFields) {
      if (field in prev && field in next && JSON.stringify(prev[field]) !== JSON.stringify(next[field]))
        out.push(violation(`${p}.immutable-fields`, `/${field}`, `${id}: ${field} changed from ${JSON.stringify(prev[field])} to ${JSON.stringify(next[field])}`, { from: prev[field], to: next[field] }));
    }
    for (const field of op.counters?.fields ?? []) {
      const a = prev[field];
      const b = next[field];
      if (typeof a === 'number' && typeof b === 'number' && b < a)
        out.push(violation(`${p}.counters-never-decrease`, `/${field}`, `${id}: ${field} went down from ${a} to ${b}`, { from: a, to: b }));
    }
    for (const field of op.timeFields) {
      const a = op.readTime(prev[field]);
      const b = op.readTime(next[field]);
      if (Number.isFinite(a) && Number.isFinite(b) && b < a)
        out.push(violation(`${p}.times-never-go-back`, `/${field}`, `${id}: ${field} went back from ${JSON.stringify(prev[field])} to ${JSON.stringify(next[field])}`, { from: prev[field], to: next[field] }));
    }
  }
  return out;
}
