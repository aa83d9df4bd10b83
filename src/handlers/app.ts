/**
 * One running mock, composed of parts with one job each: the dispatch of API requests
 * (dispatch.ts), the demo data's lifecycle (demo-lifecycle.ts), added tasks (added-sessions.ts), scenario
 * playing (scenario-play.ts), the checks on what a test sets (settings.ts) and the state it reports
 * (mock-state.ts). It is the control surface in process (`MockControl`); the `/__mock` routes
 * (control.ts) call it, and the MSW handlers and the node:http server are thin adapters over it.
 */

import { ApiSet, givenSet } from '../contract/api-set.js';
import type { ApiTask, TypedApiName } from '../contract/api-types.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { DeepPartial } from '../types/index.js';
import type { AddTasksOptions, TaskPartial } from './add-tasks.js';
import { AddedSessions } from './added-sessions.js';
import { type ApiModules, apiSetOf, isMocked, mockedApiNames, mockOf } from './apis.js';
import { MockClock } from './clock.js';
import { addDemo } from './dataset.js';
import { DEFAULT_SEED } from './demo.js';
import { DemoLifecycle } from './demo-lifecycle.js';
import { Dispatch } from './dispatch.js';
import { describeFaults, type FaultId } from './faults/index.js';
import type { MockControl, SessionCount } from './mock-control.js';
import { injectableFaults, type MockState, sessionsOf, taskCounts } from './mock-state.js';
import { type Outage, standingOutages } from './outages.js';
import { loadScenario, scenarioNames } from './scenario-play.js';
import { checkedFaults, checkedLatency, checkedSeed, checkedSteps, creationError } from './settings.js';
import { MockStore } from './store.js';
import type { PlayOptions, TimelineLoader, TimelinePlayer } from './timeline.js';
import type { MockRequest, MockResponse } from './types.js';

export type { MockState } from './mock-state.js';

export interface MockOptions {
  /**
   * The APIs to serve, their modules by name (`{ ...BUILTIN_APIS, acme }`; the package's entries
   * give the built-in ones): the mock serves these alone and reads everything of them from this set,
   * which shares nothing with another mock's (two mocks may each serve their own API of one name).
   */
  apis?: ApiModules | ApiSet;
  /**
   * The APIs this mock serves, by name (default: every API of `apis` with a mock side). A fault, answer
   * or tasks of another API are refused, naming the ones served.
   */
  apiNames?: readonly ApiName[];
  /** Seed of the demo dataset (default `DEFAULT_SEED`). */
  seed?: number;
  /** A store to serve instead of the demo dataset. */
  store?: MockStore;
  /**
   * Rule or law ids to break (see `allFaults()`; a user's module adds its own); a misspelt
   * id is a type error, and refused at run time.
   */
  faults?: readonly FaultId[];
  /** Network delay before every response, in wall-clock milliseconds (the virtual clock never holds it). */
  latencyMs?: number;
  /** Serve repeated fault-free 200s from a cache (default true; benchmarks of the store turn it off). */
  cacheResponses?: boolean;
  /** A scenario (or any timeline player) to play on its API; the other APIs serve the demo data. */
  scenario?: TimelinePlayer;
  /** What `POST /__mock/scenario` loads scenarios with (the node server and `useScenario` plug it in). */
  scenarios?: TimelineLoader;
  /** Each named API's demo session holds this many tasks (`mock --tasks N`). */
  sessionTasks?: Partial<Record<ApiName, number>>;
  /** The clock time runs on (default: a new one following Date.now()). */
  clock?: MockClock;
}

export class MockApp implements MockControl {
  faults: Set<string>;
  latencyMs: number;
  scenario: TimelinePlayer | undefined;
  scenarios: TimelineLoader | undefined;
  /** Time in the mock: `progression: time` scenarios, times of changed and added tasks, latency. */
  readonly clock: MockClock;
  private readonly dispatch: Dispatch;
  private readonly demo: DemoLifecycle;
  /** Sessions put in by `seed`, by API (gone on reset and reseed). */
  private readonly added = new AddedSessions();

  protected constructor(
    readonly store: MockStore,
    private readonly options: MockOptions,
    /** The API set this mock serves and reads every per-API fact from. */
    readonly apis: ApiSet,
  ) {
    this.clock = options.clock ?? new MockClock();
    this.scenario = options.scenario;
    this.scenarios = options.scenarios;
    this.faults = new Set(options.faults ?? []);
    this.latencyMs = options.latencyMs ?? 0;
    this.dispatch = new Dispatch(options.cacheResponses ?? true);
    this.demo = new DemoLifecycle(store, this.clock, options.seed ?? DEFAULT_SEED, options.sessionTasks);
  }

  static async create(options: MockOptions = {}): Promise<MockApp> {
    const apis = mockApiSet(options.apis);
    // An API named in `apiNames` that no module gave is refused here, saying how to register one.
    for (const api of options.apiNames ?? []) mockOf(api, apis);
    const served = options.apiNames ?? mockedApiNames(apis);
    const refused = creationError(options.faults ?? [], options.latencyMs, served, apis);
    if (refused) throw new Error(refused);
    if (options.store && options.store.apis !== apis)
      throw new Error(
        'options.store holds its objects to another API set than options.apis names: ' +
          'leave store out, or give apis the set the store was made over',
      );
    const store =
      options.store ??
      (await addDemo(new MockStore(apis), {
        seed: options.seed,
        ...(options.sessionTasks ? { sessionTasks: options.sessionTasks } : {}),
      }));
    return new MockApp(store, options, apis);
  }

