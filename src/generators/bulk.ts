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
import type { RuleKit } from './rule-kit.js';
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
 * One run of bulk draws: object `i` of it is made from stream `i` of the seed (see Rng.reset), then
 * its ids made unique among the objects made before it, then repaired (or broken). The profile's
 * nested ids are kept unique as drawn, before the repairs and the break: what a break sets (a child
 * session that is the task's own) stays as the rule needs it.
 */
export class BulkRun {
  private readonly draw: Draw;
  private readonly idField: string | undefined;
  private readonly drawId: Draw | undefined;
  private readonly fix: (item: JsonObject) => JsonObject;
  private readonly kit: RuleKit | undefined;
  private readonly nested: IdBook;
  private readonly seen = new Set<unknown>();
  private readonly r = new Rng(0);

  constructor(
    private readonly face: Face,
    private readonly target: RuleTarget,
    private readonly options: DrawOptions,
  ) {
    const w = walker(face, options.edge ?? false);
    const component = componentOf(face, target);
    this.draw = w.component(component);
    this.idField = operationsOf(face).find((op) => op.target === target)?.idField;
    this.drawId = this.idField === undefined ? undefined : w.property(component, this.idField);
    this.fix = repairerFor(face, target);
    this.kit = options.breaks === undefined ? undefined : kitOf(face, options.breaks);
    this.nested = new IdBook(generatorsOf(face).nestedIds?.[target] ?? []);
  }

  /** Forgets the ids made so far: the next objects are unique among themselves only. */
  restart(): void {
    this.seen.clear();
    this.nested.clear();
  }

  /**
   * Keeps the ids an object made by another run gave (from `from` in `ids`), if none of them was
   * made by this one. Returns where the next object's ids start, or -1 when one was (nothing kept).
   */
  takeDraft(ids: readonly unknown[], from: number): number {
    const hasId = ids[from] === 1;
    const nestedFrom = from + (hasId ? 2 : 1);
    if (hasId && this.seen.has(ids[from + 1])) return -1;
    const next = this.nested.takeListed(ids, nestedFrom);
    if (next >= 0 && hasId) this.seen.add(ids[from + 1]);
    return next;
  }

  /** Where the ids listed from `from` in `ids` end. */
  draftEnd(ids: readonly unknown[], from: number): number {
    let at = from + (ids[from] === 1 ? 2 : 1);
    for (let p = 0; p < this.nested.size; p++) at += (ids[at] as number) + 1;
    return at;
  }

  /**
   * Object `i`, its ids unique among those made before it (since `restart`); with `ids`, its ids
   * are pushed there for `takeDraft`, as made unique and before any repair or break.
   */
  make(i: number, ids?: unknown[]): JsonObject {
    // Object `i` draws from stream `i` of the seed, so that another thread can make it alone.
    const r = this.r.reset(this.options.seed, i);
    const item = this.draw(r) as JsonObject;
    const { idField, drawId, seen } = this;
    if (idField !== undefined && drawId !== undefined && idField in item) {
      let id = item[idField];
      if (!isNew(seen, id)) {
        for (let tries = 0; !isNew(seen, id); tries++)
          id = tries < REDRAWS ? drawId(r) : `${String(id)}${i.toString(36)}`;
        item[idField] = id as JsonObject[string];
      }
    }
    this.nested.keep(item);
    if (ids !== undefined) {
      const hasId = idField !== undefined && idField in item;
      ids.push(hasId ? 1 : 0);
      if (hasId) ids.push(item[idField]);
      this.nested.list(item, ids);
    }
    if (this.kit === undefined) return this.fix(item);
    this.fix(item);
    this.kit.break(item);
    return repair(this.face, this.target, item, this.options.breaks);
  }
}

/**
 * Objects are made a chunk at a time (see parallel.ts): ids unique within each chunk as they are
 * drawn (an id drawn twice drawn again), then an object whose ids an earlier chunk gave is made
 * again against every id of the run. Chunks can so be made by separate threads.
 */
export const CHUNK = 2048;

/** Object by object, what `drawObjects` and `drawLines` give: each from the chunk's run or, made again, the run's. */
function* madeInOrder(face: Face, target: RuleTarget, options: DrawOptions): Generator<JsonObject> {
  const chunk = new BulkRun(face, target, options);
  const whole = new BulkRun(face, target, options);
  const ids: unknown[] = [];
  for (let i = 0; i < options.count; i++) {
    if (i % CHUNK === 0) chunk.restart();
    ids.length = 0;
    const item = chunk.make(i, ids);
    yield whole.takeDraft(ids, 0) >= 0 ? item : whole.make(i);
  }
}

/**
 * `count` objects of `target`, deterministic from `seed`, each valid (or breaking `breaks` only),
 * no two with the same id. An id drawn twice is drawn again, so edge-case ids still come, once each.
 * They are the objects whose JSON text `drawLines` gives (`generate` writes).
 */
export function* drawObjects(face: Face, target: RuleTarget, options: DrawOptions): Generator<JsonObject> {
  for (const item of madeInOrder(face, target, options)) yield item;
}

/** The JSON text of each object `drawObjects` gives, one line each (with its newline). */
export function* drawLines(face: Face, target: RuleTarget, options: DrawOptions): Generator<string> {
  for (const item of madeInOrder(face, target, options)) yield `${JSON.stringify(item)}\n`;
}
