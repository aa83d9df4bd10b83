/**
 * One list walked to its end at page sizes beside the default: about a third of the list (so the
 * walk has a few pages), and past the list's length (one page would hold it all, even grown a
 * little: a server that caps the page below that must offer a next cursor, or what it leaves out
 * is lost). Whatever the order, each must give the items of the default walk; what one lists and
 * the other does not is reported once fresh walks repeat it, with the requests of both walks' pages
 * that show it. The default walk and the third are also two whole reads of the list, judged as such
 * (an object keeps its id). Where items next to each other hold one time (two tasks created in one
 * second), the list is also walked at a size whose pages end between two of them: paging that keys
 * its cursor on a time alone skips the rest of them there. And, as cases of their own (the longest
 * walk, asked in parts where it can be: walk-parts.ts, else as `sievedWalks`), it is walked at the page
 * size that puts a cursor at every position (`positionSizes`): paging that loses an item at one
 * position alone, or at each cursor.
 */

import type { LawJudgement } from '../../contract/laws/index.js';
import { compareKeys, fixedOrder, orderKeyOf } from '../../contract/list-order.js';
import { fieldValue, idOf, itemsOf, type ListOperation } from '../../contract/operations.js';
import { canonicalJson, isObject } from '../../contract/rules/check-helpers.js';
import type { JsonObject } from '../../contract/rules/types.js';
import type { Violation } from '../../contract/violation.js';
import { MAX_PAGES, nextCursor, type Query } from '../../http/paging.js';
import type { Case } from '../cases.js';
import { baselineKey, CASE_MAX_PAGES, fixedQuery, type RunContext, walkCost } from '../context.js';
import type { Known } from '../transport.js';
import { startsMidList, walkInParts } from '../walk-parts.js';
import { itemsOfWalk, type WalkOptions, type WalkResult, walk } from '../walker.js';
import { judgeReread } from './over-time.js';

/** How far past the list's length the long-limit walks ask. */
export const PAST_THE_END = 25;

export async function pageSizesProbe(ctx: RunContext, op: ListOperation, session: string | undefined): Promise<void> {
  if (op.paging.kind === 'none' || !op.limit) return;
  const fixed = fixedQuery(ctx, op);
  const whole = await walk(ctx, op, session, fixed, { maxPages: MAX_PAGES });
  const wholeAt = performance.now();
  const items = itemsOfWalk(op, whole.walk);
  const length = items.length;
  if (!whole.walk.complete || length < 2) return;
  const firstPage = itemsOfWalk(op, { ...whole.walk, pages: whole.walk.pages.slice(0, 1) }).length;
  let third = Math.ceil(length / 3);
  if (third === firstPage) third++;
  // A size no document makes the server accept may be refused: noted, not judged (pastDocumentedLimit).
  const resized = (size: number) => resizedWalk(ctx, op, session, fixed, whole.walk, size);
  const small = await resized(third);
  const sized = [small];
  // Two whole reads of one list, whatever their page sizes: an object keeps its id between them.
  if (small) judgeReread(ctx, op, { walk: whole.walk, at: wholeAt }, { walk: small, at: performance.now() });
  // A page past the list's length, where the default walk took more than one page (its refusal, past
  // what the documents make the server accept, is noted, not judged).
  if (firstPage < length) sized.push(await resized(length + PAST_THE_END));
  // The positions case walks these (the smallest sizes): they need no walk here.
  const walked = [firstPage, third, ...positionSizes(length)];
  const split = tieSplit(op, items, walked);
  if (split !== undefined && split.pages <= SMALL_WALK_PAGES) sized.push(await resized(split.at));
  // An item id is a cursor whatever the page size: one page ending there, then the rest in one.
  else if (split !== undefined && op.paging.kind === 'item-id')
    sized.push(
      await judgeResized(ctx, op, session, fixed, whole.walk, {
        label: `${op.limit.param}=${split.at}, then ${op.limit.param}=${length + PAST_THE_END}`,
        walk: (record) => splitWalk(ctx, op, session, fixed, split.at, length + PAST_THE_END, record),
      }),
    );
  noteCursors(ctx, op, whole.walk, sized);
}

/**
 * Lists up to this many items are walked one item a page (a cursor after every item: one request
 * an item); a longer one at the smallest size that keeps its walk within this many pages.
 */
