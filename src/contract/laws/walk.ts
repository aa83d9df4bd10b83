/** Laws over one walk of the pages of a query: no duplicates, order across pages, an end. */
import { idOf, type ListOperation } from '../operations.js';
import { isObject } from '../rules/types.js';
import { pageItems, violationOf } from './common.js';
import { defineLaw, having } from './define.js';

/** Empty pages that keep offering cursors at the page cap: the walk shows no sign of an end. */
const ENDLESS_EMPTY_PAGES = 5;

/** An operation that pages (its paging says where the documents describe it). */
const paged = (
  op: ListOperation,
): op is ListOperation & { paging: Exclude<ListOperation['paging'], { kind: 'none' }> } => op.paging.kind !== 'none';

const hasOrder = having('order', 'createdAt');

export const orderNewestFirst = defineLaw({
  id: 'order-newest-first',
  appliesTo: hasOrder,
  statement: 'Items come newest first by creation time, within and across pages.',
  source: (op) => op.order.source,
  unexercised: 'no walk listed two items',
  check: {
    walk({ walk }, { op, law }) {
      const violations = [];
      let judged = 0;
      let previous: number | undefined;
      for (const [pageIndex, page] of walk.pages.entries()) {
        for (const [index, item] of (pageItems(op, page) ?? []).entries()) {
          if (!isObject(item)) continue;
          const created = op.createdAt(item);
          if (!Number.isFinite(created)) continue;
          if (previous !== undefined) {
            judged++;
            if (created > previous)
              violations.push(
                violationOf(
                  law,
                  `${op.itemsPointer}/${index}`,
                  `item ${idOf(op, item)} (created ${String(item.created_at)}) ` +
                    `comes after an older item on page ${pageIndex + 1}; the list is newest first`,
                  item.created_at,
                ),
              );
          }
          previous = created;
        }
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
              violationOf(
                law,
                `${op.itemsPointer}/${index}`,
                `item ${id} appears on page ${first + 1} and again on page ${pageIndex + 1}`,
                id,
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
export const pagingTerminates = defineLaw({
  id: 'paging-terminates',
  appliesTo: paged,
  statement:
    'Paging ends: no cursor comes back twice in one walk, and a walk does not go on with empty pages for ever.',
  source: (op) => op.paging.source,
  unexercised: 'no walk followed a cursor',
  check: {
    walk({ walk }, { op, law }) {
      const offered = walk.cursors.filter((c): c is string => c !== undefined);
      if (offered.length === 0) return { judged: 0, violations: [] };
      const violations = [];
      const seen = new Set<string>();
      for (const cursor of offered) {
        if (seen.has(cursor))
          violations.push(violationOf(law, '', `cursor ${cursor} was offered twice in one walk: paging loops`, cursor));
        seen.add(cursor);
      }
      if (walk.capped) {
        const tail = walk.pages.slice(-ENDLESS_EMPTY_PAGES);
        if (tail.length === ENDLESS_EMPTY_PAGES && tail.every((page) => (pageItems(op, page) ?? []).length === 0))
          violations.push(
            violationOf(
              law,
              '',
              `after ${walk.pages.length} pages the walk still gets empty pages ` +
                `with a next cursor (${String(offered[offered.length - 1])}): paging does not end`,
              offered[offered.length - 1],
            ),
          );
      }
      return { judged: 1, violations };
    },
  },
});
