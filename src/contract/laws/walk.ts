/** Laws over one walk of the pages of a query: no duplicates, order across pages, an end. */
import { compareKeys, fixedOrder, type OrderKey, orderKeyOf, orderWords } from '../list-order.js';
import { fieldValue, idOf, type ListOperation } from '../operations.js';
import { isObject } from '../rules/check-helpers.js';
import type { JsonObject } from '../rules/types.js';
import type { Violation } from '../violation.js';
import { filteredWalk, NOTHING, objectItems, onPages, pageItems, violationOf } from './common.js';
import { defineLaw, having, type With } from './define.js';
import type { Exchange, Walk } from './types.js';

/**
 * The most pages one walk of a list follows. A server whose cursor never ends must not hold a
 * conformance run or a recording poll forever; 40 pages is 800 items at ark's default page size of
 * 20, more than any session's task list needs, while keeping the requests of one run bounded.
 */
export const MAX_PAGES = 40;

/**
 * Empty pages that keep offering cursors at the end of a walk that went to MAX_PAGES: the walk shows
 * no sign of an end. A walk stopped sooner was stopped on purpose (its first pages, a property case's
 * walk), and a server may leave a run of pages empty before it ends (rows it reads and does not list).
 */
const ENDLESS_EMPTY_PAGES = 5;

/** An operation that pages (its paging says where the documents describe it). */
const paged = (
  op: ListOperation,
): op is ListOperation & { paging: Exclude<ListOperation['paging'], { kind: 'none' }> } => op.paging.kind !== 'none';

const hasOrder = having('order');

/** The objects of a page with their index on the page and their place in the documented order. */
function keyed(op: With<'order'>, page: Exchange) {
  return (pageItems(op, page) ?? []).flatMap((item, index) =>
    isObject(item) ? [{ item, index, key: orderKeyOf(op, op.order, item) }] : [],
  );
}

/** The members of an object the order reads, as a violation shows them: `/created_at 1764410400000`. */
function orderedBy(op: With<'order'>, item: JsonObject): string {
  const { field, ties } = op.order;
  const shown = (at: string) => `${at} ${JSON.stringify(fieldValue(item, at)) ?? 'absent'}`;
  return ties ? `${shown(field)}, ${shown(ties.field)}` : shown(field);
}

// One page shows its own order, so the page check judges within a page (the matcher and every
// walked page); a walk adds only what no single page shows: the first item of a page against
// the last item of the page before it, reported with both pages' requests. Two items the documents
// put in no order (the same time and no tie-breaker said) are judged nothing.
export const listOrder = defineLaw({
  id: (op: With<'order'>) => `${op.lawPrefix}.order-${op.order.direction}` as const,
  appliesTo: hasOrder,
  statement: (op: With<'order'>) => `Items come ${orderWords(op.order)}, within and across pages.`,
  source: (op: With<'order'>) => op.order.source,
  unexercised: 'no answer listed two items',
  check: {
    page({ exchange }, { op, law }) {
      const items = keyed(op, exchange);
      if (items.length < 2) return NOTHING;
      const violations = items.slice(1).flatMap(({ item, index, key }, at) => {
        const previous = items[at]!;
        return compareKeys(op.order, key, previous.key) < 0
          ? [
              violationOf(
                law,
                `${op.itemsPointer}/${index}`,
                `item ${idOf(op, item)} (${orderedBy(op, item)}) comes after ` +
                  `${idOf(op, previous.item)} (${orderedBy(op, previous.item)}) on the same page; ` +
                  `the list is ${orderWords(op.order)}`,
                fieldValue(item, op.order.field),
              ),
            ]
          : [];
      });
      return { judged: items.length - 1, violations };
    },
    walk({ walk }, { op, law }) {
      const violations: Violation[] = [];
      let judged = 0;
      let last: { item: JsonObject; key: OrderKey; page: number } | undefined;
      for (const [pageIndex, page] of walk.pages.entries()) {
        const items = keyed(op, page);
        const first = items[0];
        if (first && last) {
          judged++;
          if (compareKeys(op.order, first.key, last.key) < 0)
            violations.push(
              onPages(
                violationOf(
                  law,
                  `${op.itemsPointer}/${first.index}`,
                  `item ${idOf(op, first.item)} (${orderedBy(op, first.item)}), first on page ${pageIndex + 1}, ` +
                    `comes before ${idOf(op, last.item)} (${orderedBy(op, last.item)}), ` +
                    `last on page ${last.page + 1}, in a list ${orderWords(op.order)} across pages`,
                  fieldValue(first.item, op.order.field),
                ),
                [last.page, pageIndex],
              ),
            );
        }
        const end = items[items.length - 1];
        if (end) last = { item: end.item, key: end.key, page: pageIndex };
      }
      return { judged, violations };
    },
  },
});

