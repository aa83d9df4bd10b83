/** What the phases of one run share: options, the transport, the ledger and what was learnt so far. */

import { sentAsValid } from '../contract/filter-values.js';
import type { Walk } from '../contract/laws/index.js';
import { itemsOf, type ListOperation, matchesFilter } from '../contract/operations.js';
import type { JsonObject } from '../contract/rules/types.js';
import { CASE_LIMIT, type ValuePools } from '../generators/requests.js';
import type { Query } from '../http/paging.js';
import type { Ledger } from './ledger.js';
import type { Observations } from './observations.js';
import type { ShardPlan } from './shard-plan.js';
import type { Transport } from './transport.js';
import type { ConformanceOptions } from './types.js';

export const CASE_MAX_PAGES = 8;

/** How many cases send requests at once unless `concurrency` says otherwise: polite to someone else's server. */
export const DEFAULT_CONCURRENCY = 8;

/** What a case may do to the ledger: everything it records can be held back and committed later, in case order. */
export type Judging = Pick<
  Ledger,
  'wanted' | 'evaluate' | 'judge' | 'commit' | 'count' | 'report' | 'note' | 'hint' | 'violations' | 'setReplay'
>;

export interface Seen {
  /**
   * The versions an object listed in the answer to a request asked at `askedAt` (`performance.now()`)
   * is compared with: each was seen in an answer that came before that request was asked.
   */
  before(key: string, askedAt: number): readonly JsonObject[];
  /** The object as an answer that came at `at` listed it. */
  saw(key: string, item: JsonObject, at: number): void;
}

/** The run's own record of objects seen: one request after another. */
const seenInOrder = (lastSeen: Map<string, JsonObject[]>): Seen => ({
  before: (key) => lastSeen.get(key) ?? [],
  saw: (key, item) => void lastSeen.set(key, [item]),
});

/** What a run knows before its first request: no values, lists, sessions or objects seen yet. */
export function nothingLearnt(): Pick<RunContext, 'pools' | 'baselines' | 'reads' | 'sessions' | 'lastSeen' | 'seen'> {
  const lastSeen = new Map<string, JsonObject[]>();
  return {
    pools: {},
    baselines: new Map(),
    reads: new Map(),
    sessions: new Map(),
    lastSeen,
    seen: seenInOrder(lastSeen),
  };
}

/** A complete walk of a list, for the laws over two reads of it and over all its reads. */
export interface ListRead {
  /** The walk, with the request of each page. */
  walk: Walk & { urls: readonly string[] };
  /** `performance.now()` when the walk ended. */
  at: number;
  /** A walk with a filter, made between two reads of the list's baseline query. */
  filtered?: boolean;
}

export interface RunContext {
  readonly options: ConformanceOptions;
  readonly seed: number;
  readonly transport: Transport;
  readonly ledger: Judging;
  readonly observations: Pick<
    Observations,
    'exchange' | 'transition' | 'combinations' | 'combinationWalked' | 'cursors'
  >;
  readonly ops: readonly ListOperation[];
  /** Filter values seen in answers, by parameter, for generated requests. */
  readonly pools: ValuePools;
  /** Items of each complete baseline walk, by `operationId|session`. */
  readonly baselines: Map<string, JsonObject[]>;
  /**
   * The complete walks of each list one after another, by `operationId|session`: of the baseline's
   * query (the last is the latest), and the filtered walks made between two of them.
   */
  readonly reads: Map<string, ListRead[]>;
  /** Sessions each operation is judged on, by operationId (path-bound operations only). */
  readonly sessions: Map<string, string[]>;
  /**
   * The versions of every object seen last, for the laws over time: one after a request on its
   * own, the distinct last versions of each case after cases that ran at once (their answers
   * have no order among themselves, and every one of them came before what is sent next).
   */
  readonly lastSeen: Map<string, JsonObject[]>;
  /** Where `observe` reads the versions an object is compared with and records the new one. */
  readonly seen: Seen;
  /** Cases in flight at once (1: one request at a time). */
  readonly concurrency: number;
  /** Which cases of each batch this shard of the run judges (all when absent). */
  readonly shard: ShardPlan | undefined;
  /**
   * Does something to what the run knows (the objects last seen, the baselines): at once on the
   * run itself, when the case commits inside a case (see cases.ts), so that cases run at once
   * change it in case order.
   */
  defer(effect: (run: RunContext) => void): void;
}

