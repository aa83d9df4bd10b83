/**
 * Observes each list `polls` times in all (the baseline walk was the first), each walk of a list
 * at least `pollIntervalMs` after the one before it ended. A poll's walks are cases that run in the
 * batch of another phase (the first poll beside the probes, the second beside the property cases):
 * cases of one batch are never compared with each other, so a poll judges the same there as alone,
 * and its wait overlaps the other cases' requests instead of holding up the run. The polls left
 * after the property cases run on their own. A poll that reads a list whole is judged beside the
 * list's last whole read (the baseline's, or the poll's before it) by the laws over two reads.
 */

import { sentAsValid } from '../../contract/filter-values.js';
import type { FilterParam, ListOperation } from '../../contract/operations.js';
import { MAX_PAGES, type Query } from '../../http/paging.js';
import { type Case, runCases } from '../cases.js';
import { baselineKey, fixedQuery, type ListRead, type RunContext, sessionsOf, walkCost } from '../context.js';
import { waitCost } from '../shard-plan.js';
import { walk } from '../walker.js';

/**
 * Judges a list read whole beside the read before it. A violation shows the page of each read that
 * lists the object, in order (the same request twice, for a list of one page), and how far apart
 * the run read them.
 */
export function judgeReread(ctx: RunContext, op: ListOperation, before: ListRead, after: ListRead): void {
  const outcomes = ctx.ledger.evaluate(op, 'reread', { before: before.walk, after: after.walk });
  ctx.ledger.commit(op, outcomes, [...before.walk.urls, ...after.walk.urls], undefined, after.at - before.at);
}

/**
 * Judges a whole read of a list's baseline query beside the reads of the list before it
 * (`history`, in order): the last plain one by the laws over two reads, all of them by the laws
 * over several. A violation shows the requests from the first read it names to the last, in order.
 */
function judgeRead(ctx: RunContext, op: ListOperation, history: readonly ListRead[], read: ListRead): void {
  const before = history.filter((earlier) => !earlier.filtered).at(-1);
  if (before) judgeReread(ctx, op, before, read);
  const reads = [...history, read];
  const outcomes = ctx.ledger.evaluate(op, 'reads', {
    reads: reads.map((r) => ({ walk: r.walk, plain: !r.filtered })),
  });
  // How far apart the first request a finding names and the last were read.
  const readOf = reads.flatMap((r) => r.walk.urls.map(() => r));
  const firsts = outcomes.flatMap((o) => o.judgement.violations.map((v) => readOf[v.pages?.[0] ?? 0]?.at ?? read.at));
  const urls = reads.flatMap((r) => r.walk.urls);
  ctx.ledger.commit(op, outcomes, urls, undefined, read.at - Math.min(read.at, ...firsts));
}

/** The sessions whose list is read over time (one list of no session where the session is no path segment). */
const readSessions = (ctx: RunContext, op: ListOperation) =>
  sessionsOf(ctx, op).filter((session) => op.session.in !== 'path' || session !== undefined);

export class Polls {
  private taken = 0;
  /** When the walk before the next one ended, by list; the time of the first take for a list not polled yet. */
  private readonly ended = new Map<string, number>();
  private since: number | undefined;

  constructor(
    /** Walks of every list in all, the baseline's included. */
    readonly total: number,
    private readonly intervalMs: number,
  ) {}

  get left(): number {
    return Math.max(0, this.total - 1 - this.taken);
  }

  /**
   * The reads back to back, where the lists are polled at all: alone, in one case (one list after
   * another), or in a sharded run each list's in the shard whose plan ends soonest.
   */
  async readBackToBack(ctx: RunContext): Promise<void> {
    if (this.total <= 1) return;
    const read = (lists: readonly BackToBackList[]): Case<undefined> => ({
      cost: lists.reduce((sum, list) => sum + list.cost, 0),
      run: (scope) => backToBack(scope, lists),
    });
    const lists = backToBackLists(ctx);
    if (!ctx.shard) {
      await runCases(ctx, [read(lists)]);
      return;
    }
    // Each list's reads where the plan ends soonest (its polls' waits counted): the costliest first.
    const byCost = [...lists].sort((a, b) => b.cost - a.cost);
    const planned = byCost.map((list) => ({ list, shard: ctx.shard!.reserve(list.cost) }));
    for (const reserved of new Set(planned.map(({ shard }) => shard))) {
      const lists = planned.filter(({ shard }) => shard === reserved).map(({ list }) => list);
      await runCases(ctx, [read(lists)], { shard: { reserved } });
    }
  }

