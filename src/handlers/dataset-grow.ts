/**
 * Growing a demo session (`mock --tasks N`) from its checked demo tasks: the API's demo shape and
 * the generators' repairs, no sampling, so growth loads no fast-check (start-up time).
 */

import type { ApiSet } from '../contract/api-set.js';
import { taskOperation } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import { repairerFor } from '../generators/repair.js';
import { mockOf } from './apis.js';
import { copyJson } from './demo.js';
import type { MockStore } from './store.js';

export const BASE_MS = Date.UTC(2026, 10, 29, 8, 0, 0);
const HOUR_MS = 3_600_000;
/**
 * Every time of the demo data, grown to any count, is before this: the day after BASE_MS. A clock
 * that has reached it (a real one has) sees no task created, started or ended in its future.
 */
export const DEMO_DAY_END_MS = BASE_MS + 24 * HOUR_MS;

/**
 * The creation time of the k-th of `count` tasks made between two times: a second apart while
 * they fit, closer (the same millisecond, at worst) where they do not, so no count passes `untilMs`.
 */
export function spacedTime(fromMs: number, untilMs: number, count: number): (k: number) => number {
  const stepMs = Math.min(1000, (untilMs - fromMs) / Math.max(1, count));
  return (k) => fromMs + Math.floor(k * stepMs);
}

export function statesOf(api: ApiName, apis: ApiSet): readonly string[] {
  return taskOperation(api, apis).lifecycle!.states;
}

type Shaper = (
  raw: JsonObject,
  i: number,
  session: string,
  state: string,
  createdMs: number,
  prefix: string,
) => JsonObject;

/**
 * Shapes generated tasks into demo task number `i` of a session, in a given state (the API's
 * demo shape), then repairs them; the shape and the repairs are looked up once (a million tasks).
 */
export function shaper(api: ApiName, apis: ApiSet): Shaper {
  const shape = mockOf(api, apis).demo;
  if (!shape) throw new Error(`API "${api}" has no demo shape; give its mock profile a demo to build demo data`);
  const fix = repairerFor(api, 'task', apis);
  return (raw, i, session, state, createdMs, prefix) => fix(shape.shapeTask(raw, i, session, state, createdMs, prefix));
}

/**
 * Fills an API's demo session up to `size` tasks (`mock --tasks N`): the demo's numbering
 * continued (`task-demo048`…), copies of the demo tasks, every state in turn, each no older than
 * the one before and all within the demo's day (DEMO_DAY_END_MS), so the demo states stay present
 * and a UI can be load-tested on a huge list whose times are all in the past.
 * Built from checked demo objects by the API's demo shape and the generators' repairs, which
 * test/handlers/scale.test.ts proves valid deep into a grown session, so none is checked again.
 */
export function growDemoSession(store: MockStore, api: ApiName, demo: readonly JsonObject[], size: number): void {
  const { apis } = store;
  const states = statesOf(api, apis);
  const session = mockOf(api, apis).demo!.session;
  const grown = Math.max(0, size - demo.length);
  // An hour short of the day's end: the times a demo shape sets after a creation (an end, a
  // notification, 95 s at most) stay within the day too.
  const createdAt = spacedTime(BASE_MS + demo.length * 60_000, DEMO_DAY_END_MS - HOUR_MS, grown);
  const shapeTask = shaper(api, apis);
  // Frozen, the demo tasks' nested objects and arrays are shared by all their copies (copyJson
  // shares frozen values) instead of copied into each: most of a JSON-RPC task's memory. What
  // the shape or a repair changes, it replaces (a frozen object refuses a change in place).
  const frozen = demo.map((raw) => deepFreeze(copyJson(raw)));
  // Task k is demo task number demo.length + k, in the state that number is in.
  const cycle = states.map((_, j) => states[(demo.length + j) % states.length]!);
  store.addBuiltTasks(
    api,
    session,
    grown,
    (k) => {
      const i = demo.length + k;
      return shapeTask(frozen[i % demo.length]!, i, session, cycle[k % cycle.length]!, createdAt(k), 'demo');
    },
    cycle,
  );
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}
