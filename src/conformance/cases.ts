/**
 * Cases run at once, judged in case order. A case is the requests of one independent check (a
 * walk, a refusal, a property case); it runs in a scope that holds back everything it would
 * record (judgements, notes, coverage, the objects it saw) and commits it only once every case
 * before it has committed. So the ledger meets the same subjects in the same order at any
 * concurrency, and the verdict, the violations and their replay lines do not depend on which
 * answer came back first. A walk is one case, its next page needing the cursor of the page before; a
 * long one is asked in parts that run at once where its paging lets a walk start mid-list, and joined
 * by a case of its own (walk-parts.ts).
 */
import type { JsonObject } from '../contract/rules/types.js';
import { BudgetExhausted, Interrupted } from '../http/client.js';
import type { Judging, RunContext, Seen } from './context.js';
import type { SharedExchanges } from './transport.js';

export interface Case<R> {
  run(scope: RunContext): Promise<R>;
  /**
   * Not started before this time (`performance.now()`): a poll due an interval after the last.
   * Meanwhile the cases after it start in its place; it still commits in its own place.
   */
  notBefore?: number;
  /**
   * Not started before this settles (the parts of the walk the case joins have ended: walk-parts.ts),
   * so that it holds no place among the cases running at once while it could only wait. Meanwhile the
   * cases after it start in its place; it still commits in its own place.
   */
  after?: Promise<unknown>;
  /**
   * The requests the case sends one after another, as far as the run can tell before it starts (1
   * when not given): what a sharded run balances its shards by (shard-plan.ts).
   */
  cost?: number;
  /**
   * Where a sharded run plans the case to start at the earliest, in requests from the start of its
   * batch (a poll's wait, `waitCost`): a case waiting for its time holds no place, so its wait is no cost.
   */
  due?: number;
  /**
   * Cases that run in one shard of a sharded run (the same object for each): the parts of one walk
   * and the case that joins them (walk-parts.ts).
   */
  group?: object;
  /**
   * The list a poll walks (its key): its `due` counts from that list's last walk in the shard, the
   * baseline's where the shard polled it not yet, so a sharded run plans each poll where it waits least.
   */
  polls?: string;
  /** What the run learns from the case (baselines, value pools), once its judgements are committed. */
  commit?(result: R, run: RunContext): void;
}

export interface CaseOptions<R> {
  /** No case after the first whose result says so is committed, and none after it is started once it is known. */
  stopAfter?: (result: R) => boolean;
  /**
   * With a shard, `split` (the default) runs the cases the shard plan gives this shard (shard-plan.ts);
   * `learn` runs every case, because the later phases start from what they find, and records their
   * judgements in shard 1 only; `{ reserved }` runs them all in the shard set aside for them
   * (ShardPlan.reserve, 0-based), none in the others.
   */
  shard?: 'split' | 'learn' | { reserved: number };
  /**
   * A batch of this shard's own, that the others do not run (a round of property cases after a
   * failure it saw): it runs every case, and moves no plan of the batches after it.
   */
  unshared?: boolean;
}

type Effect = (run: RunContext) => void;

interface Settled<R> {
  effects: Effect[];
  done: boolean;
  result?: R;
  error?: { cause: unknown };
}

/**
 * Runs the cases, at most `ctx.concurrency` at once, and commits each in index order. Returns
 * the result of every committed case (undefined for the others). A case that throws commits
 * what it recorded until then, like a run stopped there would have, and its error is thrown
 * once the cases before it have committed; no case after it is committed. Except where the run
 * itself ended (interrupted, a stall, the request budget): then no case starts after that, every
 * case that started commits, and the first such error in index order is thrown.
 */
