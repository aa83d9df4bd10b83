/** Valid, edge-case and rule-breaking objects for every API, derived from the strict schema. */
import fc from 'fast-check';
import type { JsonSchema } from '../contract/openapi.js';
import { componentOf } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { type ItemRuleId, itemRule } from '../contract/rules/index.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { schemaBundle } from '../contract/schema.js';
import { generatorsOf, kitOf } from './profiles.js';
import { repair, repairerFor } from './repair.js';

export { repair };

import type { TypedApiName } from '../contract/api-types.js';
import { fastCheckBackend, SchemaArbitraries } from './schema-arbitrary.js';

export interface ObjectOptions {
  /** Lean on values that break clients (see README: generators). */
  edge?: boolean;
}

const builders = new Map<string, SchemaArbitraries>();
function builder(api: ApiName, edge: boolean): SchemaArbitraries {
  const key = `${api}|${edge}`;
  let b = builders.get(key);
  if (!b) {
    const defs = schemaBundle(api, 'strict').$defs as Record<string, JsonSchema>;
    const profile = generatorsOf(api);
    b = new SchemaArbitraries(defs, {
      edge,
      overrides: profile.overrides?.(fc, edge),
      built: profile.overridesIn?.(fastCheckBackend, edge),
    });
    builders.set(key, b);
  }
  return b;
}

const validCache = new Map<string, fc.Arbitrary<JsonObject>>();

/** Objects that pass the strict schema and every rule of the API. */
export function validObject(api: ApiName, target: RuleTarget, options: ObjectOptions = {}): fc.Arbitrary<JsonObject> {
  const edge = options.edge ?? false;
  const key = `${api}|${target}|${edge}`;
  let arb = validCache.get(key);
  if (!arb) {
    const fix = repairerFor(api, target);
    arb = builder(api, edge)
      .component(componentOf(api, target))
      // Repairs and breaks only assign top-level fields, so a shallow copy keeps fast-check's
      // generated value (which it may reuse while shrinking) untouched.
      .map((raw) => fix({ ...(raw as JsonObject) }));
    validCache.set(key, arb);
  }
  return arb;
}

/**
 * Objects that break `ruleId` and, per the rule's declared pairs, nothing else. The rule id of an
 * API with types (`ApiTypes`) is checked at compile time; an API registered without them names its own.
 */
export function brokenObject<Id extends string>(
  ruleId: Id extends `${TypedApiName}.${string}` ? ItemRuleId : Id,
  options: ObjectOptions = {},
): fc.Arbitrary<JsonObject> {
  const rule = itemRule(ruleId);
  const kit = kitOf(rule.api, rule.id);
  return validObject(rule.api, rule.target, options).map((valid) => {
    const item = { ...valid };
    kit.break(item);
    return repair(rule.api, rule.target, item, rule.id);
  });
}
