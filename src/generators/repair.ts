/** Applying the rules' repairs to an object: no fast-check, so the mock can use it without loading the generators. */
import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import { rulesFor } from '../contract/rules/index.js';
import type { JsonObject, RuleKit, RuleTarget } from '../contract/rules/types.js';
import { familyRepairs } from './families.js';

/** The kit of every item rule (each rule's own), then the repairs of the law families the operations declare. */
function kitsOf(
  api: ApiName,
  target: RuleTarget,
  apis: ApiSet,
): { id: string; kit: Pick<RuleKit, 'repair' | 'members'> }[] {
  return apis.derive(`repairs|${api}|${target}`, () => [
    ...rulesFor(api, target, apis).map((rule) => ({ id: rule.id, kit: rule.kit })),
    ...familyRepairs(api, target, apis).map((kit) => ({ id: '', kit })),
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
  for (const { id, kit } of kitsOf(api, target, apis)) if (id !== skip) kit.repair(item);
  return item;
}

/** `repair` for one API and target, with the rules looked up once (for generating in bulk). */
export function repairerFor(api: ApiName, target: RuleTarget, apis: ApiSet): (item: JsonObject) => JsonObject {
  const repairs = kitsOf(api, target, apis).map(({ kit }) => kit.repair);
  return (item) => {
    for (const fix of repairs) fix(item);
    return item;
  };
}

/**
 * The top-level members the repairs of `target` read, set or delete; undefined when a kit does not
 * say (`RuleKit.members`), so that every member is drawn as a value.
 */
export function repairMembers(api: ApiName, target: RuleTarget, apis: ApiSet): Set<string> | undefined {
  const kits = kitsOf(api, target, apis);
  if (kits.some(({ kit }) => kit.members === undefined)) return undefined;
  return new Set(kits.flatMap(({ kit }) => kit.members!));
}
