/**
 * Repairs for the law families an operation declares as data (src/contract/laws/): what the item
 * rules' repairs do for the rules, done once for every API from the same data, so generated objects
 * satisfy a family without a repair per API.
 */

import type { ApiSet } from '../contract/api-set.js';
import { isoBefore } from '../contract/iso.js';
import {
  deleteField,
  fieldValue,
  isGiven,
  type ListOperation,
  operationsIn,
  setField,
  topMemberOf,
} from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';

/** Members documented under one condition (`present-together`): a lone one is dropped. */
function presentTogether(groups: readonly { fields: readonly string[] }[], item: JsonObject): void {
  for (const { fields } of groups) {
    const given = fields.filter((field) => isGiven(item, field));
    if (given.length > 0 && given.length < fields.length) for (const field of given) deleteField(item, field);
  }
}

/** Two times written alike (numbers, or RFC 3339 text) in the wrong order; false when they cannot be compared. */
const earlier = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? a < b
    : typeof a === 'string' && typeof b === 'string' && isoBefore(a, b);

/**
 * Times in order (`timeOrder`): a time earlier than one it is not before takes
 * that one's value, pair by pair in the order given (a field raised first is then compared as raised).
 */
function timesInOrder(orders: NonNullable<ListOperation['timeOrder']>, item: JsonObject): void {
  for (const { order } of orders)
    for (const { field, notBefore } of order)
      for (const bound of notBefore) {
        const least = fieldValue(item, bound);
        if (earlier(fieldValue(item, field), least)) setField(item, field, least as JsonObject[string]);
      }
}

/** A repair and the top-level members it reads, sets or deletes (see `RuleRepair.members`). */
export interface MemberRepair {
  repair(item: JsonObject): void;
  members: readonly string[];
}

/** The family repairs of the operations that list objects of `target`. */
export function familyRepairs(api: ApiName, target: RuleTarget, apis: ApiSet): MemberRepair[] {
  const ops = operationsIn(apis, api).filter((op) => op.target === target);
  return [
    ...ops.flatMap(({ timeOrder }) =>
      timeOrder
        ? [
            {
              repair: (item: JsonObject) => timesInOrder(timeOrder, item),
              members: timeOrder.flatMap(({ order }) =>
                order.flatMap(({ field, notBefore }) => [field, ...notBefore].map(topMemberOf)),
              ),
            },
          ]
        : [],
    ),
    ...ops.flatMap(({ together }) =>
      together
        ? [
            {
              repair: (item: JsonObject) => presentTogether(together, item),
              members: together.flatMap(({ fields }) => fields.map(topMemberOf)),
            },
          ]
        : [],
    ),
  ];
}
