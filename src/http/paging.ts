/** Following an operation's documented paging, shared by the conformance runner and the recorder. */
import type { Exchange } from '../contract/laws/index.js';
import { idOf, type ListOperation, nextPageToken } from '../contract/operations.js';
import { isObject } from '../contract/rules/check-helpers.js';
import { numberText } from './number-text.js';

export type Query = [string, string][];

// The most pages one walk of a list follows: paging-terminates judges a walk's end by it (contract/laws/walk.ts).
export { MAX_PAGES } from '../contract/laws/walk.js';

/**
 * The next page's cursor and query, or undefined at the documented end. Token paging ends when
 * no token comes back (absent, null or empty: `nextPageToken`); item-id paging continues after the
 * last item until a page is empty (a short page does not mark the end: the limit is only a maximum).
 */
export function nextCursor(
  op: ListOperation,
  exchange: Exchange,
  query: Query,
  items: unknown[],
): { cursor: string; query: Query } | undefined {
  const paging = op.paging;
  if (paging.kind === 'none') return undefined;
  if (paging.kind === 'token') {
    const value = nextPageToken(op, exchange.body);
    if (value === undefined) return undefined;
    const cursor =
      typeof value === 'number' ? numberText(value, paging.responseField, exchange.longNumbers) : String(value);
    return { cursor, query: [...query.filter(([k]) => k !== paging.param), [paging.param, cursor]] };
  }
  if (items.length === 0) return undefined;
  if (paging.kind === 'offset') {
    const asked = Number(query.find(([k]) => k === paging.param)?.[1] ?? 0);
    const cursor = String(asked + items.length);
    return { cursor, query: [...query.filter(([k]) => k !== paging.param), [paging.param, cursor]] };
  }
  const last = items[items.length - 1];
  if (!isObject(last)) return undefined;
  const cursor = idOf(op, last);
  return {
    cursor,
    query: [...query.filter(([k]) => k !== paging.afterParam && k !== paging.beforeParam), [paging.afterParam, cursor]],
  };
}