const POSITIONS_MAX = 100;

/**
 * The page sizes whose walks between them ask for the next page after every item of a list of
 * `length`. Position p ends a page of size s only where s divides p, so a prime position does only
 * at size p or 1: no few sizes but 1 reach every position, and a walk at size 1 costs as few
 * requests as any set that does (one a position). Above POSITIONS_MAX items, every k-th position
 * (k = length / POSITIONS_MAX, rounded up): the requests stay at POSITIONS_MAX or so whatever the length.
 */
const positionSizes = (length: number): number[] => [Math.max(1, Math.ceil(length / POSITIONS_MAX))];

/** One walk of the positions: `size` items a page, to the end of the list, or through its first `pages` only. */
interface PositionsWalk {
  size: number;
  pages?: number;
}

/**
 * The walks that between them ask for the next page after every position (in `unit`s of
 * `positionSizes`) of a list of `positions` such units, where no walk can start mid-list (a token bound
 * to its query): one unit a page, that walk is one request after another per position. Instead, its
 * first √positions pages alone, which owe the items the documented order puts before their last
 * (paging-skips-nothing); then, for each later position no walk so far ends a page at, a walk to the
 * end at that position's size, which ends a page at each multiple of it and takes at most √positions
 * pages. The longest of them is about √positions requests in a row (6, not 36, for 36 positions); they
 * send a few more requests in all, at once.
 */
function sievedWalks(positions: number, unit: number): PositionsWalk[] {
  const cut = Math.ceil(Math.sqrt(positions));
  const walks: PositionsWalk[] = [{ size: unit, pages: cut }];
  const ends = new Set<number>();
  for (let position = cut; position < positions; position++) {
    if (ends.has(position)) continue;
    walks.push({ size: position * unit });
    for (let end = position; end < positions; end += position) ends.add(end);
  }
  return walks;
}

/** The requests a walk of the positions sends one after another. */
const walkPages = (length: number, walk: PositionsWalk) => walk.pages ?? Math.ceil(length / walk.size);

/**
 * The list walked to its end at `positionSizes`, beside a default walk of its own: the longest walk
 * of a run, asked in parts that run at once where its paging lets a walk start mid-list (walk-parts.ts).
 * Where it cannot, and the documents order the list by a time that never changes (so that its first
 * pages show what they owe), the walks of `sievedWalks` instead, each a case of its own.
 */
export function positionsCases(ctx: RunContext, op: ListOperation, session: string | undefined): Case<unknown>[] {
  if (op.paging.kind === 'none' || !op.limit) return [{ cost: 1, run: async () => undefined }];
  const fixed = fixedQuery(ctx, op);
  const length = ctx.baselines.get(baselineKey(op, session))?.length ?? 0;
  const [unit = 1] = positionSizes(length);
  const atUnit: Query = [...fixed, [op.limit.param, String(unit)]];
  const positions = Math.ceil(length / unit);
  const sieve =
    positions > CASE_MAX_PAGES &&
    fixedOrder(op) !== undefined &&
    !startsMidList(ctx, op, session, { query: atUnit, maxPages: maxPagesAt(length, unit) });
  // The default walk each case makes first.
  const before = walkCost(ctx, op, session, fixed, MAX_PAGES);
  if (sieve)
    return sievedWalks(positions, unit).map((sized) => ({
      cost: before + walkPages(length, sized),
      run: (scope: RunContext) => positionsProbe(scope, op, session, new Map(), [sized]),
    }));
  const walks = [{ size: unit }];
  const cost = before + walkPages(length, walks[0]!) + 1;
  const run = (scope: RunContext, known: Known) => positionsProbe(scope, op, session, known, walks);
  const sized = walks.map((w) => ({
    query: [...fixed, [op.limit!.param, String(w.size)]] satisfies Query,
    maxPages: maxPagesAt(length, w.size),
  }));
  return walkInParts(ctx, op, session, [{ query: fixed, maxPages: MAX_PAGES }, ...sized], { cost, run });
}

