/**
 * A law over several reads of one list: an object that two whole reads list is listed by every
 * whole read between them. The documents let objects leave a list (an archived session, a task
 * gone from its session) but none lets one leave and come back, so a read that leaves out an
 * object which the reads before and after it list shows a list that depends on something besides
 * the objects it holds: what was asked before it (a filter kept from an earlier request), or which
 * replica answered.
 */
import { contractOfOperation } from '../api-set.js';
import { compareKeys, fixedOrder, type OrderKey, orderKeyOf } from '../list-order.js';
import { idOf, type ListOperation } from '../operations.js';
import type { JsonObject } from '../rules/types.js';
import { NOTHING, objectItems, onPages, violationOf } from './common.js';
import { defineLaw, having } from './define.js';
import type { Subjects, Walk } from './types.js';

type Read = Subjects['reads']['reads'][number];

/** Where a read lists each object: its page and its index there. */
function placesIn(op: ListOperation, walk: Walk): Map<string, { item: JsonObject; page: number; index: number }> {
  const places = new Map<string, { item: JsonObject; page: number; index: number }>();
  for (const [page, exchange] of walk.pages.entries())
    for (const [index, item] of objectItems(op, exchange).entries())
      if (!places.has(idOf(op, item))) places.set(idOf(op, item), { item, page, index });
  return places;
}

/**
 * Where a whole read that does not list an object would have listed it within one answer, said
 * as a clause; undefined where no one answer shows it left out. A list of one page is one answer.
 * A list of pages is read at several moments, and an object may fall between two pages as others
 * leave, so there only a list in its documented order by a time that never changes shows it (the
 * object read elsewhere keeps its place here): the object belongs between two neighbours of one page
 * (or before the first page's first, after the last page's last) when its place falls strictly
 * between theirs.
 */
function leftOutWhere(op: ListOperation, walk: Walk, item: JsonObject): string | undefined {
  if (walk.capped || walk.pages.length === 0 || walk.cursors[walk.cursors.length - 1] !== undefined) return undefined;
  if (walk.pages.length === 1) return 'its one page';
  const order = fixedOrder(op);
  if (!order) return undefined;
  const keyOf = (object: JsonObject) => orderKeyOf(op, order, object);
  const before = (a: OrderKey, b: OrderKey) => compareKeys(order, a, b) < 0;
  const key = keyOf(item);
  const pages = walk.pages.map((page) => objectItems(op, page).map((listed) => ({ listed, at: keyOf(listed) })));
  const all = pages.flat();
  // Only a read in the order the documents give, each object's place in it known, places an object.
  if (
    !Number.isFinite(key.time) ||
    all.some(({ at }, i) => !Number.isFinite(at.time) || (i > 0 && before(at, all[i - 1]!.at)))
  )
    return undefined;
  const [earlier, later] = order.direction === 'newest-first' ? ['newer', 'older'] : ['older', 'newer'];
  const first = pages[0]![0];
  if (first && before(key, first.at)) return `page 1, before ${idOf(op, first.listed)}, which is ${later}`;
  const lastPage = pages[pages.length - 1]!;
  const last = lastPage[lastPage.length - 1];
  if (last && before(last.at, key)) return `page ${pages.length}, after ${idOf(op, last.listed)}, which is ${earlier}`;
  for (const [n, page] of pages.entries())
    for (let i = 1; i < page.length; i++)
      if (before(page[i - 1]!.at, key) && before(key, page[i]!.at))
        return `page ${n + 1}, between ${idOf(op, page[i - 1]!.listed)} and ${idOf(op, page[i]!.listed)}`;
  return undefined;
}

const hasIdSource = having('idSource');

export const listedBetweenReads = defineLaw({
  id: 'listed-between-reads',
  appliesTo: hasIdSource,
  statement:
    'An object listed by two whole reads of its list is listed by every whole read between them, whatever was ' +
    'asked before it: an object may leave the list, but it does not leave and come back. A read of pages shows ' +
    'it left out only inside one answer (where its creation time puts it between two neighbours of one page).',
  source: (op) =>
    op.sources?.list ?? { file: contractOfOperation(op).specFile, sentence: `${op.operationId} lists the objects` },
  unexercised: 'no list was read whole three times',
  check: {
    reads({ reads }, { op, law }) {
      const latest = reads[reads.length - 1];
      const plain = reads.filter((read) => read.plain);
      if (!latest?.plain || plain.length < 3) return NOTHING;
      const places = reads.map((read) => (read.plain ? placesIn(op, read.walk) : undefined));
      const offsets = reads.map((_, n) => reads.slice(0, n).reduce((sum, read) => sum + read.walk.pages.length, 0));
      const violations = [];
      for (const [id, now] of places[places.length - 1]!) {
        const found = leftOutBefore(op, reads, places, id, now.item);
        if (!found) continue;
        const { listed, where } = found;
        const at = places[listed]!.get(id)!;
        const between = reads
          .slice(listed + 1, -1)
          .flatMap((read, n) => read.walk.pages.map((_, page) => offsets[listed + 1 + n]! + page));
        violations.push(
          onPages(
            violationOf(
              law,
              `${op.itemsPointer}/${now.index}${op.idField}`,
              `${id} is listed by the first request below and by the last, but a whole read of the list made ` +
                `between them left it out (on ${where}): an object does not leave a list and come back`,
              id,
            ),
            [offsets[listed]! + at.page, ...between, offsets[reads.length - 1]! + now.page],
          ),
        );
      }
      return { judged: 1, violations };
    },
  },
});

/**
 * The last read before the latest that leaves the object out within one answer, after a read that
 * lists it (the last such): undefined where a read between lists it (what came before that was
 * judged when that read was the latest) or none leaves it out so.
 */
function leftOutBefore(
  op: ListOperation,
  reads: readonly Read[],
  places: readonly (ReadonlyMap<string, unknown> | undefined)[],
  id: string,
  item: JsonObject,
): { listed: number; where: string } | undefined {
  for (let missing = reads.length - 2; missing >= 0; missing--) {
    const read = places[missing];
    if (read === undefined) continue;
    if (read.has(id)) return undefined;
    const where = leftOutWhere(op, reads[missing]!.walk, item);
    if (where === undefined) continue;
    for (let listed = missing - 1; listed >= 0; listed--) if (places[listed]?.has(id)) return { listed, where };
    return undefined;
  }
  return undefined;
}
