/**
 * Completes partial objects (`{ state: 'unknown' }`) into whole ones: generated values from a
 * seed, creation times that follow the order objects are completed in, the caller's fields, the
 * rules' repairs, the caller's fields again. Scenarios and seeded test data both use it.
 */
import fc from 'fast-check';
import type { Face } from '../contract/faces.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { taskOperation } from '../contract/operations.js';
import { validObject } from './objects.js';
import { repair } from './repair.js';

const CREATION_BASE_MS = Date.UTC(2026, 10, 29, 9, 0, 0);

/** Gives a new object creation-time fields one minute after the previous object's. */
function stampCreation(face: Face, target: RuleTarget, item: JsonObject, n: number, baseMs: number): JsonObject {
  const ms = baseMs + n * 60_000;
  const iso = new Date(ms).toISOString();
  const out = { ...item };
  if (target === 'session') {
    out.created_at = iso;
    out.updated_at = iso;
  } else if (face === 'ark') {
    out.created_at = ms;
    if (typeof out.started_at === 'number') out.started_at = ms + 1_000;
    if (typeof out.finished_at === 'number') out.finished_at = ms + 30_000;
  } else if (face === 'jsonrpc') out.created_at = Math.floor(ms / 1000);
  else if (face === 'everruns') {
    out.created_at = iso;
    out.updated_at = iso;
    for (const key of ['started_at', 'finished_at', 'heartbeat_at', 'cancel_requested_at'])
      if (typeof out[key] === 'string') out[key] = new Date(ms + 1_000).toISOString();
  } else {
    out.started_at = iso;
    if (typeof out.ended_at === 'string') out.ended_at = new Date(ms + 30_000).toISOString();
    if (typeof out.notified_at === 'string') out.notified_at = new Date(ms + 31_000).toISOString();
  }
  return out;
}

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
  const idField = taskOperation(face).idField;
  let drawn = 0;
  let created = 0;
  const draw = (target: RuleTarget) =>
    fc.sample(validObject(face, target), { seed: seed * 7919 + drawn++, numRuns: 1 })[0]!;
  return {
    complete(target, partial, session, base) {
      const generated = base ?? stampCreation(face, target, draw(target), ++created, creationBaseMs);
      const placed = target === 'task' && session !== undefined && face !== 'praxis' ? { session_id: session } : {};
      const merged: JsonObject = { ...generated, ...partial, ...placed };
      if (target === 'task' && face === 'everruns' && typeof merged.result_path === 'string')
        merged.result_path = `/.tasks/${String(merged[idField])}/result.json`;
      const repaired = repair(face, target, merged);
      return { ...repaired, ...partial, ...placed };
    },
    freshId(target) {
      return String(draw(target)[target === 'session' ? 'id' : idField]);
    },
  };
}