  /**
   * The walks of the next poll, one case per list (none once every poll is taken). Called once
   * per batch at most: two polls of one list in one batch would not be an interval apart.
   */
  next(ctx: RunContext): Case<undefined>[] {
    if (this.left === 0) return [];
    this.taken++;
    // The first poll is taken right after the baseline: its walks are what the interval runs from.
    this.since ??= performance.now();
    return ctx.ops.flatMap((op) =>
      readSessions(ctx, op).map((session) => {
        const key = baselineKey(op, session);
        return {
          // Until then the batch's other cases go first.
          notBefore: (this.ended.get(key) ?? this.since!) + this.intervalMs,
          due: waitCost(this.intervalMs),
          polls: key,
          cost: walkCost(ctx, op, session, fixedQuery(ctx, op), MAX_PAGES),
          run: async (scope: RunContext) => {
            const { walk: result } = await walk(scope, op, session, fixedQuery(scope, op), {
              maxPages: MAX_PAGES,
              fresh: true,
            });
            const read: ListRead = { walk: result, at: performance.now() };
            this.ended.set(key, read.at);
            if (!result.complete) return undefined;
            judgeRead(scope, op, scope.reads.get(key) ?? [], read);
            scope.defer((run) => run.reads.set(key, [...(run.reads.get(key) ?? []), read]));
            return undefined;
          },
        };
      }),
    );
  }
}

/** The polls no other phase took, one batch each; then, where the lists are polled at all, the reads back to back. */
export async function overTimePhase(ctx: RunContext, polls: Polls): Promise<void> {
  while (polls.left > 0) await runCases(ctx, polls.next(ctx));
  await polls.readBackToBack(ctx);
}

/** The lists of one operation read twice back to back: the first sessions the run judges the operation on. */
const BACK_TO_BACK_SESSIONS = 4;

/** Reads of one list back to back, with the requests they send one after another. */
interface BackToBackList {
  op: ListOperation;
  session: string | undefined;
  /** The walks in order: the list's baseline query (`plain`), or a filtered walk before a plain one. */
  walks: { query: Query; plain: boolean }[];
  cost: number;
}

/**
 * The reads back to back, in order: each list read twice; then, on the first session of each
 * operation, each filtered walk and a read after it. Each part is planned apart, whole in itself
 * (two reads next to each other; a read right after a filtered walk).
 */
function backToBackLists(ctx: RunContext): BackToBackList[] {
  return ctx.ops.flatMap((op) =>
    readSessions(ctx, op)
      .slice(0, BACK_TO_BACK_SESSIONS)
      .flatMap((session, n) => {
        const plain = fixedQuery(ctx, op);
        const read = walkCost(ctx, op, session, plain, MAX_PAGES);
        const twice = [plain, plain].map((query) => ({ query, plain: true }));
        const afterFilters = (n === 0 ? filteredQueries(ctx, op, plain) : []).map((query) => [
          { query, plain: false },
          { query: plain, plain: true },
        ]);
        return [twice, ...afterFilters].map((walks) => ({ op, session, walks, cost: walks.length * read }));
      }),
  );
}

/**
 * Each list read whole twice in a row, one list after another with no other request between: a
 * server whose answers alternate (a replica behind, or a value that flips every other request)
 * shows it on two reads next to each other, where reads spread over the run may all fall on one
 * side. On the first session, after those two, a walk filtered by one value, then by another, each
 * goes before a read of its own (four reads then): a read is the same whatever was asked before it,
 * and a server that keeps a filter for the requests after it lists less on the read after it. The
 * first two stay next to each other: reads one filtered walk apart fall on one side of a server
 * that alternates. The reads are judged by the laws over two reads and over several, and their
 * objects by the laws over time.
 */
async function backToBack(ctx: RunContext, lists: readonly BackToBackList[]): Promise<undefined> {
  // The reads of each list so far, this case's included: what its commit leaves in the run.
  const histories = new Map<string, ListRead[]>();
  for (const { op, session, walks } of lists) {
    const key = baselineKey(op, session);
    const history = histories.get(key) ?? [...(ctx.reads.get(key) ?? [])];
    histories.set(key, history);
    for (const { query, plain } of walks) {
      const { walk: result } = await walk(ctx, op, session, query, { maxPages: MAX_PAGES, fresh: true });
      if (!result.complete) break;
      const done: ListRead = { walk: result, at: performance.now() };
      if (plain) judgeRead(ctx, op, history, done);
      history.push(plain ? done : { ...done, filtered: true });
    }
  }
  for (const [key, history] of histories) ctx.defer((run) => run.reads.set(key, history));
  return undefined;
}

/**
 * The queries walked between two back-to-back reads: the first filter the fixed query leaves free,
 * with two values the lists hold (one where they hold only one).
 */
function filteredQueries(ctx: RunContext, op: ListOperation, fixed: Query): Query[] {
  const free = op.filters.filter((filter) => !fixed.some(([param]) => param === filter.param));
  const values = (filter: FilterParam) => (ctx.pools[filter.param] ?? []).filter((v) => sentAsValid(op, filter, v));
  const filter = free.find((f) => values(f).length >= 2) ?? free.find((f) => values(f).length > 0);
  return filter
    ? values(filter)
        .slice(0, 2)
        .map((value): Query => [...fixed, [filter.param, value]])
    : [];
}
