/**
 * Parameters in combination, by design: every documented parameter of an operation meets every
 * other at least pairwise (a covering array over the limit's values and each filter's values,
 * multi-value filters included, "not sent" a value of each), each value of each filter is also
 * sent alone (and again over two pages where it matches two items), and each combination is walked
 * with the cursor the API offers to its last page (where that takes MAX_PAGES pages or fewer); every
 * limit up to 25 is also sent alone. A filter
 * honoured on the first page but lost once a cursor is sent, honoured only beside another
 * parameter, or a limit broken for one value alone or for a large one beside a filter, shows on
 * one of these: every page is judged by the page laws, every walk by the walk laws, and a filtered
 * walk beside the baseline.
 */
import fc from 'fast-check';
import { filterValues, sentAsValid } from '../../contract/filter-values.js';
import { addedFilters } from '../../contract/laws/index.js';
import { type FilterParam, type ListOperation, matchesFilter } from '../../contract/operations.js';
import { CASE_LIMIT } from '../../generators/requests.js';
import { MAX_PAGES, type Query } from '../../http/paging.js';
import type { Case } from '../cases.js';
import { baselineKey, fixedQuery, pastDocumentedLimit, type RunContext, sessionsOf } from '../context.js';
import { aloneRows, coveringRows, type Factor, pairsOf, type Row } from '../pairwise.js';
import type { Known } from '../transport.js';
import { startsMidList, walkInParts } from '../walk-parts.js';
import { walk } from '../walker.js';
import { compareWithBaseline } from './properties.js';

/** How many single values and how many value sets of a filter the combinations send. */
const SINGLE_VALUES = 12;
const VALUE_SETS = 2;
/**
 * Large limits sent beside every filter value where no document bounds the limit from above: they
 * stand for "the largest" (a server may refuse them: noted, not judged). A documented maximum is
 * sent instead, and nothing above it.
 */
const LARGE_LIMITS = [100, 1000];
/**
 * How far a combination is walked whose list would take more than MAX_PAGES pages at its limit (a
 * long list one item a page), or more than this many where it cannot be asked in parts (a token
 * bound to its query): the page-size probes walk small pages to the end, once.
 */
const LONG_COMBINATION_PAGES = 12;
/** A filter value no listed object holds. */
const UNMATCHED = 'zz_unmatched';

/**
 * The combinations' walks, the longest first (the order their findings are committed, and so reported, in), and
 * the limit sweep's requests.
 */
export function combinationCases(ctx: RunContext): { walks: Case<void>[]; sweeps: Case<void>[] } {
  const walks: { pages: number; cases: Case<void>[] }[] = [];
  const sweeps: Case<void>[] = [];
  for (const op of ctx.ops) {
    const session = sessionsOf(ctx, op)[0];
    if (op.session.in === 'path' && session === undefined) continue;
    const fixed = fixedQuery(ctx, op);
    const baseline = ctx.baselines.get(baselineKey(op, session));
    sweeps.push(...limitSweep(op, session, fixed));
    const factors = factorsOf(ctx, op, fixed, baseline?.length ?? 0);
    if (factors.length === 0) continue;
    const filters = factors.filter((f) => f.name !== op.limit?.param);
    // The baseline's items a row's filters match; undefined where the baseline could not walk the list whole.
    const matchedBy = (row: Row<string>) =>
      baseline?.filter((item) =>
        op.filters.every((f) => row[f.param] === undefined || matchesFilter(f, item, row[f.param]!, op.readTime)),
      ).length;
    const alone = aloneRows(factors, filters);
    const paged = alone.flatMap((row) => acrossPages(op, factors, row, matchedBy(row)));
    const rows = coveringRows(factors, [...alone, ...paged]);
    for (const row of rows) {
      const query: Query = [...fixed];
      for (const [param, value] of Object.entries(row)) if (value !== undefined) query.push([param, value]);
      const limit = op.limit ? Number(row[op.limit.param] ?? op.limit.default ?? CASE_LIMIT) : Number.POSITIVE_INFINITY;
      // The pages the baseline's items that the row's filters match take at its limit (and an empty last
      // one); a list the baseline could not walk whole is taken to be long.
      const matched = matchedBy(row);
      const pages = matched === undefined ? Number.POSITIVE_INFINITY : Math.ceil(matched / Math.max(1, limit)) + 1;
      // A long walk that cannot be asked in parts would hold up its shard: its first pages are judged, and
      // the filters it adds are compared with the baseline by the walks of the other rows, which end.
      const toTheEnd =
        pages <= LONG_COMBINATION_PAGES || startsMidList(ctx, op, session, { query, maxPages: MAX_PAGES });
      const maxPages = pages <= MAX_PAGES && toTheEnd ? MAX_PAGES : LONG_COMBINATION_PAGES;
      const cases = walkInParts(ctx, op, session, [{ query, maxPages }], {
        cost: Math.min(pages, maxPages),
        run: (scope, known) => walkCombination(scope, op, session, query, fixed, maxPages, known),
      });
      walks.push({ pages: Math.min(pages, maxPages), cases });
    }
    const pairs = pairsOf(rows, (v) => v ?? '(absent)').size;
    ctx.observations.combinations(op, { parameters: factors.map((f) => f.name), rows: rows.length, pairs });
  }
  // The order is fixed by the data, so it is the same at any concurrency.
  walks.sort((a, b) => b.pages - a.pages);
  return { walks: walks.flatMap((w) => w.cases), sweeps };
}