async function positionsProbe(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  known: Known,
  walks: readonly PositionsWalk[],
): Promise<void> {
  if (op.paging.kind === 'none' || !op.limit) return;
  const fixed = fixedQuery(ctx, op);
  const whole = await walk(ctx, op, session, fixed, { maxPages: MAX_PAGES, known });
  const length = itemsOfWalk(op, whole.walk).length;
  if (!whole.walk.complete || length < 2) return;
  const sized: (WalkResult | undefined)[] = [];
  for (const { size, pages } of walks)
    sized.push(await resizedWalk(ctx, op, session, fixed, whole.walk, size, known, pages));
  noteCursors(ctx, op, whole.walk, sized);
}

/**
 * Coverage: the positions of the default walk (1 to its length − 1: after which item) where one of
 * the walks, the default one included, asked for the next page: a complete walk, or the first pages
 * of one that stopped there.
 */
function noteCursors(
  ctx: RunContext,
  op: ListOperation,
  whole: WalkResult,
  walks: readonly (WalkResult | undefined)[],
): void {
  const order = itemsOfWalk(op, whole).map((item) => idOf(op, item));
  const positionOf = new Map(order.map((id, i) => [id, i + 1]));
  const used = new Set<number>();
  for (const walked of [whole, ...walks]) {
    // A walk that stopped at its page cap followed the cursors of every page but its last too.
    if (!walked?.complete && !walked?.capped) continue;
    // Every page but the last was followed by a request with its cursor.
    for (const page of walked.pages.slice(0, -1)) {
      const last = (itemsOf(op, page.body) ?? []).filter(isObject).at(-1);
      const position = last === undefined ? undefined : positionOf.get(idOf(op, last));
      if (position !== undefined && position < order.length) used.add(position);
    }
  }
  ctx.observations.cursors(op, order.length, [...used]);
}

/** At most this many pages in the walk whose pages end between items of one time. */
const SMALL_WALK_PAGES = 12;

/**
 * The requests the probe sends one after another, as far as the baseline tells: the default walk, a
 * third of the list a page and one page past its length (cases.ts).
 */
export function pageSizesCost(ctx: RunContext, op: ListOperation, session: string | undefined): number {
  if (op.paging.kind === 'none' || !op.limit) return 1;
  return walkCost(ctx, op, session, fixedQuery(ctx, op), MAX_PAGES) + 3 + 1;
}

/**
 * Where a page should end to fall between two neighbours that hold the same value of a time field
 * (two tasks created in one second), and how many pages a walk at that page size takes: the
 * smallest size within `SMALL_WALK_PAGES` pages, else the first such place. Undefined where there is
 * none, or where a size walked already (`walked`) ends a page at one.
 */
function tieSplit(
  op: Pick<ListOperation, 'timeFields'>,
  items: readonly JsonObject[],
  walked: readonly number[],
): { at: number; pages: number } | undefined {
  const sameTime = items.slice(1).map((item, i) =>
    op.timeFields.some((field) => {
      const before = fieldValue(items[i]!, field);
      return (
        before !== null && before !== undefined && JSON.stringify(before) === JSON.stringify(fieldValue(item, field))
      );
    }),
  );
  // sameTime[i]: items i and i + 1 hold one time; pages of `size` end between them where (i + 1) % size is 0.
  const splits = (size: number) => {
    for (let end = size; end < items.length; end += size) if (sameTime[end - 1]) return true;
    return false;
  };
  if (walked.some((size) => size > 0 && splits(size))) return undefined;
  for (let size = Math.ceil(items.length / SMALL_WALK_PAGES); size < items.length; size++)
    if (size > 0 && !walked.includes(size) && splits(size)) return { at: size, pages: Math.ceil(items.length / size) };
  const first = sameTime.indexOf(true);
  return first < 0 ? undefined : { at: first + 1, pages: Math.ceil(items.length / (first + 1)) };
}

