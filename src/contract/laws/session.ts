/** A law over the session a request is about: every item listed under it belongs to it. */

import { contractOfOperation } from '../api-set.js';
import { fieldValue, idOf } from '../operations.js';
import { NOTHING, objectItems, violationOf } from './common.js';
import { defineLaw, having } from './define.js';

const hasSessionField = having('sessionField');

export const itemsBelongToSession = defineLaw({
  id: 'items-belong-to-session',
  appliesTo: hasSessionField,
  statement: (op) => `Every item's ${op.sessionField} is the session of the path.`,
  source: (op) =>
    op.sources?.session ?? { file: contractOfOperation(op).specFile, sentence: `${op.sessionField}: owning session` },
  unexercised: 'no item was listed under a session',
  check: {
    page(s, { op, law }) {
      if (s.session === undefined) return NOTHING;
      const field = op.sessionField;
      const items = objectItems(op, s.exchange);
      const violations = items.flatMap((item, index) => {
        const owner = fieldValue(item, field);
        return owner === s.session
          ? []
          : [
              violationOf(
                law,
                `${op.itemsPointer}/${index}${field}`,
                `item ${idOf(op, item)} belongs to ${JSON.stringify(owner)}, listed under session ${s.session}`,
                owner,
              ),
            ];
      });
      return { judged: items.length, violations };
    },
  },
});