/**
 * A filter value sent alone, once more, at the largest limit the combinations send that takes the items
 * it matches over two pages or more: a filter the server honours on the first page and drops once the
 * cursor is sent shows whatever the other filters' values are. None where the API does not page, the
 * baseline could not walk the list whole, the value matches fewer than two items, or they take more than
 * a page at the documented default already (without one, a server may give them all in one page).
 */
function acrossPages(
  op: ListOperation,
  factors: readonly Factor<string>[],
  row: Row<string>,
  matched?: number,
): Row<string>[] {
  const limitFactor = op.limit && factors.find((f) => f.name === op.limit!.param);
  if (!limitFactor || op.paging.kind === 'none' || matched === undefined || matched < 2) return [];
  const byDefault = op.limit!.default;
  if (byDefault !== undefined && matched > byDefault) return [];
  const below = limitFactor.levels.filter((level) => level !== undefined && Number(level) < matched);
  const largest = below.sort((a, b) => Number(b) - Number(a))[0];
  return largest === undefined ? [] : [{ ...row, [limitFactor.name]: largest }];
}

/**
 * Every limit from the lowest valid one to the largest the request cases send as valid (past
 * the default where one is documented), first page only: a server wrong for one value alone (7
 * gives 8) shows, whatever the seed. The page laws judge each; larger values are the covering
 * array's (twice the default, around the list's length, one inside every gap).
 */
function limitSweep(op: ListOperation, session: string | undefined, fixed: Query): Case<void>[] {
  if (!op.limit) return [];
  const param = op.limit.param;
  const lowest = Math.max(1, op.limit.minimum ?? 1);
  const top = sweepTop(op);
  return Array.from({ length: top - lowest + 1 }, (_, i) => ({
    run: async (scope: RunContext) => {
      await walk(scope, op, session, [...fixed, [param, String(lowest + i)]], { maxPages: 1, kind: 'edge' });
    },
  }));
}

/** The largest limit the sweep sends: the largest the request cases send as valid, or the default when larger. */
const sweepTop = (op: ListOperation) => Math.max(op.limit?.default ?? 0, CASE_LIMIT);

/** The parameters of an operation and the values each is sent with, `undefined` (not sent) included. */
function factorsOf(ctx: RunContext, op: ListOperation, fixed: Query, length: number): Factor<string>[] {
  const factors: Factor<string>[] = [];
  if (op.limit) factors.push({ name: op.limit.param, levels: [undefined, ...limitLevels(ctx.seed, op, length)] });
  for (const filter of op.filters) {
    if (fixed.some(([k]) => k === filter.param)) continue;
    const values = filterLevels(ctx, op, filter);
    if (values.length > 0) factors.push({ name: filter.param, levels: [undefined, ...values] });
  }
  return factors;
}