/** A walk whose first page holds `at` items and whose next pages `rest`: complete where the second part is. */
async function splitWalk(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  fixed: Query,
  at: number,
  rest: number,
  record: 'all' | 'none',
): Promise<WalkResult | undefined> {
  const param = op.limit!.param;
  const head = (await walk(ctx, op, session, [...fixed, [param, String(at)]], { maxPages: 1, record })).walk;
  const page = head.pages[0];
  if (page === undefined) return undefined;
  const next = nextCursor(op, page, head.queries[0]!, itemsOf(op, page.body) ?? []);
  if (next === undefined) return head;
  const query: Query = [...next.query.filter(([k]) => k !== param), [param, String(rest)]];
  // The rest in one page: a size no document bounds, which the server may refuse (then nothing is judged).
  const first = await ctx.transport.send(op, session, query, undefined, record === 'none');
  const status = first.exchange?.status;
  if (status === undefined || (status !== 200 && status < 500)) return undefined;
  const tail = (await walk(ctx, op, session, query, { maxPages: MAX_PAGES, record, first })).walk;
  return {
    pages: [...head.pages, ...tail.pages],
    queries: [...head.queries, ...tail.queries],
    cursors: [...head.cursors, ...tail.cursors],
    urls: [...head.urls, ...tail.urls],
    complete: tail.complete,
    capped: tail.capped,
  };
}

/** As many pages as a walk of a list of `length` items takes `size` a page, grown by a little: to its end. */
const maxPagesAt = (length: number, size: number) => Math.max(MAX_PAGES, Math.ceil((length + PAST_THE_END) / size));

/**
 * The list walked `size` items a page, judged beside the default walk; the walk, when it reached the
 * end (or, given `pages`, its first pages: a walk that stops there, `capped` where the list goes on).
 * Its first walk takes the answers its parts were given (`known`); a fresh walk asks again.
 */
async function resizedWalk(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  fixed: Query,
  whole: WalkResult,
  size: number,
  known: Known = new Map(),
  pages?: number,
): Promise<WalkResult | undefined> {
  const resized: Query = [...fixed, [op.limit!.param, String(size)]];
  let given: Pick<WalkOptions, 'known'> | undefined = { known };
  // To the end, however small the size: as many pages as the default walk's items take, grown by a little.
  const maxPages = pages ?? maxPagesAt(itemsOfWalk(op, whole).length, size);
  return judgeResized(ctx, op, session, fixed, whole, {
    label: `${op.limit!.param}=${size}`,
    cut: pages !== undefined,
    async walk(record) {
      const options = { maxPages, record, ...given };
      given = undefined; // a fresh walk asks every page again
      return (await walk(ctx, op, session, resized, options)).walk;
    },
  });
}

/**
 * A walk of the list (`other`) judged beside the default walk `whole`: what one lists and the other
 * does not is reported once fresh walks of both repeat it; the walk, when it reached the end (or, a
 * `cut` walk, its last page: it stops at its page cap by design, and owes only its first pages).
 */
async function judgeResized(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  fixed: Query,
  whole: WalkResult,
  other: { label: string; cut?: boolean; walk: (record: 'all' | 'none') => Promise<WalkResult | undefined> },
): Promise<WalkResult | undefined> {
  const walked = (w: WalkResult | undefined): w is WalkResult =>
    w !== undefined && (w.complete || (!!other.cut && w.capped));
  const sized = await other.walk('all');
  if (!walked(sized)) return undefined;
  const sizes = [`no ${op.limit!.param}`, other.label] as const;
  const outcomes = ctx.ledger.evaluate(op, 'resized', { walks: [whole, sized], sizes });
  const urls = [...whole.urls, ...sized.urls];
  if (outcomes.every((o) => o.judgement.violations.length === 0)) {
    ctx.ledger.commit(op, outcomes, urls);
    return sized;
  }
  // Tasks come and go between walks: report only the items fresh walks at both sizes still disagree on.
  const again = (await walk(ctx, op, session, fixed, { maxPages: MAX_PAGES, record: 'none' })).walk;
  const otherAgain = await other.walk('none');
  if (!again.complete || !walked(otherAgain)) return sized;
  const fresh = ctx.ledger.evaluate(op, 'resized', { walks: [again, otherAgain], sizes });
  const confirmed = repeatedFindings(op, [whole, outcomes], [again, fresh], [sized, otherAgain], (ids, why) =>
    ctx.ledger.note(
      `${op.operationId}: ${ids.length} item(s) the walk at ${other.label} skipped ${why} ` +
        `(${ids.slice(0, 3).join(', ')}): not reported as skipped`,
    ),
  );
  ctx.ledger.commit(op, confirmed, urls);
  return sized;
}

