/**
 * Objects in bulk, for a list a user seeds as it is (`generate --count 100000`): the values of
 * `validObject` (or `brokenObject`) drawn without fast-check's shrinking machinery, and ids
 * unique within one call, as the contract's ids-unique law wants of a list.
 */

import fc from 'fast-check';
import type { Face } from '../contract/faces.js';
import type { JsonSchema } from '../contract/openapi.js';
import { componentOf, operationsOf } from '../contract/operations.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { schemaBundle } from '../contract/schema.js';
import { type Draw, drawBackend, Rng } from './draw.js';
import { IdBook, isNew } from './nested-ids.js';
import { generatorsOf, kitOf } from './profiles.js';
import { repair, repairerFor } from './repair.js';
import { SchemaWalker } from './schema-arbitrary.js';

export interface DrawOptions {
  count: number;
  seed: number;
  /** Lean on values that break clients (see README: generators). */
  edge?: boolean;
  /** An item rule of the face and target: each object breaks it (and only it), as `brokenObject` does. */
  breaks?: string;
}

const walkers = new Map<string, SchemaWalker<Draw>>();
function walker(face: Face, edge: boolean): SchemaWalker<Draw> {
  const key = `${face}|${edge}`;
  let w = walkers.get(key);
  if (!w) {
    const defs = schemaBundle(face, 'strict').$defs as Record<string, JsonSchema>;
    const profile = generatorsOf(face);
    const overrides = {
      edge,
      overrides: profile.overrides?.(fc, edge),
      built: profile.overridesIn?.(drawBackend, edge),
    };
    w = new SchemaWalker(defs, overrides, drawBackend);
    walkers.set(key, w);
  }
  return w;
}

/** After this many draws of an id that is taken, a counter suffix makes it unique (a tiny id space). */
const REDRAWS = 16;

/**
 * `count` objects of `target`, deterministic from `seed`, each valid (or breaking `breaks` only),
 * no two with the same id. An id drawn twice is drawn again, so edge-case ids still come, once each.
 * The profile's nested ids are kept unique as drawn, before the repairs and the break: what a
 * break sets (a child session that is the task's own) stays as the rule needs it.
 */
export function* drawObjects(face: Face, target: RuleTarget, options: DrawOptions): Generator<JsonObject> {
  const edge = options.edge ?? false;
  const w = walker(face, edge);
  const component = componentOf(face, target);
  const draw = w.component(component);
  const idField = operationsOf(face).find((op) => op.target === target)?.idField;
  const drawId = idField === undefined ? undefined : w.property(component, idField);
  const fix = repairerFor(face, target);
  const kit = options.breaks === undefined ? undefined : kitOf(face, options.breaks);
  const nested = new IdBook(generatorsOf(face).nestedIds?.[target] ?? []);
  const seen = new Set<unknown>();
  const r = new Rng(options.seed);
  for (let i = 0; i < options.count; i++) {
    const item = draw(r) as JsonObject;
    if (idField !== undefined && drawId !== undefined && idField in item) {
      let id = item[idField];
      if (!isNew(seen, id)) {
        for (let tries = 0; !isNew(seen, id); tries++)
          id = tries < REDRAWS ? drawId(r) : `${String(id)}${i.toString(36)}`;
        item[idField] = id as JsonObject[string];
      }
    }
    nested.keep(item);
    if (kit === undefined) yield fix(item);
    else {
      fix(item);
      kit.break(item);
      yield repair(face, target, item, options.breaks);
    }
  }
}
