/**
 * Completes partial objects (`{ state: 'unknown' }`) into whole ones: generated values from a
 * seed, creation times that follow the order objects are completed in, the caller's fields, the
 * rules' repairs, the caller's fields again. Scenarios and seeded test data both use it.
 */
import fc from 'fast-check';
import type { Face } from '../contract/faces.js';
import { sessionFieldOf, taskOperation } from '../contract/operations.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { validObject } from './objects.js';
import { generatorsOf } from './profiles.js';
import { repair } from './repair.js';

const CREATION_BASE_MS = Date.UTC(2026, 10, 29, 9, 0, 0);

export interface Completer {
  /**
   * A whole object from a partial one. `session` places a task in that session (its
   * `session_id`); `base` is the object's previous version, completed again with new fields.
   */
  complete(target: RuleTarget, partial: JsonObject, session?: string, base?: JsonObject): JsonObject;
  /** Another generated id for an object of `target` (for when the one drawn is taken). */
  freshId(target: RuleTarget): string;
}

/** Completes objects of one API, deterministically from `seed`; creation times start at `creationBaseMs`. */
export function completer(face: Face, seed: number, creationBaseMs = CREATION_BASE_MS): Completer {
  const op = taskOperation(face);
  const idField = op.idField;
  const profile = generatorsOf(face);
  const sessionField = sessionFieldOf(op);
  let drawn = 0;
  let created = 0;
  const draw = (target: RuleTarget) =>
    fc.sample(validObject(face, target), { seed: seed * 7919 + drawn++, numRuns: 1 })[0]!;
  return {
    complete(target, partial, session, base) {
      // Each new object is created one minute after the previous one.
      const generated = base ?? profile.stampCreation(target, draw(target), creationBaseMs + ++created * 60_000);
      const placed = target === 'task' && session !== undefined && sessionField ? { [sessionField]: session } : {};
      const merged: JsonObject = { ...generated, ...partial, ...placed };
      if (target === 'task') profile.finish?.(merged);
      const repaired = repair(face, target, merged);
      return { ...repaired, ...partial, ...placed };
    },
    freshId(target) {
      return String(draw(target)[target === 'session' ? 'id' : idField]);
    },
  };
}