/**
 * The limit at 1, 2, 3, around the documented default, at twice the default, around the list's
 * length and at the documented maximum or else the large limits (nothing past a documented
 * maximum), and at one value drawn from the seed inside every gap between those points above the sweep (below
 * it every value is sent alone): an off-by-one that holds only between the usual probe points
 * shows, whatever the seed.
 */
function limitLevels(seed: number, op: ListOperation, length: number): string[] {
  if (!op.limit) return [];
  const lowest = Math.max(1, op.limit.minimum ?? 1);
  const d = op.limit.default;
  const points = [
    ...[1, 2, 3, ...(d !== undefined ? [d - 1, d, d + 1, 2 * d] : []), length - 1, length, length + 1],
    ...(op.limit.maximum !== undefined ? [op.limit.maximum] : LARGE_LIMITS),
  ];
  const highest = op.limit.maximum ?? Number.POSITIVE_INFINITY;
  const sorted = [...new Set(points)].filter((n) => n >= lowest && n <= highest).sort((a, b) => a - b);
  // Below the sweep's top every value is sent on its own already; above it, one per gap.
  const swept = sweepTop(op);
  const between = sorted.slice(1).flatMap((high, i) => {
    const low = Math.max(sorted[i]!, swept);
    if (high - low < 2) return [];
    return fc.sample(fc.integer({ min: low + 1, max: high - 1 }), { seed: seed + high, numRuns: 1 });
  });
  return [...sorted, ...between].sort((a, b) => a - b).map(String);
}

/** Values a filter is sent with: values the baseline listed and documented ones, alone and together. */
function filterLevels(ctx: RunContext, op: ListOperation, filter: FilterParam): string[] {
  const documented = filterValues(op, filter);
  const known = [...new Set([...(ctx.pools[filter.param] ?? []), ...documented])].filter((v) =>
    sentAsValid(op, filter, v),
  );
  // An open value no object holds matches nothing: a filter ignored on a list of one value shows
  // only so. It is a listed value cut short by its last character, so that a filter matching the
  // beginning of a value (thread-1 for thread-17) shows too. (A value outside a documented enum may
  // be refused instead, so none is sent there.) Cut by code point: an astral last character leaves
  // no lone surrogate.
  const first = [...(known[0] ?? '')];
  const cut = first.length > 1 ? first.slice(0, -1).join('') : UNMATCHED;
  // A time filter is sent times alone: a cut one is no time, which a server refuses.
  const open = documented.length === 0 && filter.compare === undefined;
  const singles = [...known.slice(0, SINGLE_VALUES), ...(open ? [cut] : [])];
  if (!filter.commaSeparated || known.length < 2) return singles;
  const sets = [known.slice(0, 2), known.slice(-3)].filter((set) => set.length >= 2).slice(0, VALUE_SETS);
  return [...new Set([...singles, ...sets.map((set) => set.join(','))])];
}

async function walkCombination(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
  fixed: Query,
  maxPages: number,
  known: Known,
): Promise<void> {
  const limit = query.find(([k]) => k === op.limit?.param)?.[1];
  const filters = query.filter(([k]) => k !== op.limit?.param && !fixed.some(([f]) => f === k));
  // A page size no document makes the server accept is an edge: a refusal of it is noted, not judged (walker.ts).
  const kind = pastDocumentedLimit(ctx, op, session, query) ? 'edge' : undefined;
  const { walk: result } = await walk(ctx, op, session, query, { maxPages, known, ...(kind ? { kind } : {}) });
  if (result.complete) ctx.observations.combinationWalked(op, filters, limit === undefined ? undefined : Number(limit));
  const key = baselineKey(op, session);
  if (result.complete && ctx.baselines.has(key) && addedFilters(op, query, fixed).length > 0)
    await compareWithBaseline(ctx, op, session, query, fixed, result, key, true);
}
