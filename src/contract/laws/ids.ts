/** A law over the ids of one answer: an id identifies one object, so no two items share it. */
import { idOf } from '../operations.js';
import { withArticle } from '../words.js';
import { objectItems, violationOf } from './common.js';
import { defineLaw, having } from './define.js';
import { NOTHING } from './types.js';

const hasIdSource = having('idSource');

export const idsUnique = defineLaw({
  id: 'ids-unique',
  appliesTo: hasIdSource,
  statement: (op) => `No two items of one answer share ${withArticle(op.idField)}: it identifies one object.`,
  source: (op) => op.idSource,
  unexercised: 'no answer listed two items',
  check: {
    page({ exchange }, { op, law }) {
      const items = objectItems(op, exchange);
      if (items.length < 2) return NOTHING;
      const seen = new Map<string, number>();
      const violations = items.flatMap((item, index) => {
        const id = idOf(op, item);
        const first = seen.get(id);
        if (first === undefined) {
          seen.set(id, index);
          return [];
        }
        return [
          violationOf(
            law,
            `${op.itemsPointer}/${index}/${op.idField}`,
            `item ${index} has ${op.idField} ${JSON.stringify(id)}, like item ${first} of the same answer`,
            id,
          ),
        ];
      });
      return { judged: 1, violations };
    },
  },
});