export async function runCases<R>(
  ctx: RunContext,
  cases: readonly Case<R>[],
  options: CaseOptions<R> = {},
): Promise<(R | undefined)[]> {
  const learn = options.shard === 'learn';
  const { shard } = ctx;
  const place = options.shard;
  const own =
    learn || !shard || options.unshared
      ? cases.map(() => true)
      : typeof place === 'object'
        ? cases.map(() => place.reserved === shard.shard.index - 1)
        : shard.own(
            cases.map((c) => c.cost ?? 1),
            cases.map((c) => c.group),
            cases.map((c) => c.due ?? 0),
            cases.map((c) => c.polls),
          );
  const target = learn && shard && shard.shard.index !== 1 ? learningOnly(ctx) : ctx;
  const settled: Settled<R>[] = [];
  const results: (R | undefined)[] = cases.map(() => undefined);
  // What the batch's requests were answered (transport.ts): one request per URL in a batch.
  const shared: SharedExchanges = new Map();
  // The cases not started yet, in the order they start in: each worker starts the first whose time has come.
  const pending = startOrder(cases).filter((i) => own[i]);
  let committed = 0;
  // Past this index nothing is started: a case before it failed or asked to stop.
  let last = cases.length - 1;
  let halted = false;
  let failure: { cause: unknown } | undefined;
  // Set once a case met the run's end (interrupted, its deadline, a stall, the request budget): nothing
  // starts after that, and every case that had started commits, in index order, so that the run reports
  // all it judged, not only the cases before the first that started late.
  let stopping = false;

  // The last version each case saw of each object: what the run compares the next answers with.
  const seenByCases = new Map<string, JsonObject[]>();
  const drain = () => {
    while (!halted && committed <= last) {
      const i = committed;
      if (!own[i] || (stopping && !settled[i])) {
        committed++;
        continue;
      }
      const s = settled[i];
      if (!s?.done) return;
      const seen = new Map<string, Version[]>();
      const view = { ...target, seen: caseSeen(ctx.lastSeen, seen) };
      for (const effect of s.effects) effect(view);
      for (const [key, versions] of seen) {
        const item = latest(versions)!.item;
        const list = seenByCases.get(key);
        if (list) list.push(item);
        else seenByCases.set(key, [item]);
      }
      committed++;
      if (s.error) {
        failure ??= s.error;
        if (stopping && endsRun(s.error.cause)) continue;
        halted = true;
        return;
      }
      results[i] = s.result;
      cases[i]!.commit?.(s.result as R, ctx);
      if (options.stopAfter?.(s.result as R)) halted = true;
    }
  };

  const settle = (i: number, s: Settled<R>, error?: { cause: unknown }) => {
    if (error) {
      s.error = error;
      if (endsRun(error.cause)) stopping = true;
      else last = Math.min(last, i);
    } else if (options.stopAfter?.(s.result as R)) last = Math.min(last, i);
    s.done = true;
    drain();
  };
  // The cases whose `after` has settled, and a promise of each `after` that settles once that is known.
  const followed = new Set<number>();
  const follows = cases.map((c, i) => {
    const known = () => void followed.add(i);
    return c.after?.then(known, known);
  });
  const free = (n: number) => !cases[n]!.after || followed.has(n);
  const worker = async () => {
    while (!halted && !stopping) {
      const startable = pending.filter((i) => i <= last);
      if (startable.length === 0) return;
      const now = performance.now();
      const i = startable.find((n) => free(n) && (cases[n]!.notBefore ?? 0) <= now);
      if (i === undefined) {
        // Every case left waits for its time or for the cases it follows: wait for the first of them (the
        // run's stop ends a wait for a time at once; the cases followed end then too).
        const following = startable.filter((n) => !free(n)).map((n) => follows[n]!);
        const timed = startable.filter(free);
        if (timed.length === 0) {
          await Promise.race(following);
          continue;
        }
        const first = timed.reduce((a, b) => (cases[a]!.notBefore! <= cases[b]!.notBefore! ? a : b));
        try {
          const paused = ctx.transport.pause(cases[first]!.notBefore! - now);
          // Ended by a followed case instead, the wait may still be stopped later: the next turn sees to it.
          paused.catch(() => {});
          await Promise.race([paused, ...following]);
        } catch (error) {
          // As if the case had waited itself: the cases before it commit, it ends the batch.
          const at = pending.indexOf(first);
          if (at >= 0) {
            pending.splice(at, 1);
            settle(first, (settled[first] = { effects: [], done: false }), { cause: error });
          }
        }
        continue;
      }
      pending.splice(pending.indexOf(i), 1);
      const s: Settled<R> = { effects: [], done: false };
      settled[i] = s;
      try {
        s.result = await cases[i]!.run(scopeOf(ctx, (effect) => s.effects.push(effect), shared));
        settle(i, s);
      } catch (error) {
        settle(i, s, { cause: error });
      }
    }
  };
  const workers = Math.max(1, Math.min(ctx.concurrency, cases.length));
  await Promise.all(Array.from({ length: workers }, worker));
  for (const [key, versions] of seenByCases) ctx.lastSeen.set(key, distinct(versions));
  if (failure) throw failure.cause;
  return results;
}

/** The run's end, met by a case: every later request and wait would meet it too. */
const endsRun = (error: unknown) => error instanceof Interrupted || error instanceof BudgetExhausted;

