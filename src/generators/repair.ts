/** Applying the rules' repairs to an object: no fast-check, so the mock can use it without loading the generators. */
import type { ApiName } from '../contract/registry.js';
import { rulesFor } from '../contract/rules/index.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { familyRepairs } from './families.js';
import { kitOf } from './profiles.js';
import type { RuleKit } from './rule-kit.js';

const kitsByTarget = new Map<string, { id: string; kit: Pick<RuleKit, 'repair'> }[]>();
/** The kit of every item rule, then the repairs of the law families the operations declare. */
function kitsOf(api: ApiName, target: RuleTarget) {
  const key = `${api}|${target}`;
  let kits = kitsByTarget.get(key);
  if (!kits) {
    kits = [
      ...rulesFor(api, target).map((rule) => ({ id: rule.id, kit: kitOf(api, rule.id) })),
      ...familyRepairs(api, target).map((repair) => ({ id: '', kit: { repair } })),
    ];
    kitsByTarget.set(key, kits);
  }
  return kits;
}

/** Applies every repair of the API's rules for the target except `skip`, the order of times included (a rule now). */
export function repair(api: ApiName, target: RuleTarget, item: JsonObject, skip?: string): JsonObject {
  for (const { id, kit } of kitsOf(api, target)) if (id !== skip) kit.repair(item);
  return item;
}

/** `repair` for one API and target, with the rules looked up once (for generating in bulk). */
export function repairerFor(api: ApiName, target: RuleTarget): (item: JsonObject) => JsonObject {
  const repairs = kitsOf(api, target).map(({ kit }) => kit.repair);
  return (item) => {
    for (const fix of repairs) fix(item);
    return item;
  };
}
