/** Laws over one walk of the pages of a query: no duplicates, order across pages, an end. */
import { type ListOperation, idOf } from '../operations.js';
import { isObject } from '../rules/types.js';
import { makeLaw, pageItems, violationOf } from './common.js';
import type { Law } from './types.js';

/** Empty pages that keep offering cursors at the page cap: the walk shows no sign of an end. */
const ENDLESS_EMPTY_PAGES = 5;

export function walkLaws(op: ListOperation): Law[] {
  const laws: Law[] = [];
  if (op.order && op.createdAt) {
    const createdAt = op.createdAt;
    const order = makeLaw(
      op,
      'order-newest-first',
      'Items come newest first by creation time, within and across pages.',
      op.order.source,
      'no walk listed two items',
      {},
    );
    order.checks.walk = ({ walk }) => {
      const violations = [];
      let judged = 0;
      let previous: number | undefined;
      for (const [pageIndex, page] of walk.pages.entries()) {
        for (const [index, item] of (pageItems(op, page) ?? []).entries()) {
          if (!isObject(item)) continue;
          const created = createdAt(item);
          if (!Number.isFinite(created)) continue;
          if (previous !== undefined) {
            judged++;
            if (created > previous)
              violations.push(
                violationOf(
                  order,
                  `${op.itemsPointer}/${index}`,
                  `item ${idOf(op, item)} (created ${String(item.created_at)}) comes after an older item on page ${pageIndex + 1}; the list is newest first`,
                  item.created_at,
                ),
              );
          }
          previous = created;
        }
      }
      return { judged, violations };
    };
    laws.push(order);
  }
  if (op.paging.kind === 'none') return laws;

  const duplicates = makeLaw(
    op,
    'no-duplicates-across-pages',
    'No item appears twice in one walk of the pages.',
    op.paging.source,
    'no walk had two pages',
    {},
  );
  duplicates.checks.walk = ({ walk }) => {
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
              duplicates,
              `${op.itemsPointer}/${index}`,
              `item ${id} appears on page ${first + 1} and again on page ${pageIndex + 1}`,
              id,
            ),
          );
        else seen.set(id, pageIndex);
      }
    }
    return { judged: 1, violations };
  };
  laws.push(duplicates);

  // The documents say to keep paging while a cursor comes back and that its absence marks the
  // last page; they do not say a page is full or non-empty. So a short or empty page with a
  // cursor is fine; a cursor offered twice (a loop) or a run of empty pages that never ends is not.
  const terminates = makeLaw(
    op,
    'paging-terminates',
    'Paging ends: no cursor comes back twice in one walk, and a walk does not go on with empty pages for ever.',
    op.paging.source,
    'no walk followed a cursor',
    {},
  );
  terminates.checks.walk = ({ walk }) => {
    const offered = walk.cursors.filter((c): c is string => c !== undefined);
    if (offered.length === 0) return { judged: 0, violations: [] };
    const violations = [];
    const seen = new Set<string>();
    for (const cursor of offered) {
      if (seen.has(cursor))
        violations.push(
          violationOf(terminates, '', `cursor ${cursor} was offered twice in one walk: paging loops`, cursor),
        );
      seen.add(cursor);
    }
    if (walk.capped) {
      const tail = walk.pages.slice(-ENDLESS_EMPTY_PAGES);
      if (tail.length === ENDLESS_EMPTY_PAGES && tail.every((page) => (pageItems(op, page) ?? []).length === 0))
        violations.push(
          violationOf(
            terminates,
            '',
            `after ${walk.pages.length} pages the walk still gets empty pages with a next cursor (${String(offered[offered.length - 1])}): paging does not end`,
            offered[offered.length - 1],
          ),
        );
    }
    return { judged: 1, violations };
  };
  laws.push(terminates);
  return laws;
}
