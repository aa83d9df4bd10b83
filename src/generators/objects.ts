/** Valid, edge-case and rule-breaking objects for every API, derived from the strict schema. */
import fc from 'fast-check';
import type { ApiSet, WithApis } from '../contract/api-set.js';
import type { JsonSchema } from '../contract/openapi.js';
import { componentOf } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { type ItemRuleId, itemRule } from '../contract/rules/index.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { schemaBundle } from '../contract/schema.js';
import { generatorsOf } from './profiles.js';
import { repair, repairerFor } from './repair.js';

export { repair };

import type { TypedApiName } from '../contract/api-types.js';
import { fastCheckBackend, SchemaArbitraries } from './schema-arbitrary.js';

export interface ObjectOptions {
  /** Lean on values that break clients (see docs/reference.md, "Generate data"). */
  edge?: boolean;
  /** The API set the API is read from (the entries give the built-in one where a caller names none). */
  apis?: ApiSet;
}

function builder(api: ApiName, edge: boolean, apis: ApiSet): SchemaArbitraries {
  return apis.derive(`arbitraries|${api}|${edge}`, () => {
    const defs = schemaBundle(api, 'strict', apis).$defs as Record<string, JsonSchema>;
    const profile = generatorsOf(api, apis);
    return new SchemaArbitraries(defs, {
      edge,
      overrides: profile.overrides?.(fc, edge),
      built: profile.overridesIn?.(fastCheckBackend, edge),
    });
  });
}

/** Objects that pass the strict schema and every rule of the API. */
export function validObject(
  api: ApiName,
  target: RuleTarget,
  options: WithApis<ObjectOptions>,
): fc.Arbitrary<JsonObject> {
  const edge = options.edge ?? false;
  const { apis } = options;
  return apis.derive(`valid|${api}|${target}|${edge}`, () => {
    const fix = repairerFor(api, target, apis);
    return (
      builder(api, edge, apis)
        .component(componentOf(api, target, apis))
        // Repairs and breaks only assign top-level fields, so a shallow copy keeps fast-check's
        // generated value (which it may reuse while shrinking) untouched.
        .map((raw) => fix({ ...(raw as JsonObject) }))
    );
  });
}

/**
 * Objects that break `ruleId` and, per the rule's declared pairs, nothing else. The rule id of an
 * API with types (`ApiTypes`) is checked at compile time; an API without them names its own.
 */
export function brokenObject<Id extends string>(
  ruleId: Id extends `${TypedApiName}.${string}` ? ItemRuleId : Id,
  options: WithApis<ObjectOptions>,
): fc.Arbitrary<JsonObject> {
  const { apis } = options;
  const rule = itemRule(ruleId, apis);
  return validObject(rule.api, rule.target, options).map((valid) => {
    const item = { ...valid };
    rule.repair.break(item);
    return repair(rule.api, rule.target, item, rule.id, apis);
  });
}
