/** Laws over how many items a page holds: the limit asked for, its documented minimum, and the default. */
import { type ListOperation, nextPageToken } from '../operations.js';
import { NOTHING, pageItems, queryValue, violationOf } from './common.js';
import { defineLaw, having, type With } from './define.js';
import type { LawRef, Subjects } from './types.js';

type Page = Subjects['page'];

/** A token-paged answer that offers a next cursor. */
function offersCursor(op: ListOperation, page: Page): boolean {
  return nextPageToken(op, page.exchange.body) !== undefined;
}

/**
 * A page is judged only once it is full (max items, or a next cursor: a short last page shows
 * nothing about the limit); it breaks the law with more than max items.
 */
function atMost(op: ListOperation, law: LawRef, s: Page, items: readonly unknown[], max: number, message: string) {
  if (items.length < max && !offersCursor(op, s)) return NOTHING;
  return {
    judged: 1,
    violations: items.length > max ? [violationOf(law, op.itemsPointer, message, items.length)] : [],
  };
}

const hasLimit = having('limit');

export const limitRespected = defineLaw({
  id: 'limit-respected',
  appliesTo: hasLimit,
  statement: (op) =>
    `A page never holds more items than ${op.limit.param}` +
    (op.limit.maximum === undefined ? '.' : `, nor more than ${op.limit.maximum} (its documented maximum).`),
  source: (op) => op.limit.source,
  unexercised: (op) => `no page was full (as many items as ${op.limit.param}, or a next cursor)`,
  check: {
    page(s, { op, law }) {
      const { param } = op.limit;
      const text = queryValue(s.exchange.query, param);
      const items = pageItems(op, s.exchange);
      const limit = Number(text);
      // The limit is the number of items a page returns, so 0, where it is the documented minimum,
      // asks for an empty page; elsewhere the documents give 0 no meaning.
      const floor = op.limit.minimum === 0 ? 0 : 1;
      if (text === undefined || !items || !Number.isInteger(limit) || limit < floor) return NOTHING;
      // Above the documented maximum a server may refuse or serve fewer, never more than the maximum.
      const { maximum } = op.limit;
      if (maximum !== undefined && limit > maximum)
        return atMost(
          op,
          law,
          s,
          items,
          maximum,
          `${items.length} items on a page whose ${param} is ${limit}; the documented maximum is ${maximum}`,
        );
      return atMost(op, law, s, items, limit, `${items.length} items on a page whose ${param} is ${limit}`);
    },
  },
});

type WithLimit<K extends 'minimum' | 'default'> = With<'limit'> & {
  limit: With<'limit'>['limit'] & { [P in K]-?: number };
};
const limitHas =
  <K extends 'minimum' | 'default'>(key: K) =>
  (op: ListOperation): op is WithLimit<K> =>
    op.limit?.[key] !== undefined;
const hasMinimumLimit = limitHas('minimum');
const hasDefaultLimit = limitHas('default');

export const minimumLimitAccepted = defineLaw({
  id: 'minimum-limit-accepted',
  appliesTo: hasMinimumLimit,
  statement: (op) => `${op.limit.param}=${op.limit.minimum}, the documented minimum, is a valid request (200).`,
  source: (op) => op.limit.source,
  unexercised: (op) => `${op.limit.param}=${op.limit.minimum} was not sent`,
  check: {
    page(s, { op, law }) {
      if (s.acceptedBy !== law.id || s.exchange.status >= 500) return NOTHING;
      return {
        judged: 1,
        violations:
          s.exchange.status === 200
            ? []
            : [
                violationOf(
                  law,
                  '',
                  `${op.limit.param}=${op.limit.minimum} (the documented minimum) ` +
                    `got ${s.exchange.status}, expected 200`,
                  s.exchange.status,
                ),
              ],
      };
    },
  },
});

export const defaultLimit = defineLaw({
  id: 'default-limit',
  appliesTo: hasDefaultLimit,
  statement: (op) => `Without ${op.limit.param}, a page holds at most ${op.limit.default} items.`,
  source: (op) => op.limit.source,
  unexercised: (op) => `no page without ${op.limit.param} was full (${op.limit.default} items or a next cursor)`,
  check: {
    page(s, { op, law }) {
      const { param, default: dflt } = op.limit;
      const items = pageItems(op, s.exchange);
      if (queryValue(s.exchange.query, param) !== undefined || !items) return NOTHING;
      return atMost(
        op,
        law,
        s,
        items,
        dflt,
        `${items.length} items on a page without ${param}; the default is ${dflt}`,
      );
    },
  },
});
