/**
 * A long walk asked in parts that run at the same time. A walk of n pages is n requests one after
 * another, and no shard that holds it ends sooner. Where the paging lets a walk start in the middle
 * of the list, parts start there, about `PART_PAGES` pages apart:
 *
 * - an item-id cursor starts after any item the baseline listed (`afterParam=<id>`: what the walk
 *   itself asks once a page ends with that item), an offset at any position;
 * - a token the document does not bind to its query (no `boundToQuery`) starts from the tokens the
 *   baseline's walk of the list was given, where its pages ended at a position the walk's pages end at
 *   too, and between them from a token scouted for the place: the page that ends there, asked at its
 *   own size from the place before. A token bound to its query (and so to its page size: Praxis'
 *   session cursor) is given to no other query, so such a walk stays whole.
 *
 * Each part walks from its start until the page it would ask next is where another part starts, and
 * hands its answers on. Then the walk is walked as one (`judge`, the case that joins the parts), each
 * request answered by the part that sent it: it sends the requests the whole walk sends and is judged
 * as the whole walk was (the page laws on every page, the walk laws over all its pages, the objects
 * over time), whatever part asked. Where a request of the walk is no part's (a server whose token at
 * one page size differs from the one the baseline got, which no document forbids), the join asks it
 * and goes on from there: that part asked what the walk does not, and its answers are not judged.
 *
 * The parts and the join are one group, which a sharded run keeps in one shard (shard-plan.ts), the
 * parts running at once there: the walk laws need every page of the walk in one place.
 */
import { idOf, itemsOf, type ListOperation, matchesFilter } from '../contract/operations.js';
import { nextCursor, type Query } from '../http/paging.js';
import type { Case } from './cases.js';
import { baselineKey, CASE_MAX_PAGES, fixedQuery, type RunContext, walkCost } from './context.js';
import type { ValueKind } from './observations.js';
import { type Known, queryKey, type Sent } from './transport.js';

/** The fewest pages a part but the last asks: as many as a property case's walk. */
const PART_PAGES = CASE_MAX_PAGES;

/** A walk the joining case makes, from its first page, to be asked in parts beforehand. */
export interface PartedWalk {
  query: Query;
  maxPages: number;
  kind?: ValueKind;
}

/**
 * Where a part of a walk starts: after `position` items of the list, with `query`; or, for a
 * scouted start, with the request the token of `scout`'s page makes (a page from an earlier start
 * at the size that ends it there), where the list names no start to resume at.
 */
type Start = { position: number } & ({ query: Query; scout?: never } | { query?: never; scout: Query });

/**
 * The cases of `judge` with its walks asked in parts beforehand: every part, then `judge`, run with
 * their answers once every part has ended. `judge` alone where no walk can start in the middle.
 */
export function walkInParts<R>(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  walks: readonly PartedWalk[],
  judge: { cost: number; run: (scope: RunContext, known: Known) => Promise<R> },
): Case<R | undefined>[] {
  const split = walks.map((walk) => ({ walk, starts: partStarts(ctx, op, session, walk) }));
  if (split.every(({ starts }) => starts.length === 0))
    return [{ cost: judge.cost, run: (scope) => judge.run(scope, new Map()) }];
  const group = {};
  const known = new Map<string, Sent>();
  const ended: Promise<void>[] = [];
  const parts: Case<undefined>[] = [];
  for (const { walk, starts } of split) {
    const all: Start[] = [{ position: 0, query: walk.query }, ...starts];
    const keys = new Set(all.flatMap((start) => (start.query ? [queryKey(start.query)] : [])));
    const size = pageSize(op, walk.query) ?? 1;
    const pages = walkCost(ctx, op, session, walk.query, walk.maxPages);
    all.forEach((start, i) => {
      const page = start.position / size;
      const next = all[i + 1];
      const part = settledLater();
      ended.push(part.promise);
      parts.push({
        group,
        // To the next part's start, or to the end of the walk; and the scout's page before it.
        cost: Math.max(1, (next ? next.position / size : pages) - page) + (start.scout ? 1 : 0),
        run: async (scope) => {
          try {
            const query = start.query ?? (await scouted(scope, op, session, walk, start.scout));
            // To the next start's page at most, so that what it asks is the same whatever part ran first.
            const maxPages = (next ? next.position / size : walk.maxPages) - page;
            if (query) await walkPart(scope, op, session, { ...walk, query, maxPages }, keys, known);
            part.resolve();
          } catch (error) {
            part.reject(error);
            throw error;
          }
          return undefined;
        },
      });
    });
  }
  const partsEnded = Promise.all(ended);
  partsEnded.catch(() => {}); // the join's own error, where it starts
  const join: Case<R> = {
    group,
    after: partsEnded,
    run: async (scope) => {
      await partsEnded;
      return judge.run(scope, known);
    },
  };
  return [...parts, join];
}

/**
 * Asks the pages from `walk.query` on, through their cursors, until the page it would ask next is a
 * part's start (`starts`), or the walk ends; each answer goes into `known` (the first, where two parts
 * asked the same). Nothing is judged here: the join judges what the walk asks.
 */
async function walkPart(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  walk: PartedWalk,
  starts: ReadonlySet<string>,
  known: Map<string, Sent>,
): Promise<void> {
  let query = walk.query;
  const offered = new Set<string>();
  for (let n = 0; n < walk.maxPages; n++) {
    const sent = await ctx.transport.send(op, session, query, walk.kind);
    if (!known.has(queryKey(query))) known.set(queryKey(query), sent);
    if (sent.exchange?.status !== 200) return;
    const next = nextCursor(op, sent.exchange, query, itemsOf(op, sent.exchange.body) ?? []);
    if (!next || offered.has(next.cursor) || starts.has(queryKey(next.query))) return;
    offered.add(next.cursor);
    query = next.query;
  }
}

