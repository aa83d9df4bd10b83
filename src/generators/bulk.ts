/**
 * Objects in bulk, for a list a user adds as it is (`generate --count 100000`): the values of
 * `validObject` (or `brokenObject`) drawn without fast-check's shrinking machinery, and ids
 * unique within one call, as the contract's ids-unique law wants of a list.
 */

import fc from 'fast-check';
import type { ApiSet, WithApis } from '../contract/api-set.js';
import type { JsonSchema } from '../contract/openapi.js';
import { componentOf, fieldValue, operationsIn, setField, topMemberOf } from '../contract/operations.js';
import { pointerKeys } from '../contract/pointer.js';
import type { ApiName } from '../contract/registry.js';
import { itemRule } from '../contract/rules/index.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import { schemaBundle } from '../contract/schema.js';
import { type Draw, drawBackend, Rng } from './draw.js';
import { pathSteps } from './member-paths.js';
import { IdBook, isNew } from './nested-ids.js';
import { generatorsOf } from './profiles.js';
import { repair, repairerFor } from './repair.js';
import { type Backend, SchemaWalker } from './schema-arbitrary.js';

export interface DrawOptions {
  count: number;
  seed: number;
  /** Lean on values that break clients (see docs/reference.md, "Generate data"). */
  edge?: boolean;
  /** An item rule of the API and target: each object breaks it (and only it), as `brokenObject` does. */
  breaks?: string;
  /** The API set the API is read from (the entries give the built-in one where a caller names none). */
  apis?: ApiSet;
  /**
   * Only the objects of this block of the run (from 0; `BLOCK` objects each, `count` still the run's):
   * the same objects the whole run gives there. Only where `RunIds.independent` holds.
   */
  block?: number;
}

/**
 * A run's objects are drawn in blocks of this many, each block from a random stream of its own and
 * a lane of each distinct range (draw.ts): a block draws the same objects whichever blocks were drawn
 * before it, so that `generate` can draw blocks on several threads and write the same lines. A run
 * of one block draws what the seed drew before blocks; changing this changes the blocks after it.
 * 100,000 Praxis sessions on two threads took 0.89–0.95 s in blocks of 512, 0.97–1.06 s in blocks of
 * 2,048 (a helper's first, slow block holds the writing longer) and 0.96–0.99 s in blocks of 128.
 */
export const BLOCK = 512;

/** The objects a run (or one block of it) draws, and the run's number of blocks. */
export function spanOf({ count, block }: Pick<DrawOptions, 'count' | 'block'>): {
  from: number;
  to: number;
  blocks: number;
} {
  const blocks = Math.max(1, Math.ceil(count / BLOCK));
  if (block === undefined) return { from: 0, to: count, blocks };
  if (!Number.isInteger(block) || block < 0 || block >= blocks)
    throw new RangeError(
      `block ${block} is not one of the run's blocks: ${count} objects make blocks 0 to ${blocks - 1}`,
    );
  return { from: block * BLOCK, to: Math.min(count, (block + 1) * BLOCK), blocks };
}

/** The random source of the block that object `i` starts, in a run of `blocks` blocks. */
export const blockRng = (seed: number, i: number, blocks: number) => new Rng(seed, Math.floor(i / BLOCK), blocks);

/** A field pointer as the generator profiles name a member (`/status/id` is `status.id`). */
const memberPath = (field: string) => pointerKeys(field).join('.');

/** The members of an API's objects that never repeat in a list: each target's id and its nested ids. */
function uniqueMembers(api: ApiName, apis: ApiSet): string[] {
  const nested = generatorsOf(api, apis).nestedIds ?? {};
  return operationsIn(apis, api).flatMap((op) => {
    const component = componentOf(api, op.target, apis);
    const paths = [...(op.idField === undefined ? [] : [memberPath(op.idField)]), ...(nested[op.target] ?? [])];
    return paths.map((path) => `${component}.${path}`);
  });
}

/** The schema walk of an API over one bulk backend (`name` tells the backends apart), made once per set. */
export function bulkWalker<A>(api: ApiName, edge: boolean, apis: ApiSet, backend: Backend<A>, name: string) {
  return apis.derive(`walker|${name}|${api}|${edge}`, () => {
    const defs = schemaBundle(api, 'strict', apis).$defs as Record<string, JsonSchema>;
    const profile = generatorsOf(api, apis);
    const options = {
      edge,
      overrides: profile.overrides?.(fc, edge),
      built: profile.overridesIn?.(backend, edge),
      distinct: uniqueMembers(api, apis),
    };
    return new SchemaWalker(defs, options, backend);
  });
}

/** After this many draws of an id that is taken, a counter suffix makes it unique (a tiny id space). */
const REDRAWS = 16;

