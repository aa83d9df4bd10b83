/**
 * Ids inside an object (Ark's `tool.tool_use_id`, a JSON-RPC output item's `call_id`): each names
 * a thing of its own, made once, so no two objects of one list share one. A profile names them by
 * path; `IdBook` keeps them unique across the objects of one run, as `drawObjects` does the object's id.
 */
import type { JsonObject } from '../contract/rules/types.js';

/** Calls `at` for each place (`holder[key]`) the path reaches in `value`; `[]` steps into every item of an array. */
function visitPath(
  value: unknown,
  steps: readonly string[],
  from: number,
  at: (holder: JsonObject, key: string) => void,
) {
  if (value === null || typeof value !== 'object') return;
  const step = steps[from]!;
  if (step === '[]') {
    if (Array.isArray(value)) for (const item of value) visitPath(item, steps, from + 1, at);
    return;
  }
  if (Array.isArray(value)) return;
  const holder = value as JsonObject;
  if (from === steps.length - 1) {
    if (step in holder) at(holder, step);
  } else visitPath(holder[step], steps, from + 1, at);
}

/** `output[].call_id` as steps: `output`, `[]`, `call_id`. */
function pathSteps(path: string): string[] {
  return path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part]));
}

/** The string values at `path` in `item` (nulls and absent members left out). */
export function idsAt(item: JsonObject, path: string): string[] {
  const out: string[] = [];
  visitPath(item, pathSteps(path), 0, (holder, key) => {
    const id = holder[key];
    if (typeof id === 'string') out.push(id);
  });
  return out;
}

/**
 * The nested ids given so far, by path. `keep` makes an object's ones unique: a repeated id takes
 * a base-36 suffix (`toolu_0003_1`), so an edge-case id (`""`, a long one) still comes, once.
 */
export class IdBook {
  private readonly paths: { steps: string[]; seen: Set<string> }[];
  private suffix = 0;

  constructor(paths: readonly string[]) {
    this.paths = paths.map((path) => ({ steps: pathSteps(path), seen: new Set() }));
  }

  /** Changes the repeated nested ids of `item` in place. */
  keep(item: JsonObject): void {
    for (const { steps, seen } of this.paths)
      visitPath(item, steps, 0, (holder, key) => {
        const id = holder[key];
        if (typeof id !== 'string') return;
        let unique = id;
        while (seen.has(unique)) unique = `${id}_${(++this.suffix).toString(36)}`;
        seen.add(unique);
        if (unique !== id) holder[key] = unique;
      });
  }
}