/** A version of an object a case saw, with when the answer that listed it came (`performance.now()`). */
interface Version {
  item: JsonObject;
  at: number;
}

const latest = (versions: readonly Version[]): Version | undefined =>
  versions.reduce<Version | undefined>((last, v) => (last && last.at > v.at ? last : v), undefined);

/**
 * Objects as one case sees them: compared with its own latest version that came before the request
 * was asked, else with every version seen before the cases started; never with another case's,
 * which may have been answered at the same time (and so in either order), at any concurrency, so
 * that the verdict does not depend on it. A case's pages come one after another, but the pages a
 * walk asked in parts got (walk-parts.ts) did not: one part's answer may have come while another
 * part's page was asked, and then neither is before the other.
 */
function caseSeen(before: ReadonlyMap<string, JsonObject[]>, own: Map<string, Version[]>): Seen {
  return {
    before: (key, askedAt) => {
      const earlier = latest((own.get(key) ?? []).filter((v) => v.at <= askedAt));
      return earlier ? [earlier.item] : (before.get(key) ?? []);
    },
    saw: (key, item, at) => void own.set(key, [...(own.get(key) ?? []), { item, at }]),
  };
}

function distinct(versions: readonly JsonObject[]): JsonObject[] {
  const byText = new Map(versions.map((v) => [JSON.stringify(v), v]));
  return [...byText.values()];
}

/** A case's view of the run: reads go to the run, records go to `hold` (committed later, or dropped). */
function scopeOf(run: RunContext, hold: (effect: Effect) => void, shared: SharedExchanges): RunContext {
  const ledger = holdingLedger(run.ledger, hold);
  const observations: RunContext['observations'] = {
    exchange: (...args) => hold((r) => r.observations.exchange(...args)),
    transition: (...args) => hold((r) => r.observations.transition(...args)),
    combinations: (...args) => hold((r) => r.observations.combinations(...args)),
    combinationWalked: (...args) => hold((r) => r.observations.combinationWalked(...args)),
    cursors: (...args) => hold((r) => r.observations.cursors(...args)),
  };
  return { ...run, ledger, observations, transport: run.transport.with(ledger, observations, shared), defer: hold };
}

/** The run as a shard that only learns sees it: what it knows changes, nothing is recorded. */
function learningOnly(run: RunContext): RunContext {
  const drop = () => {};
  const learning: RunContext = {
    ...run,
    ledger: holdingLedger(run.ledger, drop),
    observations: {
      exchange: drop,
      transition: drop,
      combinations: drop,
      combinationWalked: drop,
      cursors: drop,
    },
    defer: (effect) => effect(learning),
  };
  return learning;
}

/**
 * The ledger as a case sees it: evaluating is pure and happens at once (a case's next request
 * may depend on what it found), recording is handed to `hold`.
 */
function holdingLedger(ledger: Judging, hold: (effect: Effect) => void): Judging {
  const view: Judging = {
    wanted: (id) => ledger.wanted(id),
    evaluate: (op, scope, subject) => ledger.evaluate(op, scope, subject),
    judge: (op, scope, subject, url, replay) => view.commit(op, ledger.evaluate(op, scope, subject), url, replay),
    commit: (op, outcomes, url, replay, apartMs, session) => {
      hold((r) => r.ledger.commit(op, outcomes, url, replay, apartMs, session));
      return outcomes.flatMap((o) => o.judgement.violations);
    },
    count: (outcomes) => hold((r) => r.ledger.count(outcomes)),
    report: (op, found, url, replay) => hold((r) => r.ledger.report(op, found, url, replay)),
    note: (message) => hold((r) => r.ledger.note(message)),
    hint: (message) => hold((r) => r.ledger.hint(message)),
    get violations() {
      return ledger.violations;
    },
    setReplay: (laws, replay) => hold((r) => r.ledger.setReplay(laws, replay)),
  };
  return view;
}

/**
 * The order a batch starts its cases in (a case still waits for its time and for the cases it
 * follows): a case with a time to start at (a poll) first once that time has come, then the costliest,
 * so that no long case starts last and ends the batch alone; among equals, case order. The shard plan
 * plans in the same order (shard-plan.ts).
 */
function startOrder(cases: readonly Pick<Case<unknown>, 'cost' | 'notBefore'>[]): number[] {
  const timed = (i: number) => (cases[i]!.notBefore === undefined ? 1 : 0);
  return cases
    .map((_, i) => i)
    .sort((a, b) => timed(a) - timed(b) || (cases[b]!.cost ?? 1) - (cases[a]!.cost ?? 1) || a - b);
}
