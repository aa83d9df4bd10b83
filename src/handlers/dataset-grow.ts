/**
 * Growing a demo session (`mock --tasks N`) from its checked demo tasks: the API's demo shape and
 * the generators' repairs, no sampling, so growth loads no fast-check (start-up time).
 */

import { type ApiSet, processApis } from '../contract/api-set.js';
import { taskOperation } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import { repairerFor } from '../generators/repair.js';
import { mockOf } from './apis.js';
import { copyJson } from './demo.js';
import type { MockStore } from './store.js';

export const BASE_MS = Date.UTC(2026, 10, 29, 8, 0, 0);

export function statesOf(api: ApiName, apis: ApiSet = processApis()): readonly string[] {
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
export function shaper(api: ApiName, apis: ApiSet = processApis()): Shaper {
  const shape = mockOf(api, apis).demo;
  if (!shape) throw new Error(`API "${api}" has no demo shape; give its mock profile a demo to build demo data`);
  const fix = repairerFor(api, 'task', apis);
  return (raw, i, session, state, createdMs, prefix) => fix(shape.shapeTask(raw, i, session, state, createdMs, prefix));
}

/**
 * Fills an API's demo session up to `size` tasks (`mock --tasks N`): the demo's numbering
 * continued (`task-demo048`…), copies of the demo tasks, every state in turn, each newer than
 * the one before, so the demo states stay present and a UI can be load-tested on a huge list.
 * Built from checked demo objects by the API's demo shape and the generators' repairs, which
 * test/handlers/scale.test.ts proves valid deep into a grown session, so none is checked again.
 */
export function growDemoSession(store: MockStore, api: ApiName, demo: readonly JsonObject[], size: number): void {
  const { apis } = store;
  const states = statesOf(api, apis);
  const session = mockOf(api, apis).demo!.session;
  const start = BASE_MS + demo.length * 60_000;
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
    Math.max(0, size - demo.length),
    (k) => {
      const i = demo.length + k;
      return shapeTask(frozen[i % demo.length]!, i, session, cycle[k % cycle.length]!, start + k * 1000, 'demo');
    },
    cycle,
  );
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}