export const noDuplicatesAcrossPages = defineLaw({
  id: 'no-duplicates-across-pages',
  appliesTo: paged,
  statement: 'No item appears twice in one walk of the pages.',
  source: (op) => op.paging.source,
  unexercised: 'no walk had two pages',
  check: {
    walk({ walk }, { op, law }) {
      if (walk.pages.length < 2) return { judged: 0, violations: [] };
      const seen = new Map<string, number>();
      const violations = [];
      for (const [pageIndex, page] of walk.pages.entries()) {
        for (const [index, item] of (pageItems(op, page) ?? []).entries()) {
          if (!isObject(item)) continue;
          const id = idOf(op, item);
          const first = seen.get(id);
          if (first !== undefined)
            violations.push(
              onPages(
                violationOf(
                  law,
                  `${op.itemsPointer}/${index}`,
                  `item ${id} appears on page ${first + 1} and again on page ${pageIndex + 1}`,
                  id,
                ),
                [first, pageIndex],
              ),
            );
          else seen.set(id, pageIndex);
        }
      }
      return { judged: 1, violations };
    },
  },
});

// The documents say to keep paging while a cursor comes back and that its absence marks the
// last page; they do not say a page is full or non-empty. So a short or empty page with a
// cursor is fine; a cursor offered twice (a loop) or a run of empty pages that never ends is not.
// A filtered query may meet long runs of empty pages that do end (a server that scans `limit`
// rows a page and keeps the matching ones), and so may a list that leaves rows out (Praxis' archived
// sessions), so only a walk that filters nothing and went to MAX_PAGES is judged by its empty pages.
export const pagingTerminates = defineLaw({
  id: 'paging-terminates',
  appliesTo: paged,
  statement:
    'Paging ends: no cursor comes back twice in one walk, and a walk that filters nothing does not go on with ' +
    'empty pages for ever.',
  source: (op) => op.paging.source,
  unexercised: 'no walk followed a cursor',
  check: {
    walk({ walk }, { op, law }) {
      const offered = walk.cursors.filter((c): c is string => c !== undefined);
      if (offered.length === 0) return { judged: 0, violations: [] };
      const violations = [];
      const offeredOn = new Map<string, number>();
      for (const [page, cursor] of walk.cursors.entries()) {
        if (cursor === undefined) continue;
        const first = offeredOn.get(cursor);
        if (first !== undefined)
          violations.push(
            onPages(
              violationOf(
                law,
                '',
                `cursor ${cursor} was offered on page ${first + 1} and again on page ${page + 1}: paging loops`,
                cursor,
              ),
              [first, page],
            ),
          );
        else offeredOn.set(cursor, page);
      }
      if (walk.capped && walk.pages.length >= MAX_PAGES && !filteredWalk(op, walk)) {
        const from = walk.pages.length - ENDLESS_EMPTY_PAGES;
        const tail = walk.pages.slice(from);
        if (from >= 0 && tail.every((page) => (pageItems(op, page) ?? []).length === 0))
          violations.push(
            onPages(
              violationOf(
                law,
                '',
                `after ${walk.pages.length} pages the walk still gets empty pages ` +
                  `with a next cursor (${String(offered[offered.length - 1])}): paging does not end`,
                offered[offered.length - 1],
              ),
              tail.map((_, i) => from + i),
            ),
          );
      }
      return { judged: 1, violations };
    },
  },
});