/** The query every request of the operation carries: the session filter of a query-bound session. */
export function fixedQuery(ctx: RunContext, op: ListOperation): Query {
  return op.session.in === 'query' && ctx.options.session ? [[op.session.param, ctx.options.session]] : [];
}

/** One value the lists hold for each filter the fixed query leaves free: a request a client could send. */
export function filterValues(ctx: RunContext, op: ListOperation, fixed: Query): [string, string][] {
  return op.filters.flatMap((filter): [string, string][] => {
    const value = ctx.pools[filter.param]?.find((v) => sentAsValid(op, filter, v));
    return value === undefined || fixed.some(([k]) => k === filter.param) ? [] : [[filter.param, value]];
  });
}

/** The session a request is about, for the laws that compare items with it. */
export function sessionOfRequest(
  ctx: RunContext,
  op: ListOperation,
  pathSession: string | undefined,
): string | undefined {
  if (op.session.in === 'path') return pathSession;
  if (op.session.in === 'query') return ctx.options.session;
  return undefined;
}

/** The sessions an operation is judged on: `[undefined]` when the session is no path segment. */
export function sessionsOf(ctx: RunContext, op: ListOperation): (string | undefined)[] {
  if (op.session.in !== 'path') return [undefined];
  return ctx.sessions.get(op.operationId) ?? [];
}

export const baselineKey = (op: ListOperation, session: string | undefined) => `${op.operationId}|${session ?? ''}`;

/** Merges a case's query into the fixed one: the fixed parameters win. */
export function withFixed(fixed: Query, query: Query): Query {
  return [...fixed, ...query.filter(([k]) => !fixed.some(([f]) => f === k))];
}

/**
 * The pages a walk of a list with this query takes, as far as the baseline tells: the baseline's
 * items its filters match, over the page size the query asks or, asking none, the size of the
 * baseline's first page; at most `maxPages`. What a case's cost is made of (cases.ts), which a
 * sharded run balances by: a filtered walk is counted by what it lists, not by the whole list.
 */
export function walkCost(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
  maxPages: number,
): number {
  if (op.paging.kind === 'none' || !op.limit) return 1;
  const key = baselineKey(op, session);
  const matched = query.flatMap(([param, value]) => {
    const filter = op.filters.find((f) => f.param === param);
    return filter ? [{ filter, value }] : [];
  });
  const listed = (ctx.baselines.get(key) ?? []).filter((item) =>
    matched.every(({ filter, value }) => matchesFilter(filter, item, value, op.readTime)),
  ).length;
  const asked = Number(query.find(([param]) => param === op.limit!.param)?.[1]);
  const baseline = ctx.reads.get(key)?.[0]?.walk.pages;
  const firstPage = baseline && baseline.length > 1 ? (itemsOf(op, baseline[0]!.body)?.length ?? 0) : 0;
  const size = asked > 0 ? asked : firstPage;
  const pages = size > 0 ? Math.ceil(listed / size) : 1;
  return Math.min(maxPages, Math.max(1, pages));
}

/**
 * Whether a query asks a page size no document makes the server accept: above the documented maximum,
 * or where none is documented, above the documented default, or where neither is, above the first
 * page the server gave by itself (the baseline's: its default page, or the whole list) or the largest
 * page size the request cases send, whichever is smaller. A server may refuse it: the documents are
 * silent.
 */
export function pastDocumentedLimit(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
): boolean {
  const limit = op.limit;
  const asked = Number(query.find(([param]) => param === limit?.param)?.[1]);
  if (!limit || !Number.isFinite(asked)) return false;
  const first = ctx.reads.get(baselineKey(op, session))?.[0]?.walk.pages[0];
  const byItself = first ? (itemsOf(op, first.body)?.length ?? 0) : 0;
  return asked > (limit.maximum ?? limit.default ?? Math.min(byItself > 0 ? byItself : CASE_LIMIT, CASE_LIMIT));
}
