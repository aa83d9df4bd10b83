/**
 * The time family: times whose meanings order them within one object (a task ends after it
 * started) are never in the other order. Each operation declares its orders as data
 * (`timeOrder`, with the sentence that makes each so); one definition judges them all, on every
 * listed object, and the mock's store and `checkItem` hold objects to the same orders.
 */
import type { TimeOrder } from '../operation-types.js';
import { judgeTimeOrder } from '../time-order.js';
import { eachListedObject, violationOf } from './common.js';
import { defineLaw, having, type With } from './define.js';

const pairsOf = (member: TimeOrder) =>
  member.order.map(({ field, notBefore }) => `${field} beside ${notBefore.join(' or ')}`).join(', nor ');

/** One law per time order the operation declares, judged on every listed object of every 200. */
export const timesInOrder = defineLaw<With<'timeOrder'>, TimeOrder>({
  id: (_op, member) => member.id,
  appliesTo: having('timeOrder'),
  each: (op) => op.timeOrder,
  statement: (_op, member) => member.statement,
  source: (_op, member) => member.source,
  unexercised: (_op, member) => `no listed object gave ${pairsOf(member)}`,
  check: {
    page: ({ exchange }, { op, member, law }) =>
      eachListedObject(op, exchange, (item, at) => {
        const { judged, findings } = judgeTimeOrder(op, member, item);
        return {
          judged: judged ? 1 : 0,
          violations: findings.map((f) => violationOf(law, `${at}${f.path}`, f.message, f.value)),
        };
      }),
  },
});
