/**
 * The built-in demo data, generated from the contract's generators with a fixed seed, so it is
 * the same on every run. Ids are documented in docs/standalone-server.md.
 */

import type { ApiSet } from '../contract/api-set.js';
import { componentOf } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { checkItem, itemRule } from '../contract/rules/index.js';
import type { JsonObject } from '../contract/rules/types.js';
import { validateComponent } from '../contract/validate.js';
import { demoApiNames, mockOf } from './apis.js';
import { type DatasetOptions, DEFAULT_SEED, type DemoRecords } from './demo.js';
import type { DemoShape } from './profile.js';
import { MockStore } from './store.js';

export type { DatasetOptions, DemoRecords } from './demo.js';

/** The API whose demo has session objects (its session list): looked up when used, once the APIs are installed. */
const sessionApi = (apis: ApiSet): ApiName | undefined =>
  demoApiNames(apis).find((api) => mockOf(api, apis).demo?.sessions);

/** Every violation of the strict contract in a set of demo records (list-only rules aside). */
export function validateDemoRecords(records: DemoRecords, apis: ApiSet): string[] {
  const problems: string[] = [];
  const check = (api: ApiName, target: 'task' | 'session', component: string, item: JsonObject) => {
    // A stored object need not satisfy a rule about what lists show (archived sessions exist).
    for (const v of [
      ...validateComponent(api, component, item, 'strict', apis),
      ...checkItem(api, target, item, '', apis),
    ])
      if (!itemRule(v.law, apis)?.listOnly)
        problems.push(`${api} ${target} ${String(item.id ?? item.task_id)}: ${v.law} ${v.message}`);
  };
  const withSessions = sessionApi(apis);
  if (withSessions)
    for (const s of records.sessions) check(withSessions, 'session', componentOf(withSessions, 'session', apis), s);
  for (const api of demoApiNames(apis))
    for (const t of records.tasks[api] ?? []) check(api, 'task', componentOf(api, 'task', apis), t);
  return problems;
}

/**
 * The records the default seed gives, made ahead of time by the modules that declare them
 * (`DemoShape.precomputed`): only where every API of the demo declares the same ones, so a set's own
 * module of a built-in name builds its own.
 */
function precomputedOf(apis: ApiSet): DemoShape['precomputed'] {
  const loaders = new Set(demoApiNames(apis).map((api) => mockOf(api, apis).demo?.precomputed));
  const [loader] = loaders;
  return loaders.size === 1 ? loader : undefined;
}

/** Fills a store with the demo dataset (and optional filler for benchmarks). */
export async function addDemo(store: MockStore, options: DatasetOptions = {}): Promise<MockStore> {
  const seed = options.seed ?? DEFAULT_SEED;
  // The default seed's records are generated ahead of time (npm run generate): start-up skips sampling.
  // They were validated against the contract when generated (see validateDemoRecords), so they are trusted here.
  // Only for the modules they were made from: a set's own module of a built-in name builds its own.
  const loader = seed === DEFAULT_SEED ? precomputedOf(store.apis) : undefined;
  const precomputed = loader !== undefined;
  // The generators are loaded only for another seed or filler, growth's shapes and repairs only
  // for growth (start-up time: `mock --tasks` loads no fast-check).
  const grows = Object.values(options.sessionTasks ?? {}).some((n) => n !== undefined && n > 0);
  const build = precomputed && !options.fillerTasks ? undefined : await import('./dataset-build.js');
  const grow = grows ? await import('./dataset-grow.js') : undefined;
  // The precomputed records are a chunk of their own in a browser bundle (140 kB of JSON).
  const records = loader ? await loader() : build!.buildDemoRecords(seed, store.apis);
  const { apis } = store;
  const withSessions = sessionApi(apis);
  if (withSessions)
    for (const session of records.sessions)
      await store.addSessionObject(withSessions, structuredClone(session), precomputed);
  for (const api of demoApiNames(apis)) {
    const { session } = mockOf(api, apis).demo!;
    store.addSession(api, session);
    for (const task of records.tasks[api] ?? []) await store.addTask(api, session, structuredClone(task), precomputed);
    if (build) await build.addFiller(store, api, options, seed);
    const size = options.sessionTasks?.[api];
    if (grow && size !== undefined) grow.growDemoSession(store, api, records.tasks[api] ?? [], size);
  }
  return store;
}

export async function demoStore(apis: ApiSet, options: DatasetOptions = {}): Promise<MockStore> {
  return addDemo(new MockStore(apis), options);
}
