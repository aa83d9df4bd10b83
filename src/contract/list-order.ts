/**
 * The order a list's documents give it (`ListOperation.order`), as a comparison of two items: what
 * the order law judges, where a whole read places an object it left out (by an order that never
 * changes, `fixedOrder`), and how the mock serves the list. Only what the documents say is compared:
 * a time that cannot be read, or equal times without a documented tie-breaker, put two items in no order.
 */
import type { ListOperation, ListOrder } from './operation-types.js';
import { fieldValue } from './operations.js';
import type { JsonObject } from './rules/types.js';

/** An item's place in the order: its time (NaN where unreadable) and its tie-breaking value. */
export interface OrderKey {
  time: number;
  tie: unknown;
}

export function orderKeyOf(op: Pick<ListOperation, 'readTime'>, order: ListOrder, item: JsonObject): OrderKey {
  return {
    time: op.readTime(fieldValue(item, order.field)),
    tie: order.ties === undefined ? undefined : fieldValue(item, order.ties.field),
  };
}

/** Two tie-breaking values compared: numbers as numbers, text as text (by code unit); others in no order. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return 0;
}

/**
 * Where `a` comes beside `b` in the documented order: negative before it, positive after it, 0 where
 * the documents put them in no order (a time unreadable, or the same time and no tie-breaker said).
 */
export function compareKeys(order: ListOrder, a: OrderKey, b: OrderKey): number {
  if (!Number.isFinite(a.time) || !Number.isFinite(b.time)) return 0;
  if (a.time !== b.time) return order.direction === 'newest-first' ? b.time - a.time : a.time - b.time;
  if (order.ties === undefined) return 0;
  const tie = compareValues(a.tie, b.tie);
  return order.ties.direction === 'descending' ? -tie : tie;
}

/** The order as a sentence's words: "newest first by /created_at (the same time: by /id descending)". */
export function orderWords(order: ListOrder): string {
  const direction = order.direction === 'newest-first' ? 'newest first' : 'oldest first';
  const ties = order.ties ? ` (the same time: by ${order.ties.field} ${order.ties.direction})` : '';
  return `${direction} by ${order.field}${ties}`;
}

/**
 * The documented order where it places an item for good: its field (and its tie-breaker's) is one the
 * documents never let change. An order by a time that moves (A2A's status timestamp) still orders each
 * answer, but where one read placed an item says nothing of where a later read places it, so nothing
 * that compares two reads may lean on it.
 */
export function fixedOrder(op: Pick<ListOperation, 'order' | 'immutableFields'>): ListOrder | undefined {
  const { order } = op;
  const fixed = (field: string | undefined) => field === undefined || op.immutableFields.includes(field);
  return order !== undefined && fixed(order.field) && fixed(order.ties?.field) ? order : undefined;
}
