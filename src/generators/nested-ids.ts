/**
 * Ids inside an object (Ark's `tool.tool_use_id`, a JSON-RPC output item's `call_id`): each names
 * a thing of its own, made once, so no two objects of one list share one. A profile names them by
 * path; `IdBook` keeps them unique across the objects of one run, as `drawObjects` does the object's id.
 */
import type { JsonObject } from '../contract/rules/types.js';
import { hex8 } from './digits.js';
import { pathSteps } from './member-paths.js';
import { isPlain } from './plain-text.js';
import type { Backend } from './schema-arbitrary.js';

/** What a path's visitor does at each place it reaches: `holder[key]` is an id there. */
type At = (holder: JsonObject, key: string) => void;
type Visit = (value: unknown, at: At) => void;

const isHolder = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The visitor of `output[].call_id`: its steps made into functions once, not read again per object. */
function visitorOf(steps: readonly string[]): Visit {
  let visit: Visit = (value, at) => {
    if (isHolder(value) && key in value) at(value, key);
  };
  const key = steps[steps.length - 1]!;
  for (let i = steps.length - 2; i >= 0; i--) {
    const next = visit;
    const step = steps[i]!;
    visit =
      step === '[]'
        ? (value, at) => {
            if (Array.isArray(value)) for (const item of value) next(item, at);
          }
        : (value, at) => {
            if (isHolder(value)) next(value[step], at);
          };
  }
  return visit;
}

const visitors = new Map<string, Visit>();

/** The string values at `path` in `item` (nulls and absent members left out). */
export function idsAt(item: JsonObject, path: string): string[] {
  let visit = visitors.get(path);
  if (!visit) visitors.set(path, (visit = visitorOf(pathSteps(path))));
  const out: string[] = [];
  visit(item, (holder, key) => {
    const id = holder[key];
    if (typeof id === 'string') out.push(id);
  });
  return out;
}

/**
 * Adds `value` to `seen`; whether it was not there yet. One lookup where `has` then `add` took two:
 * a list of 100,000 sessions keeps some 300,000 nested ids.
 */
export function isNew<T>(seen: Set<T>, value: T): boolean {
  const before = seen.size;
  return seen.add(value).size > before;
}

/**
 * The nested ids given so far, by path. `keep` makes an object's ones unique: a repeated id takes
 * a base-36 suffix (`toolu_0003_1`), so an edge-case id (`""`, a long one) still comes, once.
 */
export class IdBook {
  private readonly paths: { visit: Visit; at: At }[];
  private suffix = 0;

  constructor(paths: readonly string[]) {
    this.paths = paths.map((path) => {
      const seen = new Set<string>();
      const at: At = (holder, key) => {
        const id = holder[key];
        if (typeof id !== 'string' || isNew(seen, id)) return;
        let unique: string;
        do unique = `${id}_${(++this.suffix).toString(36)}`;
        while (!isNew(seen, unique));
        holder[key] = unique;
      };
      return { visit: visitorOf(pathSteps(path)), at };
    });
  }

  /** Whether it keeps no path. */
  get empty(): boolean {
    return this.paths.length === 0;
  }

  /** Changes the repeated nested ids of `item` in place. */
  keep(item: JsonObject): void {
    for (const { visit, at } of this.paths) visit(item, at);
  }
}

/**
 * A prefix and 62 random bits in hex, for a nested id that objects drawn one at a time (an added task,
 * a scenario's partial task) must not share either. The bits are drawn evenly: a draw that leans to
 * its bounds (fast-check's default) repeats the same few values across objects drawn with different
 * seeds. The high half is a `distinct` draw, so the ids of one bulk run are unique by construction.
 */
export function randomId<A>(b: Backend<A>, prefix: string): A {
  return b.map(
    b.tuple([b.distinct(0, 0x7fffffff), b.uniform(0, 0x7fffffff)]),
    ([hi, lo]: [number, number]) => `${prefix}${hex8(hi)}${hex8(lo)}`,
    { injective: true, plain: isPlain(prefix) },
  );
}
