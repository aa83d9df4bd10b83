/**
 * fast-check drives request cases (valid queries and documented refusals); a failure is shrunk
 * to a minimal request, then reported with the seed and path that replay it. A complete
 * filtered walk is compared with the baseline (fixed filters included) for subset and
 * completeness; anything suspicious is judged again on fresh walks, because live tasks change.
 */
import fc from 'fast-check';
import { addedFilters } from '../../contract/laws/index.js';
import type { ListOperation } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import type { Violation } from '../../contract/violation.js';
import { type RequestCase, requestCase } from '../../generators/requests.js';
import { BudgetExhausted, Interrupted } from '../../http/client.js';
import { MAX_PAGES, type Query } from '../../http/paging.js';
import { type Case as RunCase, runCases } from '../cases.js';
import {
  baselineKey,
  CASE_MAX_PAGES,
  fixedQuery,
  type RunContext,
  sessionsOf,
  walkCost,
  withFixed,
} from '../context.js';
import { itemsOfWalk, walk } from '../walker.js';
import { lostToPaging, type PagingExplained } from './lost-to-paging.js';
import type { Polls } from './over-time.js';

type Case = RequestCase & { operation: string };

/** The property cases; the next poll's walks run beside the first round's cases. */
export async function propertiesPhase(ctx: RunContext, polls: Polls): Promise<void> {
  const runs = ctx.options.runs ?? 100;
  if (runs <= 0) return;
  const ops = ctx.ops.filter((op) => op.session.in !== 'path' || sessionsOf(ctx, op).length > 0);
  if (ops.length === 0) return;
  const arbitrary = fc.oneof(
    ...ops.map((op) => requestCase(op, ctx.pools).map((c): Case => ({ operation: op.operationId, ...c }))),
  );
  if (ctx.options.path !== undefined) return replayCase(ctx, arbitrary, ctx.options.path);
  const known = new Set<string>();
  for (let round = 0; round < 4; round++) {
    // Laws already reported do not fail a property again: each round hunts for a law not seen yet.
    for (const v of ctx.ledger.violations) known.add(v.law);
    const seed = ctx.seed + round;
    const passes = (found: readonly Violation[]) => found.every((v) => known.has(v.law) || !ctx.ledger.wanted(v.law));
    const beside = round === 0 ? polls.next(ctx) : [];
    // A round after the first follows a failure: in a sharded run, one this shard saw and runs alone.
    const tried = await tryCases(ctx, arbitrary, seed, runs, passes, beside, round > 0);
    if (tried.length > 0 && !tried.some((t) => t && !t.passed)) break;
    let budgetHit = false;
    let interrupted = false;
    let call = 0;
    const property = fc.asyncProperty(arbitrary, async (c) => {
      // The cases fast-check starts with were tried above, in the same order: their answers stand.
      const earlier = tried[call++];
      if (call <= tried.length) {
        if (!earlier) return true; // another shard's case
        if (earlier.text !== JSON.stringify(c)) throw new Error('fast-check generated other cases than were tried');
        if (earlier.error) throw earlier.error.cause;
        return earlier.passed;
      }
      try {
        return passes(await executeCase(ctx, c, false));
      } catch (error) {
        if (error instanceof BudgetExhausted) {
          budgetHit = true;
          return true;
        }
        if (error instanceof Interrupted) {
          interrupted = true;
          return true;
        }
        throw error;
      }
    });
    const details = await fc.check(property, { seed, numRuns: runs, endOnFailure: false });
    if (interrupted) throw new Interrupted();
    if (budgetHit) throw new BudgetExhausted('the request budget (--max-requests) is used up');
    if (!details.failed) break;
    if (!details.counterexample) {
      ctx.ledger.note(`a property run failed with an error: ${String(details.errorInstance)}`);
      break;
    }
    const replay = { seed, path: details.counterexamplePath ?? '' };
    const found = await executeCase(ctx, details.counterexample[0], true, replay);
    let fresh = new Set(found.map((v) => v.law).filter((r) => !known.has(r)));
    if (fresh.size === 0) fresh = reportUnrepeated(ctx, tried, seed, known);
    if (fresh.size === 0) break;
    for (const law of fresh) known.add(law);
    ctx.ledger.setReplay(fresh, replay);
  }
}

