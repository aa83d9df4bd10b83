/**
 * A page of a list served in its documented order where that is not the order tasks were created in
 * (oldest first, by another time such as `/status/timestamp`, or with a tie-breaker): the tasks in
 * scope sorted by the order, then the page cut where the cursor or the offset says. The index keeps
 * tasks by creation number only, so every task is sorted once per change of the store and each request
 * reads the scope's tasks in that order; a list in creation order, newest first, is paged by the index itself.
 */
import { compareKeys, type OrderKey, orderKeyOf } from '../../contract/list-order.js';
import type { ListOperation, ListOrder } from '../../contract/operation-types.js';
import type { MockStore } from '../store.js';
import type { IndexedTask, Page, PageQuery } from '../task-index.js';

/** Whether the index's own order (newest first by creation number) is the documented one. */
export function inCreationOrder(op: ListOperation): boolean {
  const { order } = op;
  return order === undefined || (order.direction === 'newest-first' && order.field === op.createdField && !order.ties);
}

type Keyed = { entry: IndexedTask; key: OrderKey };

/**
 * A total order for serving: the documented one, tasks whose time cannot be read after the others,
 * and tasks the documents put in no order (the same time, no tie-breaker) newest first by creation.
 */
function servingOrder(order: ListOrder) {
  return (a: Keyed, b: Keyed): number => {
    const [readA, readB] = [Number.isFinite(a.key.time), Number.isFinite(b.key.time)];
    if (readA !== readB) return readA ? -1 : 1;
    return compareKeys(order, a.key, b.key) || b.entry.seq - a.entry.seq;
  };
}

const EVERY = Number.MAX_SAFE_INTEGER;

/** Each store's tasks of an API in an order, sorted once per version of the store (every change bumps it). */
const sortedByStore = new WeakMap<MockStore, Map<string, { version: number; sorted: Keyed[] }>>();

/**
 * Every task of the API in the serving order. Sorting reads every task's time, a cost of its own with a million
 * tasks (`--tasks`), so it is paid once per change to the store rather than on each request.
 */
function sortedTasks(store: MockStore, op: ListOperation, order: ListOrder): Keyed[] {
  let perStore = sortedByStore.get(store);
  if (perStore === undefined) sortedByStore.set(store, (perStore = new Map()));
  const key = `${op.api} ${JSON.stringify(order)}`;
  const known = perStore.get(key);
  if (known?.version === store.version) return known.sorted;
  const sorted = store
    .page(op.api, { limit: EVERY })
    .entries.map((entry) => ({ entry, key: orderKeyOf(op, order, entry.item) }))
    .sort(servingOrder(order));
  perStore.set(key, { version: store.version, sorted });
  return sorted;
}

export function orderedPage(store: MockStore, op: ListOperation, order: ListOrder, query: PageQuery): Page {
  const { beforeSeq, afterSeq, skip, limit, ...scope } = query;
  const keyed = (entry: IndexedTask): Keyed => ({ entry, key: orderKeyOf(op, order, entry.item) });
  const compare = servingOrder(order);
  // The scope's tasks are those the index finds for it (its sessions, states and filter), kept in the sorted order;
  // a scope of every task is the sorted list itself.
  const every = sortedTasks(store, op, order);
  const narrowed = scope.session !== undefined || scope.states !== undefined || scope.where !== undefined;
  const inScope = narrowed ? new Set(store.page(op.api, { ...scope, limit: EVERY }).entries) : undefined;
  const sorted = inScope ? every.filter(({ entry }) => inScope.has(entry)) : every;
  const entriesOf = (from: number, to: number) => sorted.slice(from, to).map(({ entry }) => entry);
  const pivotSeq = beforeSeq ?? afterSeq;
  let start = skip ?? 0;
  if (pivotSeq !== undefined) {
    // The task a cursor names may have left the scope since (its state moved on): it is placed by its order.
    const pivot =
      sorted.find(({ entry }) => entry.seq === pivotSeq) ??
      store
        .page(op.api, { session: scope.session, limit: EVERY })
        .entries.filter((entry) => entry.seq === pivotSeq)
        .map(keyed)[0];
    const after = pivot === undefined ? sorted.length : sorted.findIndex((other) => compare(pivot, other) < 0);
    const next = after === -1 ? sorted.length : after;
    if (afterSeq !== undefined) {
      // The tasks just before the pivot, nearest it, in the list's order.
      const end = next - (pivot !== undefined && sorted[next - 1]?.entry === pivot.entry ? 1 : 0);
      const from = Math.max(0, end - limit);
      return { entries: entriesOf(from, end), more: from > 0 };
    }
    start = next;
  }
  return { entries: entriesOf(start, start + limit), more: start + limit < sorted.length };
}
