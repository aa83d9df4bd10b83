/** Building demo data from the generators (another seed than the default, benchmark filler). */
import fc from 'fast-check';
import { BUILTIN_FACES, type Face } from '../contract/faces.js';
import { taskOperation } from '../contract/operations.js';
import type { JsonObject } from '../contract/rules/types.js';
import { validObject } from '../generators/objects.js';
import { repairerFor } from '../generators/repair.js';
import { mockOf } from './apis.js';
import { copyJson, type DatasetOptions, DEFAULT_SEED, type DemoRecords } from './demo.js';
import type { MockStore } from './store.js';

const BASE_MS = Date.UTC(2026, 10, 29, 8, 0, 0);

function statesOf(face: Face): readonly string[] {
  return taskOperation(face).lifecycle!.states;
}

function sample(face: Face, target: 'task' | 'session', count: number, seed: number): JsonObject[] {
  return count === 0 ? [] : fc.sample(validObject(face, target), { seed, numRuns: count });
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
function shaper(face: Face): Shaper {
  const shape = mockOf(face).demo;
  if (!shape) throw new Error(`API "${face}" has no demo shape; give its mock profile a demo to build demo data`);
  const fix = repairerFor(face, 'task');
  return (raw, i, session, state, createdMs, prefix) => fix(shape.shapeTask(raw, i, session, state, createdMs, prefix));
}

/** Generates the demo objects of a seed: deterministic, every state of every API present. */
export function buildDemoRecords(seed: number = DEFAULT_SEED): DemoRecords {
  // The APIs whose demo has session objects of their own (Praxis's session list).
  const sessions = BUILTIN_FACES.flatMap((face) => {
    const shape = mockOf(face).demo?.sessions;
    return shape
      ? sample(face, 'session', shape.count, seed).map((raw, i, all) => shape.shape(raw, i, all.length, BASE_MS))
      : [];
  });
  const tasks = {} as Record<Face, JsonObject[]>;
  for (const face of BUILTIN_FACES) {
    const states = statesOf(face);
    const demo = mockOf(face).demo!;
    const shapeTask = shaper(face);
    tasks[face] = sample(face, 'task', demo.taskCount, seed + 1).map((raw, i) =>
      shapeTask(raw, i, demo.session, states[i % states.length]!, BASE_MS + i * 60_000, 'demo'),
    );
  }
  return { sessions, tasks };
}

export async function addFiller(store: MockStore, face: Face, options: DatasetOptions, seed: number): Promise<void> {
  const filler = options.fillerTasks ?? 0;
  if (filler === 0) return;
  const perSession = options.fillerPerSession ?? 100;
  const states = statesOf(face);
  // A pool of generated shapes reused round-robin keeps seeding fast for large stores.
  const pool = sample(face, 'task', Math.min(filler, 500), seed + 2);
  const shapeTask = shaper(face);
  for (let i = 0; i < filler; i++) {
    const s = Math.floor(i / perSession);
    const session = mockOf(face).demo!.fillerSession(s);
    await store.addTask(
      face,
      session,
      shapeTask(
        pool[i % pool.length]!,
        i,
        session,
        states[i % states.length]!,
        BASE_MS - 86_400_000 + i * 1000,
        `f${s}x`,
      ),
    );
  }
}

/**
 * Fills a face's demo session up to `size` tasks (`mock --tasks N`): the demo's numbering
 * continued (`task-demo048`…), copies of the demo tasks, every state in turn, each newer than
 * the one before, so the demo states stay present and a UI can be load-tested on a huge list.
 * Built from checked demo objects by the API's demo shape and the generators' repairs, which
 * test/handlers/scale.test.ts proves valid deep into a grown session, so none is checked again.
 */
export function growDemoSession(store: MockStore, face: Face, demo: readonly JsonObject[], size: number): void {
  const states = statesOf(face);
  const session = mockOf(face).demo!.session;
  const start = BASE_MS + demo.length * 60_000;
  const shapeTask = shaper(face);
  // Frozen, the demo tasks' nested objects and arrays are shared by all their copies (copyJson
  // shares frozen values) instead of copied into each: most of a JSON-RPC task's memory. What
  // the shape or a repair changes, it replaces (a frozen object refuses a change in place).
  const frozen = demo.map((raw) => deepFreeze(copyJson(raw)));
  store.addBuiltTasks(face, session, Math.max(0, size - demo.length), (k) => {
    const i = demo.length + k;
    return shapeTask(frozen[i % demo.length]!, i, session, states[i % states.length]!, start + k * 1000, 'demo');
  });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}