/**
 * `--seed S --path P`: the one case a report's replay line names, judged and recorded as the run
 * that found it recorded it. fast-check replaying a path goes on to the cases after it when that one
 * passes; a property that fails at once stops at the first case it meets, which is the path's own.
 */
async function replayCase(ctx: RunContext, arbitrary: fc.Arbitrary<Case>, path: string): Promise<void> {
  const stopAtOnce = fc.property(arbitrary, (_: Case) => false);
  const named = fc.check(stopAtOnce, { seed: ctx.seed, path, numRuns: 1, endOnFailure: true });
  if (!named.counterexample) {
    ctx.ledger.note(`--path ${path} names no case of --seed ${ctx.seed}; copy both from the replay line of a report`);
    return;
  }
  await executeCase(ctx, named.counterexample[0], true, { seed: ctx.seed, path });
}

/**
 * The shrunk case did not fail again (a server that fails now and then): what the first failing
 * case found is reported as it was seen, with the path of that case (not shrunk). Returns its laws.
 */
function reportUnrepeated(
  ctx: RunContext,
  tried: readonly (Tried | undefined)[],
  seed: number,
  known: ReadonlySet<string>,
): Set<string> {
  const failed = tried.length - 1;
  const last = tried[failed];
  if (!last || last.passed || !last.found) return new Set();
  const found = last.found.violations.filter((v) => !known.has(v.law) && ctx.ledger.wanted(v.law));
  const op = ctx.ops.find((o) => o.operationId === last.found?.operation)!;
  ctx.ledger.report(op, found, last.found.url, { seed, path: String(failed) });
  return new Set(found.map((v) => v.law));
}

interface Tried {
  /** What the case found, and where, when it failed. */
  found?: { operation: string; url: string; violations: Violation[] };
  /** The case as generated, to check that fast-check meets the same cases again. */
  text: string;
  passed: boolean;
  error?: { cause: unknown };
}

/**
 * The cases fast-check would try first for this seed, run at once (this shard's only) and
 * committed in order up to the first that fails; then fast-check shrinks that one from the same
 * place, so the counterexample and its replay path are the ones a run at concurrency 1 finds.
 * Returns what each case gave, up to the first failure (undefined: another shard's, or not reached).
 */
async function tryCases(
  ctx: RunContext,
  arbitrary: fc.Arbitrary<Case>,
  seed: number,
  runs: number,
  passes: (found: readonly Violation[]) => boolean,
  beside: readonly RunCase<undefined>[],
  unshared: boolean,
): Promise<(Tried | undefined)[]> {
  const cases: Case[] = [];
  // Generating does not depend on the property's answers until one fails, so the first runs are known up front.
  fc.check(
    fc.property(arbitrary, (c) => {
      cases.push(c);
      return true;
    }),
    { seed, numRuns: runs },
  );
  const tries = await runCases<Tried | undefined>(
    ctx,
    [
      // First, so that no failing case stops them; each starts when due.
      ...beside,
      ...cases.map((c) => ({
        cost: caseCost(ctx, c),
        run: async (scope: RunContext): Promise<Tried> => {
          try {
            const violations = await executeCase(scope, c, false);
            if (passes(violations)) return { text: JSON.stringify(c), passed: true };
            const op = scope.ops.find((o) => o.operationId === c.operation)!;
            const url = requestUrl(scope, op, withFixed(fixedQuery(scope, op), c.query));
            return { text: JSON.stringify(c), passed: false, found: { operation: c.operation, url, violations } };
          } catch (error) {
            if (error instanceof BudgetExhausted || error instanceof Interrupted) throw error;
            return { text: JSON.stringify(c), passed: false, error: { cause: error } };
          }
        },
      })),
    ],
    { stopAfter: (t) => t !== undefined && !t.passed, unshared },
  );
  const results = tries.slice(beside.length);
  const failed = results.findIndex((t) => t !== undefined && !t.passed);
  return failed < 0 ? results : results.slice(0, failed + 1);
}