const pagedWithLimit = (
  op: ListOperation,
): op is With<'limit'> & { paging: Exclude<ListOperation['paging'], { kind: 'none' }> } =>
  paged(op) && op.limit !== undefined;

/**
 * Which items of the other walk a walk must list: all of them where it reached the end; where it
 * stopped at its page cap (the first pages of a list, a `capped` walk), those the documented order
 * puts strictly before its last item, and only where both walks list their items in that order, each
 * place known, and the order is by a time that never changes (else none: the order law judges what is
 * out of order, equal times fall either way, and an item whose time moved between the walks moved too).
 */
function owedBy(op: ListOperation, walk: Walk, other: Walk): (item: JsonObject) => boolean {
  if (!walk.capped) return () => true;
  const order = fixedOrder(op);
  if (!order) return () => false;
  const keys = (w: Walk) => w.pages.flatMap((page) => objectItems(op, page).map((item) => orderKeyOf(op, order, item)));
  const inOrder = (list: OrderKey[]) =>
    list.every((key, i) => Number.isFinite(key.time) && (i === 0 || compareKeys(order, key, list[i - 1]!) >= 0));
  const own = keys(walk);
  const last = own.at(-1);
  if (last === undefined || !inOrder(own) || !inOrder(keys(other))) return () => false;
  return (item) => compareKeys(order, orderKeyOf(op, order, item), last) < 0;
}

// Whatever the order, a list walked to its end holds the same items at any page size: an item
// one complete walk lists and the other does not was skipped by the other (the runner reports
// only what fresh walks repeat, since tasks come and go between walks). A walk stopped after its
// first pages owes the items its order puts before its last (owedBy).
export const pagingSkipsNothing = defineLaw({
  id: 'paging-skips-nothing',
  appliesTo: pagedWithLimit,
  statement: (op) =>
    `A walk to the last page skips nothing: walked at two page sizes (${op.limit.param}), a list gives the same ` +
    (fixedOrder(op) ? 'items; its first pages give every item its order puts before their last.' : 'items.'),
  source: (op) => op.paging.source,
  unexercised: 'no list of two items or more was walked to its end at two page sizes',
  check: {
    resized({ walks, sizes }, { op, law }) {
      const [a, b] = walks;
      if (a.pages.length === 0 || b.pages.length === 0) return NOTHING;
      const violations: Violation[] = [];
      const offsets = [0, a.pages.length];
      const pageItemsOf = walks.map((w) => w.pages.map((page) => objectItems(op, page)));
      for (const [x, y] of [
        [0, 1],
        [1, 0],
      ] as const) {
        const other = new Set(pageItemsOf[y]!.flat().map((item) => idOf(op, item)));
        const owed = owedBy(op, walks[y], walks[x]);
        const count = walks[y].pages.length;
        const where = walks[y].capped
          ? `the first ${count} pages of the walk with ${sizes[y]} (stopped there), though the documented order ` +
            `(${orderWords(op.order!)}) puts it before their last item`
          : `the ${count} pages of the walk to the end with ${sizes[y]}`;
        for (const [page, items] of pageItemsOf[x]!.entries())
          for (const id of items
            .filter((item) => owed(item))
            .map((item) => idOf(op, item))
            .filter((i) => !other.has(i)))
            violations.push(
              onPages(
                violationOf(
                  law,
                  '',
                  `item ${id} is on page ${page + 1} of the walk with ${sizes[x]}, but on none of ${where}: ` +
                    'that walk skipped it',
                  id,
                ),
                [offsets[x]! + page, ...walks[y].pages.map((_, i) => offsets[y]! + i)],
              ),
            );
      }
      return { judged: 1, violations };
    },
  },
});
