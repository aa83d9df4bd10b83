/**
 * The list behaviour derived from an operation's data (`ListOperation`): what a module's mock does for
 * an operation it gives no behaviour of its own (README.md). In the order a request meets it: its
 * parameters, read strictly (as a hand-written behaviour reads them too); its scope, the session and the
 * filters; the parameters it may not give; the page size, within the documented bounds (a minimum of 1
 * and the mock's own maximum where no document gives one), its default, or the whole list where the API
 * does not page; where the page starts and the next page's token, one reader per kind of `paging`; and
 * the body. How it refuses, and what it reads of the spec, is request.ts's.
 */
import type { ApiSet } from '../../contract/api-set.js';
import type { ListOperation } from '../../contract/operation-types.js';
import { fieldValue, matchesFilter, pagingParamsOf } from '../../contract/operations.js';
import { withValueAt } from '../../contract/pointer.js';
import { sessionParamOf } from '../../contract/session-param.js';
import { type IndexedTask, jsonOf, type Page } from '../task-index.js';
import type { MockContext, MockRequest, MockResponse, OperationBehaviour } from '../types.js';
import { inCreationOrder, orderedPage } from './ordered-page.js';
import { Answered, errorAnswer, refused, type SpecFacts, specFacts } from './request.js';

export type ParamProblem = { param: string; message: string; input: string };

/** The single value of a parameter, or a problem when it is given more than once. */
export function single(query: URLSearchParams, name: string): string | undefined | ParamProblem {
  const values = query.getAll(name);
  if (values.length > 1)
    return { param: name, message: `${name} is given ${values.length} times; give it once`, input: values.join(',') };
  return values[0];
}

export function isProblem(value: unknown): value is ParamProblem {
  return typeof value === 'object' && value !== null && 'param' in value && 'message' in value;
}

/** A whole number within bounds, or a problem that says what was wrong. */
export function integer(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
): number | undefined | ParamProblem {
  const raw = single(query, name);
  return raw === undefined || isProblem(raw) ? raw : wholeNumber(name, raw, min, max);
}

/** A parameter's value as a whole number within bounds, or a problem that says what was wrong. */
function wholeNumber(name: string, raw: string, min: number, max: number): number | ParamProblem {
  if (!/^-?\d{1,16}$/.test(raw))
    return { param: name, message: `${name} must be a whole number, got "${truncate(raw)}"`, input: raw };
  const value = Number(raw);
  if (value < min || value > max)
    return { param: name, message: `${name} must be between ${min} and ${max}, got ${value}`, input: raw };
  return value;
}

