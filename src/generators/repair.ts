/** Applying the rules' repairs to an object: no fast-check, so the mock can use it without loading the generators. */
import type { Face } from '../contract/faces.js';
import { rulesFor } from '../contract/rules/index.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { familyRepairs } from './families.js';
import { kitOf } from './profiles.js';
import type { RuleKit } from './rule-kit.js';

const kitsByTarget = new Map<string, { id: string; kit: Pick<RuleKit, 'repair'> }[]>();
/** The kit of every item rule, then the repairs of the law families the operations declare. */
function kitsOf(face: Face, target: RuleTarget) {
  const key = `${face}|${target}`;
  let kits = kitsByTarget.get(key);
  if (!kits) {
    kits = [
      ...rulesFor(face, target).map((rule) => ({ id: rule.id, kit: kitOf(face, rule.id) })),
      ...familyRepairs(face, target).map((repair) => ({ id: '', kit: { repair } })),
    ];
    kitsByTarget.set(key, kits);
  }
  return kits;
}

/** Applies every repair of the face's rules for the target except `skip`, the order of times included (a rule now). */
export function repair(face: Face, target: RuleTarget, item: JsonObject, skip?: string): JsonObject {
  for (const { id, kit } of kitsOf(face, target)) if (id !== skip) kit.repair(item);
  return item;
}

/** `repair` for one face and target, with the rules looked up once (for generating in bulk). */
export function repairerFor(face: Face, target: RuleTarget): (item: JsonObject) => JsonObject {
  const repairs = kitsOf(face, target).map(({ kit }) => kit.repair);
  return (item) => {
    for (const fix of repairs) fix(item);
    return item;
  };
}
