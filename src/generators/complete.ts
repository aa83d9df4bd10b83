/**
 * Completes partial objects (`{ state: 'unknown' }`) into whole ones: generated values from a
 * seed, creation times that follow the order objects are completed in, the caller's fields, the
 * rules' repairs, the caller's fields again. Scenarios and added tasks both use it.
 */
import fc from 'fast-check';
import type { ApiSet } from '../contract/api-set.js';
import { componentRef, memberAt, memberNames } from '../contract/members.js';
import type { JsonSchema } from '../contract/openapi.js';
import { componentOf, fieldValue, sessionFieldOf, setField, taskOperation } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { isObject } from '../contract/rules/check-helpers.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { closestName } from '../contract/words.js';
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

/**
 * `base` with `over`'s members laid on it: an object member of both merged the same way (a partial
 * `{ status: { state: 'working' } }` keeps the generated `status.timestamp`), anything else replaced.
 */
function mergedDeep(base: JsonObject, over: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] = isObject(under) && isObject(value) ? mergedDeep(under, value) : value;
  }
  return out;
}

/** Completes objects of one API, deterministically from `seed`; creation times start at `creationBaseMs`. */
export function completer(api: ApiName, seed: number, creationBaseMs = CREATION_BASE_MS, apis: ApiSet): Completer {
  const op = taskOperation(api, apis);
  const idField = op.idField;
  const profile = generatorsOf(api, apis);
  const sessionField = sessionFieldOf(op);
  let drawn = 0;
  let created = 0;
  const draw = (target: RuleTarget) =>
    fc.sample(validObject(api, target, { apis }), { seed: seed * 7919 + drawn++, numRuns: 1 })[0]!;
  return {
    complete(target, partial, session, base) {
      // Each new object is created one minute after the previous one.
      const generated = base ?? profile.stampCreation(target, draw(target), creationBaseMs + ++created * 60_000);
      const placed: JsonObject = {};
      if (target === 'task' && session !== undefined && sessionField) setField(placed, sessionField, session);
      const merged = mergedDeep(mergedDeep(generated, partial), placed);
      if (target === 'task') profile.finish?.(merged);
      const repaired = repair(api, target, merged, undefined, apis);
      return mergedDeep(mergedDeep(repaired, partial), placed);
    },
    freshId(target) {
      return String(fieldValue(draw(target), target === 'session' ? '/id' : idField));
    },
  };
}

/** A member of a partial object that its schema does not declare: most likely a misspelt field. */
export interface UnknownMember {
  /** Where, as a path of keys (`tool.nmae`). */
  path: string;
  name: string;
  /** The declared name it most likely meant. */
  closest?: string;
  /** The names declared where it stands. */
  declared: string[];
}

/**
 * The members of a partial object that the spec does not declare, at any depth where its schema
 * lists members one by one (a free-form object or one open to other members takes anything).
 */
export function unknownMembers(api: ApiName, target: RuleTarget, partial: JsonObject, apis: ApiSet): UnknownMember[] {
  const out: UnknownMember[] = [];
  const visit = (schema: JsonSchema, value: JsonObject, keys: string[]) => {
    const declared = memberNames(api, schema, 'strict', apis);
    const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
    if (!declared || open) return;
    for (const [name, child] of Object.entries(value)) {
      const path = [...keys, name];
      if (!declared.includes(name)) {
        const closest = closestName(name, declared);
        out.push({ path: path.join('.'), name, ...(closest ? { closest } : {}), declared });
        continue;
      }
      const member = memberAt(api, schema, [name], 'strict', apis);
      const items = Array.isArray(child) ? child : [child];
      const itemSchema = Array.isArray(child) ? (member?.schema.items as JsonSchema | undefined) : member?.schema;
      if (!itemSchema) continue;
      items.forEach((item, i) => {
        if (isObject(item)) visit(itemSchema, item, Array.isArray(child) ? [...path, String(i)] : path);
      });
    }
  };
  visit(componentRef(componentOf(api, target, apis)), partial, []);
  return out;
}
