/**
 * Repairs for the law families an operation declares as data (src/contract/laws/): what the item
 * rules' kits do for the rules, done once for every API from the same data, so generated objects
 * satisfy a family without a kit per API.
 */
import type { Face } from '../contract/faces.js';
import { operationsOf } from '../contract/operations.js';
import { has, type JsonObject, type RuleTarget } from '../contract/rules/types.js';

/** Members documented under one condition (`present-together`): a lone one is dropped. */
function presentTogether(groups: readonly { fields: readonly string[] }[], item: JsonObject): void {
  for (const { fields } of groups) {
    const given = fields.filter((field) => has(item, field) && item[field] !== null);
    if (given.length > 0 && given.length < fields.length) for (const field of given) delete item[field];
  }
}

/** The family repairs of the operations that list objects of `target`. */
export function familyRepairs(face: Face, target: RuleTarget): ((item: JsonObject) => void)[] {
  return operationsOf(face)
    .filter((op) => op.target === target && op.together !== undefined)
    .map((op) => (item: JsonObject) => presentTogether(op.together!, item));
}
