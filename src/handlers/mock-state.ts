/**
 * What a running mock says of itself: its state (`state()`, `GET /__mock/state`, the answer of
 * every control `POST`), each API's sessions and the faults each API can inject.
 */

import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import type { ClockState } from './clock.js';
import { type FaultEffect, type FaultId, faultsIn } from './faults/index.js';
import type { StandingOutage } from './outages.js';
import type { MockStore } from './store.js';
import type { ScenarioState } from './timeline.js';

/** What `state()` and `GET /__mock/state` say of the mock. */
export interface MockState {
  seed: number;
  /** Lifecycle steps the demo tasks have taken (`advance`). */
  advanced: number;
  faults: string[];
  /** What each injected fault changes (and how many objects an item rule's fault has broken). */
  faultEffects: FaultEffect[];
  latencyMs: number;
  /** The outages asked for, each with the requests it still takes (`remaining`, null: all). */
  outages: StandingOutage[];
  scenario: ScenarioState | null;
  clock: ClockState;
  /** How many tasks each API serves: a playing scenario's API, those of the scenario's current step. */
  tasks: Record<ApiName, number>;
  /** Sessions put in by `addTasks`, by API. */
  added: Record<ApiName, string[]>;
}

/** The store an API's list requests are answered from (a playing scenario's, for its API). */
type StoreOf = (api: ApiName) => MockStore;

/** How many tasks each API serves. */
export function taskCounts(storeOf: StoreOf, served: readonly ApiName[]): Record<ApiName, number> {
  return Object.fromEntries(served.map((api) => [api, storeOf(api).taskCount(api)])) as Record<ApiName, number>;
}

/** Each API's sessions (at most 100, in creation order) and how many tasks each holds, as served. */
export function sessionsOf(
  storeOf: StoreOf,
  served: readonly ApiName[],
): Record<ApiName, { session: string; tasks: number }[]> {
  return Object.fromEntries(
    served.map((api) => [
      api,
      storeOf(api)
        .sessionsOf(api)
        .slice(0, MAX_LISTED_SESSIONS)
        .map((session) => ({ session, tasks: storeOf(api).taskCount(api, session) })),
    ]),
  ) as Record<ApiName, { session: string; tasks: number }[]>;
}

/** The fault ids each of these APIs can inject. */
export function injectableFaults(served: readonly ApiName[], apis: ApiSet): Record<ApiName, FaultId[]> {
  return Object.fromEntries(served.map((api) => [api, faultsIn(apis, api)])) as Record<ApiName, FaultId[]>;
}

const MAX_LISTED_SESSIONS = 100;
