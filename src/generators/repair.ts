/** Applying the rules' repairs to an object: no fast-check, so the mock can use it without loading the generators. */
import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import { rulesFor } from '../contract/rules/index.js';
import type { JsonObject, RuleRepair, RuleTarget } from '../contract/rules/types.js';
import { familyRepairs } from './families.js';

/** The repair of every item rule (each rule's own), then the repairs of the law families the operations declare. */
function repairsOf(
  api: ApiName,
  target: RuleTarget,
  apis: ApiSet,
): { id: string; repair: Pick<RuleRepair, 'repair' | 'members'> }[] {
  return apis.derive(`repairs|${api}|${target}`, () => [
    ...rulesFor(api, target, apis).map((rule) => ({ id: rule.id, repair: rule.repair })),
    ...familyRepairs(api, target, apis).map((repair) => ({ id: '', repair })),
  ]);
}

/** Applies every repair of the API's rules for the target except `skip`, the order of times included (a rule now). */
export function repair(
  api: ApiName,
  target: RuleTarget,
  item: JsonObject,
  skip: string | undefined,
  apis: ApiSet,
): JsonObject {
  for (const { id, repair } of repairsOf(api, target, apis)) if (id !== skip) repair.repair(item);
  return item;
}

/** `repair` for one API and target, with the rules looked up once (for generating in bulk). */
export function repairerFor(api: ApiName, target: RuleTarget, apis: ApiSet): (item: JsonObject) => JsonObject {
  const repairs = repairsOf(api, target, apis).map(({ repair }) => repair.repair);
  return (item) => {
    for (const fix of repairs) fix(item);
    return item;
  };
}

/**
 * The top-level members the repairs of `target` read, set or delete; undefined when a repair does not
 * say (`RuleRepair.members`), so that every member is drawn as a value.
 */
export function repairMembers(api: ApiName, target: RuleTarget, apis: ApiSet): Set<string> | undefined {
  const repairs = repairsOf(api, target, apis);
  if (repairs.some(({ repair }) => repair.members === undefined)) return undefined;
  return new Set(repairs.flatMap(({ repair }) => repair.members!));
}