export function truncate(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A request's parameters as a derived behaviour reads them (a JSON-RPC call over POST would give others). */
interface RequestParams {
  /** The one value of a parameter: undefined when absent, a problem when given more than once. */
  one(name: string): string | undefined | ParamProblem;
}

/** The parameters of a request's query string. */
function queryParams(request: MockRequest): RequestParams {
  const { query } = request;
  return { one: (name) => single(query, name) };
}

/** The answer to a session the store does not know: the operation's `unknownSession` data, else 404. */
function unknownSessionAnswer(op: ListOperation, context: MockContext, session: string): MockResponse {
  return errorAnswer(op, context, op.unknownSession ?? { status: 404 }, `session ${truncate(session)} was not found`);
}

interface ListScope {
  session?: string;
  /** Any of these states (the state filter, read from the store's state index). */
  states?: readonly string[];
  /** The other filters, as one test. */
  where?: (item: Record<string, unknown>) => boolean;
  /** What a token bound to its query compares: the session and every filter as given (and the page size). */
  key: string;
}

/**
 * Whether a session the store does not know is one a stored task links to while in a state where
 * it exists for certain (`sessionLink`: a child session): its list is answered, empty or not.
 * Asked only of unknown sessions, so the scan of every task is paid on that path alone.
 */
function linked(op: ListOperation, context: MockContext, session: string): boolean {
  const { sessionLink: link, stateField } = op;
  if (!link || !stateField) return false;
  for (const known of context.store.sessionsOf(op.api))
    for (const { item } of context.store.tasks(op.api, known))
      if (fieldValue(item, link.field) === session && link.whileStates.includes(String(fieldValue(item, stateField))))
        return true;
  return false;
}

function sessionOf(
  op: ListOperation,
  read: RequestParams,
  path: Record<string, string>,
  context: MockContext,
  handshakeSession: string | undefined,
): string | undefined | Answered {
  const binding = op.session;
  if (binding.in === 'none') return undefined;
  // The session a handshake opened, which handshake.ts checked before the call reached the list.
  if (binding.in === 'handshake') return handshakeSession;
  const session = binding.in === 'path' ? (path[sessionParamOf(op) ?? ''] ?? '') : read.one(binding.param);
  if (isProblem(session)) return refused(op, context, session.param, session.message);
  if (session === undefined) return undefined;
  // A session named in the query is a filter unless the data says an unknown one is refused.
  if (binding.in === 'query' && !op.unknownSession) return session;
  if (context.store.hasSession(op.api, session) || linked(op, context, session)) return session;
  return new Answered(unknownSessionAnswer(op, context, session));
}

/** The scope of a request, or the answer that refuses it. */
function scopeOf(
  op: ListOperation,
  read: RequestParams,
  path: Record<string, string>,
  context: MockContext,
  facts: SpecFacts,
  handshakeSession: string | undefined,
): ListScope | Answered {
  const session = sessionOf(op, read, path, context, handshakeSession);
  if (session instanceof Answered) return session;
  const sessionParam = op.session.in === 'query' ? op.session.param : undefined;
  const given: string[] = [session ?? ''];
  let states: readonly string[] | undefined;
  const tests: ((item: Record<string, unknown>) => boolean)[] = [];
  for (const filter of op.filters) {
    if (filter.param === sessionParam) continue;
    const raw = read.one(filter.param);
    if (isProblem(raw)) return refused(op, context, raw.param, raw.message);
    given.push(raw ?? '');
    if (raw === undefined) continue;
    const values = filter.commaSeparated ? raw.split(',').map((v) => v.trim()) : [raw];
    const documented = facts.enums.get(filter.param);
    const outside = documented && values.find((v) => !documented.includes(v));
    // A value the spec does not enumerate matches nothing, unless a document says it is refused.
    if (outside !== undefined && op.rejected.some((r) => r.param === filter.param))
      return refused(
        op,
        context,
        filter.param,
        `${filter.param} ${truncate(outside)} is not one of ${documented?.join(', ')}`,
      );
    if (filter.field === op.stateField) states = states ? states.filter((s) => values.includes(s)) : values;
    else if (filter.compare)
      tests.push((item) => values.some((value) => matchesFilter(filter, item, value, op.readTime)));
    else tests.push((item) => matches(fieldValue(item, filter.field), values));
  }
  return {
    ...(session !== undefined ? { session } : {}),
    ...(states ? { states } : {}),
    ...(tests.length > 0 ? { where: (item) => tests.every((test) => test(item)) } : {}),
    key: JSON.stringify(given),
  };
}

/** A field's value equals one of the values given (as text: a query parameter is text). */
function matches(actual: unknown, values: readonly string[]): boolean {
  return (
    (typeof actual === 'string' || typeof actual === 'number' || typeof actual === 'boolean') &&
    values.includes(String(actual))
  );
}

/** Whether a stored task is in the scope (the item an item-id cursor names must be). */
function inScope(op: ListOperation, scope: ListScope, entry: IndexedTask): boolean {
  return (
    (scope.session === undefined || entry.session === scope.session) &&
    (scope.states === undefined ||
      (op.stateField !== undefined && scope.states.includes(String(fieldValue(entry.item, op.stateField))))) &&
    (scope.where === undefined || scope.where(entry.item))
  );
}

/**
 * Where a page starts: only tasks created before one (`beforeSeq`) or just after one (`afterSeq`), or
 * after the first `skip` of the list.
 */
interface PageStart {
  beforeSeq?: number;
  afterSeq?: number;
  skip?: number;
}

/** The field and value that lead to the next page, if there is one. */
type NextToken = { field: string; value: string | number } | undefined;

interface PagingKind {
  start(
    op: ListOperation,
    read: RequestParams,
    scope: ListScope,
    context: MockContext,
    facts: SpecFacts,
  ): PageStart | Answered;
  next(op: ListOperation, page: Page, scope: ListScope, facts: SpecFacts): NextToken;
}

type Token = Extract<ListOperation['paging'], { kind: 'token' }>;
type ItemId = Extract<ListOperation['paging'], { kind: 'item-id' }>;
type Offset = Extract<ListOperation['paging'], { kind: 'offset' }>;

/** A short hash of a query (FNV-1a), so a token bound to its query says which one without spelling it out. */
function queryHash(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** `kind: 'none'`: one page holds the list. */
const none: PagingKind = { start: () => ({}), next: () => undefined };

/**
 * `kind: 'token'`: an opaque token passed back unchanged. A number where the spec writes the token
 * as one (the creation number itself), else text: the number in base 36 and, for a token bound to
 * its query (`boundToQuery`), a hash of that query.
 */
const token: PagingKind = {
  start(op, read, scope, context, facts) {
    const paging = op.paging as Token;
    const raw = read.one(paging.param);
    const refuse = (message: string) =>
      paging.boundToQuery
        ? new Answered(errorAnswer(op, context, paging.boundToQuery, message))
        : refused(op, context, paging.param, message);
    if (isProblem(raw)) return refuse(raw.message);
    if (raw === undefined) return {};
    if (facts.numericToken) {
      if (/^\d{1,16}$/.test(raw) && Number(raw) <= Number.MAX_SAFE_INTEGER) return { beforeSeq: Number(raw) };
    } else {
      const [, seq, bound] = /^([0-9a-z]{1,11})(?:\.([0-9a-z]{1,7}))?$/.exec(raw) ?? [];
      if (seq !== undefined && (bound !== undefined) === (paging.boundToQuery !== undefined)) {
        if (bound === undefined || bound === queryHash(scope.key)) return { beforeSeq: Number.parseInt(seq, 36) };
        return refuse(`${paging.param} belongs to another query; start again without ${paging.param}`);
      }
    }
    return refuse(
      `${paging.param} "${truncate(raw)}" is not a token this API gave; pass ${paging.responseField} unchanged`,
    );
  },
  next(op, page, scope, facts) {
    const last = page.entries[page.entries.length - 1];
    if (!page.more || !last) return undefined;
    const paging = op.paging as Token;
    if (facts.numericToken) return { field: paging.responseField, value: last.seq };
    const text = last.seq.toString(36);
    return { field: paging.responseField, value: paging.boundToQuery ? `${text}.${queryHash(scope.key)}` : text };
  },
};

/**
 * `kind: 'item-id'`: `afterParam=<id>` lists the tasks after that one (older), `beforeParam=<id>`
 * the ones just before it (newer). The id must name a task of this list; the two together are
 * refused. The body carries no token: the next page starts after the last item.
 */
const itemId: PagingKind = {
  start(op, read, scope, context) {
    const { afterParam, beforeParam } = op.paging as ItemId;
    const after = read.one(afterParam);
    if (isProblem(after)) return refused(op, context, afterParam, after.message);
    const before = read.one(beforeParam);
    if (isProblem(before)) return refused(op, context, beforeParam, before.message);
    if (after !== undefined && before !== undefined)
      return refused(op, context, beforeParam, `${afterParam} and ${beforeParam} cannot be combined; give one`);
    const id = after ?? before;
    if (id === undefined) return {};
    const param = after !== undefined ? afterParam : beforeParam;
    const pivot = context.store.task(op.api, id);
    if (!pivot || !inScope(op, scope, pivot))
      return refused(op, context, param, `${param} ${truncate(id)} is no item of this list`);
    return after !== undefined ? { beforeSeq: pivot.seq } : { afterSeq: pivot.seq };
  },
  next: () => undefined,
};

/**
 * `kind: 'offset'`: `param=<n>` skips the first n tasks of the list (a whole number, 0 when absent). The
 * body carries no token: the next page starts n + the page's length in.
 */
const offset: PagingKind = {
  start(op, read, _scope, context) {
    const { param } = op.paging as Offset;
    const raw = read.one(param);
    if (raw === undefined) return {};
    const skip = isProblem(raw) ? raw : wholeNumber(param, raw, 0, Number.MAX_SAFE_INTEGER);
    return isProblem(skip) ? refused(op, context, param, skip.message) : { skip };
  },
  next: () => undefined,
};

const PAGING: Readonly<Record<ListOperation['paging']['kind'], PagingKind>> = {
  none,
  token,
  'item-id': itemId,
  offset,
};

/**
 * A 200 list page whose text is built from each item's cached JSON (`prefix`, the items joined
 * by commas, `suffix`): the same bytes as serialising `body`, without serialising the items again.
 */
export function pageResponse(
  body: unknown,
  prefix: string,
  entries: readonly IndexedTask[],
  suffix: string,
): MockResponse {
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body,
    raw: `${prefix}${entries.map(jsonOf).join(',')}${suffix}`,
  };
}

/** Stands for the items while the rest of the body is serialised: no JSON text of a body holds it. */
const MARK = '\u0000items\u0000';
const MARK_TEXT = JSON.stringify([MARK]);

function pageBody(op: ListOperation, entries: readonly IndexedTask[], next: NextToken): MockResponse {
  const items = entries.map((entry) => entry.item);
  if (op.itemsPointer === '') return pageResponse(items, '[', entries, ']');
  const shell = (list: unknown) => {
    const envelope = withValueAt({}, op.itemsPointer, list) as Record<string, unknown>;
    if (next) envelope[next.field] = next.value;
    return envelope;
  };
  const [prefix = '', suffix = ''] = JSON.stringify(shell([MARK])).split(MARK_TEXT);
  return pageResponse(shell(items), `${prefix}[`, entries, `]${suffix}`);
}

/** The largest page the mock serves where no document bounds the limit: a larger one is refused. */
export const MOCK_MAX_LIMIT = 1000;
/** The page size of a paged list whose API has no limit parameter, or documents no default. */
const MOCK_DEFAULT_LIMIT = 20;

function pageSizeOf(op: ListOperation, read: RequestParams, context: MockContext): number | Answered {
  const whole = op.paging.kind === 'none' ? Number.MAX_SAFE_INTEGER : MOCK_DEFAULT_LIMIT;
  if (!op.limit) return whole;
  const { param, minimum = 1, maximum = MOCK_MAX_LIMIT } = op.limit;
  const raw = read.one(param);
  if (isProblem(raw)) return refused(op, context, param, raw.message);
  if (raw === undefined) return op.limit.default ?? whole;
  const size = wholeNumber(param, raw, minimum, maximum);
  return isProblem(size) ? refused(op, context, param, size.message) : size;
}

/** Parameters the operation reads: a `rejected` entry of any other one refuses every value of it. */
function honouredParams(op: ListOperation): ReadonlySet<string> {
  const { session } = op;
  return new Set([
    ...op.filters.map((f) => f.param),
    ...(op.limit ? [op.limit.param] : []),
    ...(session.in === 'query' ? [session.param] : []),
    ...pagingParamsOf([op]),
  ]);
}

export function derivedBehaviour(op: ListOperation): OperationBehaviour {
  if (op.target !== 'task')
    throw new Error(
      `${op.api}.${op.operationId} lists ${op.target} objects; the derived behaviour lists tasks: give its own ` +
        `behaviour in mock.operations.${op.operationId}`,
    );
  const honoured = honouredParams(op);
  const paging = PAGING[op.paging.kind];
  const creationOrder = inCreationOrder(op);
  // What the spec says of the operation, read once per API set the behaviour serves in, not per request.
  let known: { apis: ApiSet; facts: SpecFacts } | undefined;
  return (request, context, path) => {
    if (known?.apis !== context.apis) known = { apis: context.apis, facts: specFacts(op, context.apis) };
    const { facts } = known;
    const read = queryParams(request);
    const scope = scopeOf(op, read, path, context, facts, request.session);
    if (scope instanceof Answered) return scope.response;
    // A parameter the operation does not read is refused with any value where a document says so.
    for (const entry of op.rejected)
      if (!honoured.has(entry.param) && read.one(entry.param) !== undefined)
        return refused(op, context, entry.param, `${entry.param} is not supported here`).response;
    const size = pageSizeOf(op, read, context);
    if (size instanceof Answered) return size.response;
    // The page size is part of the query a bound token belongs to.
    const query = { ...scope, key: `${scope.key}|${size}` };
    const start = paging.start(op, read, query, context, facts);
    if (start instanceof Answered) return start.response;
    // And a value a document lists as refused is, whatever the readers made of it.
    for (const entry of op.rejected) {
      const value = read.one(entry.param);
      if (typeof value === 'string' && entry.values.includes(value))
        return refused(op, context, entry.param, `${entry.param}=${truncate(value)} is refused`).response;
    }
    const { session, states, where } = scope;
    const pageQuery = { session, states, where, ...start, limit: size };
    const page = creationOrder
      ? context.store.page(op.api, pageQuery)
      : orderedPage(context.store, op, op.order!, pageQuery);
    return pageBody(op, page.entries, paging.next(op, page, query, facts));
  };
}
