/**
 * Filter laws: every item of a filtered page matches every filter of the request, and a
 * complete filtered walk is exactly the matching part of a complete walk with fewer filters
 * (nothing foreign, nothing left out).
 */
import { type FilterParam, fieldValue, idOf, type ListOperation, matchesFilter } from '../operations.js';
import type { JsonObject } from '../rules/types.js';
import { lawId, NOTHING, objectItems, queryValue, violationOf } from './common.js';
import { defineLaw, everyOperation } from './define.js';
import type { Judgement, LawRef, Subjects } from './types.js';

type Comparison = Subjects['comparison'];

/** `FIELD VALUE` (the value as JSON): how a violation shows the value an item has for a filter. */
const withValue = (item: JsonObject, field: string) => `${field} ${JSON.stringify(fieldValue(item, field))}`;

/** The filters the filtered query adds to the baseline's (the baseline already applies the rest). */
export function addedFilters(
  op: ListOperation,
  query: Comparison['query'],
  baselineQuery: Comparison['baselineQuery'],
): FilterParam[] {
  return op.filters.filter((f) => {
    const value = queryValue(query, f.param);
    return value !== undefined && queryValue(baselineQuery, f.param) !== value;
  });
}

export const filterLaws = defineLaw({
  id: (op, filter: FilterParam) => lawId(op, `filter-${filter.param}`),
  appliesTo: everyOperation,
  each: (op) => op.filters,
  statement: (_op, filter) =>
    `Every item matches ${filter.param}${filter.commaSeparated ? ' (comma-separated values match any)' : ''} ` +
    'and every other filter of the request; a complete filtered walk is the part of the unfiltered walk ' +
    'that matches them all, nothing more, nothing less.',
  source: (_op, filter) => filter.source,
  unexercised: (_op, filter) =>
    `no request with ${filter.param} listed an item, ` +
    `and no complete ${filter.param}-filtered walk could be compared with an unfiltered one`,
  check: {
    page: (s, { op, law, member: filter }) => filterPage(op, law, filter, s),
    comparison: (s, { op, law, member: filter }) => compare(op, law, filter, s),
  },
});

/** Every item of a page matches the filter. */
function filterPage(op: ListOperation, law: LawRef, filter: FilterParam, s: Subjects['page']): Judgement {
  const value = queryValue(s.exchange.query, filter.param);
  if (value === undefined) return NOTHING;
  const items = objectItems(op, s.exchange);
  const violations = items.flatMap((item, index) =>
    matchesFilter(filter, item, value, op.readTime)
      ? []
      : [
          violationOf(
            law,
            `${op.itemsPointer}/${index}${filter.field}`,
            `item ${idOf(op, item)} has ${withValue(item, filter.field)}, ` +
              `which does not match ${filter.param}=${value}`,
            fieldValue(item, filter.field),
          ),
        ],
  );
  return { judged: items.length, violations };
}

function compare(op: ListOperation, law: LawRef, filter: FilterParam, s: Comparison): Judgement {
  const added = addedFilters(op, s.query, s.baselineQuery);
  // Two empty lists show nothing about a filter.
  if (!added.includes(filter) || (s.baseline.length === 0 && s.filtered.length === 0)) return NOTHING;
  const values = added.map((f) => [f, queryValue(s.query, f.param)!] as const);
  const described = values.map(([f, v]) => `${f.param}=${v}`).join('&');
  const without = added.length > 1 ? 'these filters' : 'the filter';
  const baselineIds = new Set(s.baseline.map((item) => idOf(op, item)));
  const filteredIds = new Set(s.filtered.map((item) => idOf(op, item)));
  // One finding per item. An item foreign to the list is no one filter's: the first speaks for all.
  const foreign = added[0] !== filter ? [] : s.filtered.filter((item) => !baselineIds.has(idOf(op, item)));
  const matching = s.baseline.filter((item) => values.every(([f, v]) => matchesFilter(f, item, v, op.readTime)));
  const leftOut = matching.filter(
    (item) => !filteredIds.has(idOf(op, item)) && blamed(op, added, item, s.alone) === filter,
  );
  // Where the filtered list lists the others but not the first match, the fault may be no filter's: a list
  // that drops its first item (an offset one too far) loses it too, and the unfiltered list's own first too.
  const first = s.filtered.length > 0 ? matching[0] : undefined;
  const violations = [
    ...foreign.map((item) =>
      violationOf(
        law,
        '',
        `item ${idOf(op, item)} is listed with ${described} but not in the list without ${without}`,
        idOf(op, item),
      ),
    ),
    ...leftOut.map((item) =>
      violationOf(
        law,
        '',
        `item ${idOf(op, item)} (${values.map(([f]) => withValue(item, f.field)).join(', ')}) ` +
          `matches ${described}, but the filtered list leaves it out` +
          (item === first
            ? '; it is the first match in the order the unfiltered list gives, which a list that drops its first ' +
              'item (an offset one too far) leaves out too'
            : ''),
        fieldValue(item, filter.field),
      ),
    ),
  ];
  return { judged: 1, violations };
}

/**
 * The filter a left-out item is reported under: the first added filter whose walk alone leaves it
 * out too (the filter that loses it), else the first added filter (the combination loses it, or no
 * walk alone was read).
 */
function blamed(
  op: ListOperation,
  added: readonly FilterParam[],
  item: JsonObject,
  alone: Comparison['alone'],
): FilterParam | undefined {
  const id = idOf(op, item);
  const losing = added.find((f) => {
    const listed = alone?.get(f.param);
    return listed !== undefined && !listed.some((other) => idOf(op, other) === id);
  });
  return losing ?? added[0];
}
