/** Building demo data from the generators (another seed than the default, benchmark filler): fast-check. */
import fc from 'fast-check';
import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import { validObject } from '../generators/objects.js';
import { repairerFor } from '../generators/repair.js';
import { demoApiNames, mockOf } from './apis.js';
import { BASE_MS, shaper, spacedTime, statesOf } from './dataset-grow.js';
import { type DatasetOptions, DEFAULT_SEED, type DemoRecords } from './demo.js';
import type { MockStore } from './store.js';

function sample(api: ApiName, target: 'task' | 'session', count: number, seed: number, apis: ApiSet): JsonObject[] {
  return count === 0 ? [] : fc.sample(validObject(api, target, { apis }), { seed, numRuns: count });
}

/** Generates the demo objects of a seed: deterministic, every state of every API present. */
export function buildDemoRecords(seed: number = DEFAULT_SEED, apis: ApiSet): DemoRecords {
  // The APIs whose demo has session objects of their own (Praxis's session list).
  const sessions = demoApiNames(apis).flatMap((api) => {
    const shape = mockOf(api, apis).demo?.sessions;
    return shape
      ? sample(api, 'session', shape.count, seed, apis).map((raw, i, all) =>
          shape.shape(raw, i, all.length, BASE_MS, repairerFor(api, 'session', apis)),
        )
      : [];
  });
  const tasks = {} as Record<ApiName, JsonObject[]>;
  for (const api of demoApiNames(apis)) {
    const states = statesOf(api, apis);
    const demo = mockOf(api, apis).demo!;
    const shapeTask = shaper(api, apis);
    tasks[api] = sample(api, 'task', demo.taskCount, seed + 1, apis).map((raw, i) =>
      shapeTask(raw, i, demo.session, states[i % states.length]!, BASE_MS + i * 60_000, 'demo'),
    );
  }
  return { sessions, tasks };
}

export async function addFiller(store: MockStore, api: ApiName, options: DatasetOptions, seed: number): Promise<void> {
  const filler = options.fillerTasks ?? 0;
  if (filler === 0) return;
  const perSession = options.fillerPerSession ?? 100;
  const { apis } = store;
  const states = statesOf(api, apis);
  // A pool of generated shapes reused round-robin keeps filling large stores fast.
  const pool = sample(api, 'task', Math.min(filler, 500), seed + 2, apis);
  const shapeTask = shaper(api, apis);
  // In the day before the demo's, an hour short of it (the times a shape sets after a creation).
  const createdAt = spacedTime(BASE_MS - 86_400_000, BASE_MS - 3_600_000, filler);
  for (let i = 0; i < filler; i++) {
    const s = Math.floor(i / perSession);
    const session = mockOf(api, apis).demo!.fillerSession(s);
    await store.addTask(
      api,
      session,
      shapeTask(pool[i % pool.length]!, i, session, states[i % states.length]!, createdAt(i), `f${s}x`),
    );
  }
}
