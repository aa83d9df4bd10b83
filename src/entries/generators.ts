/** `agent-task-contracts/generators`, over the built-in API set, or the set given. */
import '../apis/types.js';
import type fc from 'fast-check';
import { builtinJudgedApis } from '../apis/generators.js';
import type { ApiSet, WithApis } from '../contract/api-set.js';
import type { ApiName } from '../contract/api-types.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import * as layer from '../generators/index.js';

export * from '../generators/index.js';

const withBuiltins = <O extends { apis?: ApiSet }>(options: O): WithApis<O> => ({
  ...options,
  apis: options.apis ?? builtinJudgedApis(),
});

/** Objects that pass the strict schema and every rule of the API. */
export function validObject(
  api: ApiName,
  target: RuleTarget,
  options: layer.ObjectOptions = {},
): fc.Arbitrary<JsonObject> {
  return layer.validObject(api, target, withBuiltins(options));
}

/** Objects that break one item rule and, per the rule's declared pairs, nothing else. */
export function brokenObject<Id extends string>(
  ruleId: Parameters<typeof layer.brokenObject<Id>>[0],
  options: layer.ObjectOptions = {},
): fc.Arbitrary<JsonObject> {
  return layer.brokenObject<Id>(ruleId, withBuiltins(options));
}

/** `count` objects of `target`, deterministic from `seed`, each valid, no two with the same id. */
export function drawObjects(api: ApiName, target: RuleTarget, options: layer.DrawOptions): Generator<JsonObject> {
  return layer.drawObjects(api, target, withBuiltins(options));
}

/** Legal timelines of one task, 1 to `maxSteps` snapshots. */
export function legalLifecycle(
  api: ApiName,
  maxSteps = 6,
  apis: ApiSet = builtinJudgedApis(),
): fc.Arbitrary<layer.LifecycleCase> {
  return layer.legalLifecycle(api, maxSteps, apis);
}