  /** Requests answered so far. */
  get requestNumber(): number {
    return this.dispatch.requestNumber;
  }

  /** First pages asked for so far (requests without a cursor). */
  get walkNumber(): number {
    return this.dispatch.walkNumber;
  }

  /**
   * Answers one API request. Never throws: an error inside the mock becomes a 500 in the API's
   * own error format, naming the error, and is logged once.
   */
  respond(api: ApiName, request: MockRequest): MockResponse {
    return this.dispatch.respond(this, api, request);
  }

  // The control surface: each call is documented on MockControl (mock-control.ts).

  async reset(): Promise<void> {
    this.faults = new Set(this.options.faults ?? []);
    this.latencyMs = this.options.latencyMs ?? 0;
    this.dispatch.forget();
    // A store passed in is the caller's: only the demo data is rebuilt.
    if (!this.options.store) await this.demo.rebuild(this.options.seed ?? DEFAULT_SEED);
    this.added.clear();
    this.scenario = this.options.scenario;
    this.scenario?.rewind();
    await this.clock.real();
  }

  async reseed(seed: number): Promise<void> {
    await this.demo.rebuild(checkedSeed(seed));
    this.added.clear();
  }

  async addTasks<F extends TypedApiName>(
    api: F,
    session: string,
    tasks: readonly DeepPartial<ApiTask<F>>[],
    options?: Pick<AddTasksOptions, 'seed'>,
  ): Promise<ApiTask<F>[]>;
  async addTasks<F extends string>(
    api: F extends TypedApiName ? never : F,
    session: string,
    tasks: readonly JsonObject[],
    options?: Pick<AddTasksOptions, 'seed'>,
  ): Promise<JsonObject[]>;
  async addTasks(
    api: ApiName,
    session: string,
    tasks: readonly TaskPartial[],
    options: Pick<AddTasksOptions, 'seed'> = {},
  ): Promise<JsonObject[]> {
    const target = { store: this.store, scenario: this.scenario, now: this.clock.now(), served: this.servedApis() };
    return this.added.addTasks(target, api, session, tasks, options);
  }

  /** Plays a scenario with the plugged-in loader (sessions added on its API are hidden until it stops). */
  async playScenario(scenario: string | object, play: PlayOptions = {}): Promise<void> {
    this.scenario = await loadScenario(this.scenarios, scenario, play, this.apis);
  }

  async scenarioNames(): Promise<readonly string[]> {
    return scenarioNames(this.scenarios);
  }

  async stopScenario(): Promise<void> {
    this.scenario = undefined;
  }

  async setFaults(ids: readonly FaultId[]): Promise<void> {
    this.faults = checkedFaults(ids, this.servedApis(), this.apis);
  }

  async setOutages(outages: readonly Outage<ApiName>[]): Promise<void> {
    this.dispatch.outages = standingOutages(outages, this.servedApis(), this.apis);
  }

  async setLatency(ms: number): Promise<void> {
    this.latencyMs = checkedLatency(ms);
  }

  async advance(steps = 1): Promise<void> {
    checkedSteps(steps);
    if (this.scenario?.advance?.(steps)) return;
    for (let i = 0; i < steps; i++) await this.demo.advanceTasks();
  }

  async sessions(): Promise<Record<ApiName, SessionCount[]>> {
    return sessionsOf(this.servedStore, this.servedApis());
  }

  /** The store an API's list requests are answered from now: a playing scenario's for its API. */
  private readonly servedStore = (api: ApiName): MockStore =>
    this.scenario?.api === api ? this.scenario.storeAt(this.clock.now()) : this.store;

  /** The APIs this mock serves (`apiNames`, else every API of its set with a mock side). */
  servedApis(): ApiName[] {
    return [...(this.options.apiNames ?? mockedApiNames(this.apis))];
  }

  /** Whether this mock serves the API (asked on every request: no list is built). */
  serves(api: string): boolean {
    return this.options.apiNames ? this.options.apiNames.includes(api) : isMocked(api, this.apis);
  }

  async injectableFaults(): Promise<Record<ApiName, FaultId[]>> {
    return injectableFaults(this.servedApis(), this.apis);
  }

  async state(): Promise<MockState> {
    return {
      seed: this.demo.seed,
      advanced: this.demo.advanced,
      faults: [...this.faults],
      faultEffects: describeFaults(this.faults, this.dispatch.faultMemory, this.apis),
      latencyMs: this.latencyMs,
      outages: this.dispatch.outages.map((outage) => structuredClone(outage)),
      scenario: this.scenario ? this.scenario.describe(this.clock.now()) : null,
      clock: await this.clock.state(),
      tasks: taskCounts(this.servedStore, this.servedApis()),
      added: this.added.list(this.servedApis()),
    };
  }
}

/** The API set a mock's `apis` option names: its modules by name, or a set made already. */
export function mockApiSet(apis: MockOptions['apis'], where = 'MockApp.create'): ApiSet {
  const given = givenSet(apis, where);
  return given instanceof ApiSet ? given : apiSetOf(given);
}