/** The requests a property case sends one after another: one refusal, or a walk. */
function caseCost(ctx: RunContext, c: Case): number {
  if (c.expect.kind === 'error') return 1;
  const op = ctx.ops.find((o) => o.operationId === c.operation)!;
  return walkCost(ctx, op, sessionsOf(ctx, op)[0], c.query, CASE_MAX_PAGES);
}

async function executeCase(
  ctx: RunContext,
  c: Case,
  record: boolean,
  replay?: { seed: number; path: string },
): Promise<Violation[]> {
  const op = ctx.ops.find((o) => o.operationId === c.operation)!;
  const session = sessionsOf(ctx, op)[0];
  const fixed = fixedQuery(ctx, op);
  // The fixed query (a --session filter) stays what it is: the case adds to it, never replaces it.
  const query: Query = withFixed(fixed, c.query);
  if (c.expect.kind === 'error') {
    const { url, exchange } = await ctx.transport.send(op, session, query, 'invalid');
    if (!exchange) return [];
    const subject = { exchange, expected: c.expect };
    if (record) return ctx.ledger.judge(op, 'error', subject, url, replay);
    const outcomes = ctx.ledger.evaluate(op, 'error', subject);
    ctx.ledger.count(outcomes);
    return outcomes.flatMap((o) => o.judgement.violations);
  }
  const { walk: result, found } = await walk(ctx, op, session, query, {
    maxPages: CASE_MAX_PAGES,
    record: record ? 'all' : 'count',
    ...(replay ? { replay } : {}),
  });
  const key = baselineKey(op, session);
  if (result.complete && ctx.baselines.has(key) && addedFilters(op, query, fixed).length > 0)
    found.push(...(await compareWithBaseline(ctx, op, session, query, fixed, result, key, record, replay)));
  return found;
}