/** Whether a walk can be asked in parts: its paging lets a part start in the middle of the list. */
export const startsMidList = (ctx: RunContext, op: ListOperation, session: string | undefined, walk: PartedWalk) =>
  partStarts(ctx, op, session, walk).length > 0;

/** `query` asking pages of `size` items, where the documented page sizes allow it. */
function resized(op: ListOperation, query: Query, size: number): Query | undefined {
  const limit = op.limit;
  if (!limit || size < (limit.minimum ?? 1) || size > (limit.maximum ?? Number.POSITIVE_INFINITY)) return undefined;
  return query.map(([param, value]) => [param, param === limit.param ? String(size) : value]);
}

/**
 * Asks a scout's page and returns the request its token makes in `walk`, or undefined where it gives
 * none: then the part asks nothing, and the join asks those pages itself. The scout's answer is
 * judged by no law of the walk.
 */
async function scouted(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  walk: PartedWalk,
  scout: Query,
): Promise<Query | undefined> {
  const sent = await ctx.transport.send(op, session, scout, walk.kind);
  if (sent.exchange?.status !== 200 || op.paging.kind !== 'token') return undefined;
  const token = nextCursor(op, sent.exchange, scout, itemsOf(op, sent.exchange.body) ?? [])?.cursor;
  if (token === undefined) return undefined;
  return [...walk.query, [op.paging.param, token]];
}

/** The page size a query asks for, when it asks one. */
function pageSize(op: ListOperation, query: Query): number | undefined {
  const size = Number(query.find(([param]) => param === op.limit?.param)?.[1]);
  return Number.isInteger(size) && size >= 1 ? size : undefined;
}

/**
 * Where the parts of a walk of the list at a page size start after its first, about `PART_PAGES`
 * pages apart, and at most `maxPages` pages in: none for a walk without a page size, or with a
 * parameter past the fixed ones, the page size and (item-id cursors, offsets) the filters: the
 * baseline does not tell where its pages end. Between the places the baseline names (`resumable`),
 * a token bound to no query is scouted: one page from the place before, at the size that ends it
 * where a part is to start, gives the token to start from (one request, where the part saves
 * `PART_PAGES`).
 */
function partStarts(ctx: RunContext, op: ListOperation, session: string | undefined, walk: PartedWalk): Start[] {
  const size = pageSize(op, walk.query);
  const fixed = fixedQuery(ctx, op);
  const fixedFirst = fixed.every(([param, value], i) => walk.query[i]?.[0] === param && walk.query[i]?.[1] === value);
  const rest = walk.query.slice(fixed.length);
  const sizes = rest.filter(([param]) => param === op.limit?.param);
  if (size === undefined || !fixedFirst || sizes.length !== 1) return [];
  const filters = rest.filter(([param]) => param !== op.limit?.param);
  const named = new Map<number, Start>();
  for (const start of resumable(ctx, op, session, walk.query, filters))
    if (start.position % size === 0 && start.position / size < walk.maxPages) named.set(start.position, start);
  const scouts = op.paging.kind === 'token' && !op.paging.boundToQuery && filters.length === 0;
  const length = ctx.baselines.get(baselineKey(op, session))?.length ?? 0;
  const step = PART_PAGES * size;
  const starts: Start[] = [];
  // The last part's start, and the last place the baseline names at or before `position` (a scout's).
  let from = 0;
  let base: { position: number; query: Query } = { position: 0, query: walk.query };
  for (let position = size; position < length && position / size < walk.maxPages; position += size) {
    const start = named.get(position);
    if (start?.query) base = { position, query: start.query };
    if (position - from < step) continue;
    const scout = start || !scouts ? undefined : resized(op, base.query, position - base.position);
    if (start) starts.push(start);
    else if (scout) starts.push({ position, scout });
    else continue;
    from = position;
  }
  return starts;
}

/**
 * Every place, in order, where a walk of `query` (the list at a page size, with `filters`) can start
 * after its first page: after each item of the baseline the filters match, where an item's id or its
 * offset is a cursor; at each token the baseline's walk was given, where a token is bound to no query
 * and the walk has no filter.
 */
function resumable(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
  filters: Query,
): Start[] {
  const key = baselineKey(op, session);
  const paging = op.paging;
  if (paging.kind === 'item-id' || paging.kind === 'offset') {
    const matched = filters.map(([param, value]) => ({ filter: op.filters.find((f) => f.param === param), value }));
    if (matched.some(({ filter }) => filter === undefined)) return [];
    const items = (ctx.baselines.get(key) ?? []).filter((item) =>
      matched.every(({ filter, value }) => matchesFilter(filter!, item, value, op.readTime)),
    );
    return items.slice(0, -1).map((item, i) => ({
      position: i + 1,
      query: [...query, paging.kind === 'offset' ? [paging.param, String(i + 1)] : [paging.afterParam, idOf(op, item)]],
    }));
  }
  if (paging.kind !== 'token' || paging.boundToQuery || filters.length > 0) return [];
  // The baseline's walk of the list: the token each of its pages gave, after the items up to there.
  const read = ctx.reads.get(key)?.[0];
  if (!read) return [];
  let position = 0;
  return read.walk.pages.flatMap((page, n) => {
    position += (itemsOf(op, page.body) ?? []).length;
    const token = read.walk.cursors[n];
    return token === undefined ? [] : [{ position, query: [...query, [paging.param, token]] }];
  });
}

/** A promise settled from outside; a rejection nobody waits for (the join did not start) is no error of its own. */
function settledLater(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}
