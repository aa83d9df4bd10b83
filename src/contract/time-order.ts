/**
 * One time order (`ListOperation.timeOrder`) on one object, apart from the law catalogue: the law
 * (laws/times.ts), `checkItem` and the mock's store all judge an object with it.
 */
import type { ListOperation, TimeOrder } from './operation-types.js';
import { fieldValue } from './operations.js';
import type { Finding, JsonObject } from './rules/types.js';

/** What one time order makes of one object: whether any of its pairs held two times, and what is out of order. */
export function judgeTimeOrder(
  op: Pick<ListOperation, 'readTime'>,
  member: TimeOrder,
  item: JsonObject,
): { judged: boolean; findings: Finding[] } {
  let judged = false;
  const findings: Finding[] = [];
  for (const { field, notBefore } of member.order) {
    const value = fieldValue(item, field);
    const at = op.readTime(value);
    if (!Number.isFinite(at)) continue;
    for (const earlier of notBefore) {
      const than = fieldValue(item, earlier);
      const bound = op.readTime(than);
      if (!Number.isFinite(bound)) continue;
      judged = true;
      if (at < bound)
        findings.push({
          path: field,
          message: `${field} ${JSON.stringify(value)} is earlier than ${earlier} ${JSON.stringify(than)}`,
          value,
        });
    }
  }
  return { judged, findings };
}
