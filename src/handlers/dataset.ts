/**
 * The built-in demo data, generated from the contract's generators with a fixed seed, so it is
 * the same on every run. Ids are documented in the README.
 */
import { FACES, type Face } from '../contract/faces.js';
import type { JsonObject } from '../contract/rules/types.js';
import { checkItem } from '../contract/rules/index.js';
import { componentOf } from '../contract/operations.js';
import { validateComponent } from '../contract/validate.js';
import { DEFAULT_SEED, DEMO_SESSION, type DatasetOptions, type DemoRecords } from './demo.js';
import { MockStore } from './store.js';

export { DEMO, type DatasetOptions, type DemoRecords } from './demo.js';

/** Every violation of the strict contract in a set of demo records (list-only rules aside). */
export function validateDemoRecords(records: DemoRecords): string[] {
  const problems: string[] = [];
  const check = (face: Face, target: 'task' | 'session', component: string, item: JsonObject) => {
    for (const v of [...validateComponent(face, component, item), ...checkItem(face, target, item)])
      if (!(target === 'session' && v.rule === 'praxis.session-list-excludes-archived'))
        problems.push(`${face} ${target} ${String(item.id ?? item.task_id)}: ${v.rule} ${v.message}`);
  };
  for (const s of records.sessions) check('praxis', 'session', 'Session', s);
  for (const face of FACES) for (const t of records.tasks[face]) check(face, 'task', componentOf(face, 'task'), t);
  return problems;
}

/** Fills a store with the demo dataset (and optional filler for benchmarks). */
export async function seedDemo(store: MockStore, options: DatasetOptions = {}): Promise<MockStore> {
  const seed = options.seed ?? DEFAULT_SEED;
  // The default seed's records are generated ahead of time (npm run generate): start-up skips sampling.
  // They were validated against the contract when generated (see validateDemoRecords), so they are trusted here.
  const precomputed = seed === DEFAULT_SEED;
  // The generators are loaded only for another seed or filler (start-up time).
  const grow = Object.values(options.sessionTasks ?? {}).some((n) => n !== undefined && n > 0);
  const build = precomputed && !options.fillerTasks && !grow ? undefined : await import('./dataset-build.js');
  // The precomputed records are a chunk of their own in a browser bundle (140 kB of JSON).
  const records = precomputed
    ? ((await import('./generated/demo-data.js')).DEFAULT_DEMO as DemoRecords)
    : build!.buildDemoRecords(seed);
  for (const session of records.sessions) await store.addPraxisSession(structuredClone(session), precomputed);
  for (const face of FACES) {
    store.addSession(face, DEMO_SESSION[face]);
    for (const task of records.tasks[face])
      await store.addTask(face, DEMO_SESSION[face], structuredClone(task), precomputed);
    if (build) await build.addFiller(store, face, options, seed);
    const size = options.sessionTasks?.[face];
    if (build && size !== undefined) await build.growDemoSession(store, face, records.tasks[face], size);
  }
  return store;
}

export async function demoStore(options: DatasetOptions = {}): Promise<MockStore> {
  return seedDemo(new MockStore(), options);
}