/**
 * The findings of a pair of walks at two page sizes (the default walk, `outcomes`) that a fresh pair
 * repeats: the same item missing from the same side. An item created between the first two walks
 * and archived between the fresh ones is missing from each side once, and confirms nothing. Nor does
 * an item that changed between the walks (`others` are the other two), where its place in the list
 * may follow a change: it may have moved past a cursor mid-walk, which a walk skips by right. Nor does
 * one that comes after items that left the list while it was walked (listed by the first default walk,
 * by neither fresh one): no document promises a walk a list that holds still, and a cursor that counts
 * places skips one item for each that leaves before it.
 */
export function repeatedFindings(
  op: ListOperation,
  [whole, outcomes]: readonly [WalkResult, readonly LawJudgement[]],
  [again, fresh]: readonly [WalkResult, readonly LawJudgement[]],
  others: readonly WalkResult[],
  excused: (ids: string[], why: string) => void = () => {},
): LawJudgement[] {
  const keyIn = (first: WalkResult) => {
    const listed = new Set(itemsOfWalk(op, first).map((item) => idOf(op, item)));
    const side = (v: Violation) => (listed.has(String(v.value)) ? 'listed by the default walk' : 'listed by the other');
    return (v: Violation) => `${v.law}|${String(v.value)}|${side(v)}`;
  };
  const freshKey = keyIn(again);
  const repeated = new Set(fresh.flatMap((o) => o.judgement.violations.map(freshKey)));
  const key = keyIn(whole);
  const repeats = (v: Violation) => repeated.has(key(v));
  const skipped = new Set(outcomes.flatMap((o) => o.judgement.violations.filter(repeats).map((v) => String(v.value))));
  const moved = movedItems(op, [whole, again, ...others], skipped);
  if (moved.size > 0) excused([...moved], 'changed between the walks, in a list whose order may follow a change');
  const shifted = shiftedItems(op, whole, [again, ...others.slice(1)], skipped);
  if (shifted.size > 0) excused([...shifted], 'came after items that left the list while it was walked');
  return outcomes.map((o) => ({
    law: o.law,
    judgement: {
      judged: o.judgement.judged,
      violations: o.judgement.violations.filter(
        (v) => repeats(v) && !moved.has(String(v.value)) && !shifted.has(String(v.value)),
      ),
    },
  }));
}

/**
 * Those of `ids` that come after an item that left the list while it was walked: one the first walk
 * lists (`whole`) and none of the fresh ones (`later`). Where the documents order the list by a time
 * that never changes, after means strictly after in that order; elsewhere, anywhere.
 */
function shiftedItems(
  op: ListOperation,
  whole: WalkResult,
  later: readonly WalkResult[],
  ids: ReadonlySet<string>,
): Set<string> {
  const shifted = new Set<string>();
  if (ids.size === 0) return shifted;
  const still = new Set(later.flatMap((w) => itemsOfWalk(op, w)).map((item) => idOf(op, item)));
  const items = itemsOfWalk(op, whole);
  const left = items.filter((item) => !still.has(idOf(op, item)));
  if (left.length === 0) return shifted;
  const order = fixedOrder(op);
  for (const item of items.filter((i) => ids.has(idOf(op, i)))) {
    const key = order && orderKeyOf(op, order, item);
    const after = (gone: JsonObject) => !order || compareKeys(order, orderKeyOf(op, order, gone), key!) < 0;
    if (left.some(after)) shifted.add(idOf(op, item));
  }
  return shifted;
}

/**
 * Those of `ids` the walks show in two versions, where the list's place of an item may follow a change:
 * none where the documents order the list by a time that never changes (its place is fixed).
 */
function movedItems(op: ListOperation, walks: readonly WalkResult[], ids: ReadonlySet<string>): Set<string> {
  const moved = new Set<string>();
  if (ids.size === 0 || fixedOrder(op) !== undefined) return moved;
  const versions = new Map<string, string>();
  for (const item of walks.flatMap((w) => itemsOfWalk(op, w))) {
    const id = idOf(op, item);
    if (!ids.has(id)) continue;
    const text = canonicalJson(item);
    const seen = versions.get(id);
    if (seen === undefined) versions.set(id, text);
    else if (seen !== text) moved.add(id);
  }
  return moved;
}
