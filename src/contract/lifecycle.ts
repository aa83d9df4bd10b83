import type { ApiName } from './api-types.js';
import type { Source } from './violation.js';

/**
 * A task lifecycle: its states and the direct transitions the documents allow. Over time, an
 * observer polling a list may miss intermediate states, so what is checked between two
 * observations is reachability, not a direct edge.
 */
/** A lifecycle; `S` is the API's generated state union, so a misspelt state is a compile error. */
export interface Lifecycle<S extends string = string> {
  api: ApiName;
  states: readonly S[];
  terminal: readonly S[];
  transitions: Readonly<Partial<Record<S, readonly S[]>>>;
  source: Source;
}

export function isTerminal(lifecycle: Lifecycle, state: string): boolean {
  return lifecycle.terminal.includes(state);
}

const reachCache = new WeakMap<Lifecycle, Map<string, Set<string>>>();

/** The states reachable from `from` in zero or more steps. */
function reachableFrom(lifecycle: Lifecycle, from: string): ReadonlySet<string> {
  let byState = reachCache.get(lifecycle);
  if (!byState) {
    byState = new Map();
    reachCache.set(lifecycle, byState);
  }
  const cached = byState.get(from);
  if (cached) return cached;
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const state = queue.shift() as string;
    for (const next of lifecycle.transitions[state] ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  byState.set(from, seen);
  return seen;
}

/** Whether a task seen in `from` may later be seen in `to` (same state counts). */
export function mayFollow(lifecycle: Lifecycle, from: string, to: string): boolean {
  if (!lifecycle.states.includes(from) || !lifecycle.states.includes(to)) return true; // schema's business
  return reachableFrom(lifecycle, from).has(to);
}

/**
 * Transitions of a lifecycle whose document names only which states are final: every live
 * state may move to any other state, the final states never move again.
 */
export function liveToAnyTransitions(live: readonly string[], terminal: readonly string[]): Record<string, string[]> {
  const all = [...live, ...terminal];
  return Object.fromEntries(live.map((state) => [state, all.filter((s) => s !== state)]));
}

/** Builds the direct transitions from documented paths such as `created -> working -> completed`. */
export function transitionsFromPaths(paths: readonly (readonly string[])[]): Record<string, string[]> {
  const transitions: Record<string, string[]> = {};
  for (const path of paths) {
    for (let i = 0; i + 1 < path.length; i++) {
      const from = path[i] as string;
      const to = path[i + 1] as string;
      const list = (transitions[from] ??= []);
      if (!list.includes(to)) list.push(to);
    }
  }
  return transitions;
}