/**
 * What keeps the ids of one run unique: nothing for those the walk draws distinct; a set, and a
 * draw again, for the object's id otherwise (an edge-case text, an override's); the profile's
 * nested ids (and an id inside a member) not drawn distinct in an `IdBook`. `members` are the top-level
 * members it reads.
 */
export class RunIds {
  private readonly seen = new Set<unknown>();
  private readonly nested: IdBook;
  readonly members: readonly string[];

  constructor(
    private readonly idField: string | undefined,
    /** Draws the id again; undefined when the walk draws it distinct. */
    private readonly redraw: ((r: Rng) => unknown) | undefined,
    nestedPaths: readonly string[],
  ) {
    this.nested = new IdBook(nestedPaths);
    this.members = [
      ...(idField !== undefined && redraw !== undefined ? [topMemberOf(idField)] : []),
      ...nestedPaths.map((path) => pathSteps(path)[0]!),
    ];
  }

  /** For the walk `w` of an API's objects of `target` (`value` reads a generator's value draw). */
  static of<A>(w: SchemaWalker<A>, value: (a: A) => Draw, api: ApiName, target: RuleTarget, apis: ApiSet): RunIds {
    const component = componentOf(api, target, apis);
    const idField = operationsIn(apis, api).find((op) => op.target === target)?.idField;
    const [member, ...inside] = idField === undefined ? [] : pointerKeys(idField);
    const drawn = member === undefined || w.isDistinct(`${component}.${memberPath(idField!)}`, false);
    // An id inside a member cannot be drawn alone: it is kept unique as a nested id is.
    const drawId = drawn || inside.length > 0 ? undefined : w.property(component, member);
    const paths = [
      ...(generatorsOf(api, apis).nestedIds?.[target] ?? []),
      ...(drawn || inside.length === 0 ? [] : [memberPath(idField!)]),
    ];
    return new RunIds(
      drawId === undefined ? undefined : idField,
      drawId === undefined ? undefined : value(drawId),
      paths.filter((path) => !w.isDistinct(`${component}.${path}`, true)),
    );
  }

  /**
   * Whether ids are unique by construction alone (nothing kept from one object to the next), so
   * that blocks of a run drawn apart never share one.
   */
  get independent(): boolean {
    return this.redraw === undefined && this.nested.empty;
  }

  /** Throws unless blocks of the run may be drawn apart (`DrawOptions.block`). */
  allowBlock(options: DrawOptions): void {
    if (options.block !== undefined && !this.independent)
      throw new Error(
        'these objects keep ids unique with a record of the ids the run gave (an edge-case or override id); ' +
          'draw the run whole, without `block`',
      );
  }

  /** Makes the ids of the `i`-th object of the run, `item`, unique in it. */
  keep(item: JsonObject, r: Rng, i: number): void {
    const { idField, redraw, seen } = this;
    if (idField !== undefined && redraw !== undefined) {
      let id = fieldValue(item, idField);
      if (id !== undefined && !isNew(seen, id)) {
        for (let tries = 0; !isNew(seen, id); tries++)
          id = tries < REDRAWS ? redraw(r) : `${String(id)}${i.toString(36)}`;
        setField(item, idField, id as JsonObject[string]);
      }
    }
    this.nested.keep(item);
  }
}

/**
 * `count` objects of `target`, deterministic from `seed`, each valid (or breaking `breaks` only),
 * no two with the same id. An id the walk draws distinct is unique by construction; another one
 * (an edge case, an override's) drawn twice is drawn again, so edge-case ids still come, once each.
 * The profile's nested ids are kept unique as drawn, before the repairs and the break: what a
 * break sets (a child session that is the task's own) stays as the rule needs it.
 */
export function* drawObjects(api: ApiName, target: RuleTarget, options: WithApis<DrawOptions>): Generator<JsonObject> {
  const { apis } = options;
  const w = bulkWalker(api, options.edge ?? false, apis, drawBackend, 'draw');
  const draw = w.component(componentOf(api, target, apis));
  const ids = RunIds.of(w, (a) => a, api, target, apis);
  const fix = repairerFor(api, target, apis);
  const broken = options.breaks === undefined ? undefined : itemRule(options.breaks, apis).repair;
  ids.allowBlock(options);
  const { from, to, blocks } = spanOf(options);
  let r = blockRng(options.seed, from, blocks);
  for (let i = from; i < to; i++) {
    if (i % BLOCK === 0 && i > from) r = blockRng(options.seed, i, blocks);
    const item = draw(r) as JsonObject;
    ids.keep(item, r, i);
    if (broken === undefined) yield fix(item);
    else {
      fix(item);
      broken.break(item);
      yield repair(api, target, item, options.breaks, apis);
    }
  }
}