export async function compareWithBaseline(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
  fixed: Query,
  filteredWalk: Awaited<ReturnType<typeof walk>>['walk'],
  key: string,
  record: boolean,
  replay?: { seed: number; path: string },
): Promise<Violation[]> {
  const subject = {
    query,
    baselineQuery: fixed,
    filtered: itemsOfWalk(op, filteredWalk),
    baseline: ctx.baselines.get(key)!,
  };
  const outcomes = ctx.ledger.evaluate(op, 'comparison', subject);
  const suspicious = outcomes.flatMap((o) => o.judgement.violations);
  if (suspicious.length === 0) {
    if (record) ctx.ledger.commit(op, outcomes, filteredWalk.urls[0] ?? '', replay);
    else ctx.ledger.count(outcomes);
    return [];
  }
  // The filtered walk again, between two unfiltered ones: a finding stands only if it holds beside
  // both, so an object that changed while the walks ran (a list that moves on every request) explains it.
  // Twice in a row: an object that went and came back between two reads (running, unknown, running
  // again) looks unchanged beside both, and is seldom caught so twice.
  // The unfiltered walks page as the filtered one does (its limit): a task lost by both was lost to
  // paging, which paging-skips-nothing reports, not to the filter.
  const added = new Set(addedFilters(op, query, fixed).map((f) => f.param));
  const unfiltered = query.filter(([param]) => !added.has(param));
  // Each as far as it goes at its limit (a combination walks a small limit to its end), and no
  // shorter than a case or a whole walk.
  const filteredPages = Math.max(CASE_MAX_PAGES, filteredWalk.pages.length + 2);
  const limit = Number(query.find(([param]) => param === op.limit?.param)?.[1]);
  const unfilteredPages = limit > 0 ? Math.max(MAX_PAGES, Math.ceil(subject.baseline.length / limit) + 2) : MAX_PAGES;
  const all = () => walk(ctx, op, session, unfiltered, { maxPages: unfilteredPages, record: 'none' });
  const freshAll = await all();
  const freshFiltered = await walk(ctx, op, session, query, { maxPages: filteredPages, record: 'none' });
  const freshAfter = await all();
  if (!freshAll.walk.complete || !freshFiltered.walk.complete || !freshAfter.walk.complete) return [];
  const baseline = itemsOfWalk(op, freshAfter.walk);
  // Read as the baseline was (no limit of a case's own): the run's later comparisons start from it.
  if (unfiltered.length === fixed.length) ctx.defer((run) => run.baselines.set(key, baseline));
  const findings = (filtered: JsonObject[], unfiltered: JsonObject[]) =>
    new Set(
      ctx.ledger
        .evaluate(op, 'comparison', { ...subject, filtered, baseline: unfiltered })
        .flatMap((o) => o.judgement.violations)
        // By message alone: which filter's law a left-out item is reported under may change below.
        .map((v) => v.message),
    );
  const bracketed = (filtered: typeof freshFiltered, before: JsonObject[], after: JsonObject[]) => {
    const earlier = findings(itemsOfWalk(op, filtered.walk), before);
    return new Set([...findings(itemsOfWalk(op, filtered.walk), after)].filter((finding) => earlier.has(finding)));
  };
  let repeated = bracketed(freshFiltered, itemsOfWalk(op, freshAll.walk), baseline);
  let paging: PagingExplained | undefined;
  if (repeated.size > 0) {
    const again = await walk(ctx, op, session, query, { maxPages: filteredPages, record: 'none' });
    const last = await all();
    const held =
      again.walk.complete && last.walk.complete
        ? bracketed(again, baseline, itemsOfWalk(op, last.walk))
        : new Set<string>();
    repeated = new Set([...repeated].filter((finding) => held.has(finding)));
    if (repeated.size > 0 && again.walk.complete && last.walk.complete) {
      const reads = {
        filtered: { query, walk: again.walk, maxPages: filteredPages },
        unfiltered: { query: unfiltered, walk: last.walk, maxPages: unfilteredPages },
      };
      paging = await lostToPaging(ctx, op, session, reads, repeated, findings);
      repeated = paging.left;
    }
  }
  // What the two fresh walks show together: every page of the filtered walk, then of the other.
  const urls = [...freshFiltered.walk.urls, ...freshAll.walk.urls];
  const attributed = repeated.size > 0 && added.size > 1 ? await eachAlone(ctx, op, session, query, added) : undefined;
  const judged = attributed ? ctx.ledger.evaluate(op, 'comparison', { ...subject, alone: attributed }) : outcomes;
  const confirmed = judged.map((o) => ({
    law: o.law,
    judgement: {
      judged: o.judgement.judged,
      violations: o.judgement.violations
        .filter((v) => repeated.has(v.message))
        .map((v) => ({ ...v, pages: urls.map((_, i) => i) })),
    },
  }));
  const lost = paging?.paging ?? [];
  if (record)
    return [
      ...ctx.ledger.commit(op, confirmed, urls, replay),
      ...lost.flatMap((pair) => ctx.ledger.commit(op, pair.outcomes, pair.urls, replay)),
    ];
  const counted = [...confirmed, ...lost.flatMap((pair) => pair.outcomes)];
  ctx.ledger.count(counted);
  return counted.flatMap((o) => o.judgement.violations);
}

/**
 * Each filter a request adds, walked complete alone (beside the request's other parameters): a task
 * that the combination leaves out is reported under the filter that leaves it out alone. None where a
 * walk does not end.
 */
async function eachAlone(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
  added: ReadonlySet<string>,
): Promise<Map<string, JsonObject[]> | undefined> {
  const alone = new Map<string, JsonObject[]>();
  for (const param of added) {
    const only = query.filter(([p]) => p === param || !added.has(p));
    const read = await walk(ctx, op, session, only, { maxPages: MAX_PAGES, record: 'none' });
    if (!read.walk.complete) return undefined;
    alone.set(param, itemsOfWalk(op, read.walk));
  }
  return alone;
}

/** The URL of a case's first request, as the transport sends it. */
function requestUrl(ctx: RunContext, op: ListOperation, query: Query): string {
  const url = ctx.transport.url(op, sessionsOf(ctx, op)[0]);
  for (const [k, v] of query) url.searchParams.append(k, v);
  return url.toString();
}
