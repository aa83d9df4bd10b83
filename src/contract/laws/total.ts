/**
 * The total an answer carries (A2A's `totalSize`, "Total number of tasks available (before pagination)"),
 * judged against the walk it belongs to. What "available" takes in is read two ways: the tasks matching the
 * request's filters (what the SDKs count), or every task the client may see. Both put the total at no fewer
 * than a walk to the end lists, and, on a list no filter narrows, at exactly the tasks it holds; only that is
 * judged. A walk of several pages is read at several moments and may skip a task (a paging fault, reported by
 * its own law), so there only a total below what it listed shows the total wrong. A task listed twice counts
 * once, and one that does not match the filters asked not at all: those are the paging's and the filter's faults.
 */
import { idOf, matchesFilter, pagingParamsOf } from '../operations.js';
import { isObject } from '../rules/check-helpers.js';
import type { JsonObject } from '../rules/types.js';
import { filteredWalk, NOTHING, objectItems, onPages, queryValue, violationOf } from './common.js';
import { defineLaw, having, type With } from './define.js';

const hasTotal = having('total');

export const totalCountsTheList = defineLaw({
  id: 'total-counts-the-list',
  appliesTo: hasTotal,
  statement: (op: With<'total'>) =>
    `${op.total.responseField} counts the tasks available before pagination: never fewer than a walk to the end ` +
    'lists that match its filters, and on a list of one page that no filter narrows, exactly the tasks it lists.',
  source: (op: With<'total'>) => op.total.source,
  unexercised: 'no walk reached its end',
  check: {
    walk({ walk }, { op, law }) {
      const { pages } = walk;
      if (walk.capped || pages.length === 0 || walk.cursors.at(-1) !== undefined) return NOTHING;
      const field = op.total.responseField;
      // A task listed twice is one task, and one outside the filters asked is the filter's fault, not the total's.
      const asked = op.filters.flatMap((filter) => {
        const value = queryValue(pages[0]!.query, filter.param);
        return value === undefined ? [] : [{ filter, value }];
      });
      const counted = (item: JsonObject) =>
        asked.every(({ filter, value }) => matchesFilter(filter, item, value, op.readTime));
      const listed = new Set(
        pages.flatMap((page) =>
          objectItems(op, page)
            .filter(counted)
            .map((i) => idOf(op, i)),
        ),
      ).size;
      // The whole list: one page, asked from the start (no cursor), that no filter narrows.
      const paging = pagingParamsOf([op]);
      const fromStart = !pages[0]!.query.some(([name]) => paging.includes(name));
      const whole = pages.length === 1 && fromStart && !filteredWalk(op, walk);
      let judged = 0;
      const found = (message: string, total: number, shown: readonly number[]) => ({
        judged: 1,
        violations: [onPages(violationOf(law, `/${field}`, `${field} is ${total}${message}`, total), shown)],
      });
      for (const [index, page] of pages.entries()) {
        const total = isObject(page.body) ? page.body[field] : undefined;
        if (typeof total !== 'number') continue;
        judged = 1;
        if (total < listed)
          return found(
            ` on page ${index + 1}, but the walk to the end lists ${listed} tasks: a total of the tasks available ` +
              'is never fewer than a walk lists',
            total,
            pages.map((_, i) => i),
          );
        if (whole && total !== listed)
          return found(
            `, but this answer, the whole list with no filter, lists ${listed} tasks: before pagination, every ` +
              'task available is on it',
            total,
            [0],
          );
      }
      return { judged, violations: [] };
    },
  },
});
