/**
 * The generator profile of a module that leaves it out, or parts of it, derived from its contract:
 * no overrides (the schema draws every value), creation times written where the operation reads
 * them, timelines that start in the lifecycle's first state. Rules are repaired and broken by their
 * own repairs.
 */
import type { ApiContract } from '../contract/api.js';
import { isoFromMillis } from '../contract/iso.js';
import { fieldValue } from '../contract/operations.js';
import { withValueAt } from '../contract/pointer.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { looksLikeUnixSeconds } from '../contract/time.js';
import type { GeneratorProfile } from './profile.js';

/** The first state no other state leads to (the lifecycle's start), else its first. */
function initialState(contract: ApiContract): string {
  const lifecycle = contract.operations.find((op) => op.target === 'task')?.lifecycle;
  if (!lifecycle) return '';
  const led = new Set(
    Object.entries(lifecycle.transitions).flatMap(([from, to]) => (to ?? []).filter((state) => state !== from)),
  );
  return lifecycle.states.find((state) => !led.has(state)) ?? lifecycle.states[0] ?? '';
}

/** Writes `ms` into an object's creation time, in the form its drawn value has (ms, seconds or RFC 3339). */
function stampCreation(contract: ApiContract) {
  return (target: RuleTarget, item: JsonObject, ms: number): JsonObject => {
    const op = contract.operations.find((o) => o.target === target);
    const field = op?.createdField;
    if (field === undefined) return item;
    const drawn = fieldValue(item, field);
    const value =
      typeof drawn === 'number' ? (looksLikeUnixSeconds(drawn) ? Math.floor(ms / 1000) : ms) : isoFromMillis(ms);
    return withValueAt(item, field, value) as JsonObject;
  };
}

const isWhole = (given: Partial<GeneratorProfile>): given is GeneratorProfile =>
  given.api !== undefined && given.stampCreation !== undefined && given.lifecycle !== undefined;

/** A whole generator profile: the parts a module gives, the rest derived from its contract (a whole one as it is). */
export function completeGenerators(contract: ApiContract, given: Partial<GeneratorProfile> = {}): GeneratorProfile {
  if (isWhole(given)) return given;
  return {
    api: contract.api,
    stampCreation: stampCreation(contract),
    ...given,
    lifecycle: given.lifecycle ?? { initial: initialState(contract) },
  };
}
