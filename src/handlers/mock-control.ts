/**
 * What a test drives a mock with, one interface on every surface: `MockApp` implements it in
 * process, `createHandlers`, `useScenario` and `startMockWorker` hand out their app's, and the HTTP
 * client (`connectMock`, Playwright's `mock`) implements it over `/__mock` from the method table
 * (`control-table.ts`). Every call is async, since the HTTP one must be; a refused call throws a
 * `ControlError` with the same status and words on every surface.
 */

import type { ApiTask, TypedApiName } from '../contract/api-types.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { DeepPartial } from '../types/index.js';
import type { AddTasksOptions } from './add-tasks.js';
import type { ControlClock } from './clock.js';
import type { FaultId } from './faults/index.js';
import type { MockState } from './mock-state.js';
import type { Outage } from './outages.js';
import type { PlayOptions } from './timeline.js';

/** A session the mock serves and how many tasks it holds. */
export interface SessionCount {
  session: string;
  tasks: number;
}

/**
 * A running mock's control. `Scenario` is what `playScenario` takes: the handlers layer knows no
 * scenario format, and the entries narrow it to the library's names and typed scenario objects.
 */
export interface MockControl<Scenario = string | object> {
  /**
   * Back to exactly how the mock was created: its seed's demo data (added sessions gone), its faults
   * and latency, no outages, its scenario at step 0, the clock on real time. For `afterEach`.
   */
  reset(): Promise<void>;
  /** Another deterministic demo dataset (added sessions gone); `reset()` goes back to the first. */
  reseed(seed: number): Promise<void>;
  /**
   * Puts exactly these tasks in a session: each partial (`{ state: 'unknown' }`) is completed by the
   * generators from `options.seed` and checked against the contract; one that cannot be valid is
   * refused, naming the task, the field, the law and the reason. Generated ids are unique in the
   * whole mock, so the same partials can be added to any number of sessions.
   */
  addTasks<F extends TypedApiName>(
    api: F,
    session: string,
    tasks: readonly DeepPartial<ApiTask<F>>[],
    options?: Pick<AddTasksOptions, 'seed'>,
  ): Promise<ApiTask<F>[]>;
  /** An API of a module without an entry in `ApiTypes`: its tasks are JSON objects. */
  addTasks<F extends string>(
    api: F extends TypedApiName ? never : F,
    session: string,
    tasks: readonly JsonObject[],
    options?: Pick<AddTasksOptions, 'seed'>,
  ): Promise<JsonObject[]>;
  /**
   * Plays a scenario (a library name or a scenario object) from its first step, optionally with
   * another progression (`manual`, `time`, `request`) or `stepMs`. While it plays, its data answers
   * every request to its API.
   */
  playScenario(scenario: Scenario, options?: PlayOptions): Promise<void>;
  /** Stops the scenario: its API serves the demo data (and added sessions) again. */
  stopScenario(): Promise<void>;
  /** A `manual` scenario moves `steps` on; otherwise every unfinished demo task takes `steps` lifecycle steps. */
  advance(steps?: number): Promise<void>;
  /** Sets the injected faults, replacing the ones before (`[]`: none); an unknown id is refused, naming the closest. */
  setFaults(ids: readonly FaultId[]): Promise<void>;
  /** A network delay before every response, in wall-clock ms (0 to 60000): the virtual clock never holds it. */
  setLatency(ms: number): Promise<void>;
  /**
   * What the next requests (`times`) or every request of an API, an operation or a path answer
   * instead of the documented answer: `{ api: 'ark', status: 503, times: 1 }`, `{ networkError: true }`,
   * `{ timeoutMs }`, `{ delayMs }`. Replaces the outages before (`[]` clears them; so does `reset`).
   */
  setOutages(outages: readonly Outage[]): Promise<void>;
  /** The mock's virtual clock: freeze, advance by ms, run at a speed, back to real time. */
  readonly clock: ControlClock;
  /** What the mock is doing: seed, faults and their effects, latency, outages, scenario, clock, tasks. */
  state(): Promise<MockState>;
  /** Each API's sessions (at most 100, in creation order) and how many tasks each holds, as served. */
  sessions(): Promise<Record<ApiName, SessionCount[]>>;
  /** The library scenarios `playScenario` takes by name (none without scenario support). */
  scenarioNames(): Promise<readonly string[]>;
  /** The fault ids each API the mock serves can inject. */
  injectableFaults(): Promise<Record<ApiName, FaultId[]>>;
}
