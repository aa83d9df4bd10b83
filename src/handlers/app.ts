/**
 * One running mock, composed of parts with one job each: the dispatch of API requests
 * (dispatch.ts), the demo data's lifecycle (demo-lifecycle.ts), seeding (seeding.ts), scenario
 * playing (scenario-play.ts), the checks on what a test sets (settings.ts), the state it reports
 * (mock-state.ts) and the `/__mock` control API (control.ts). The MSW handlers and the node:http
 * server are thin adapters over it.
 */

import { ApiSet, givenSet } from '../contract/api-set.js';
import type { ApiTask, TypedApiName } from '../contract/api-types.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { DeepPartial } from '../types/index.js';
import { type AnswerRule, standingAnswers } from './answers.js';
import { type ApiModules, apiSetOf, isMocked, mockedApiNames, mockOf } from './apis.js';
import { type ClockChange, MockClock } from './clock.js';
import { changeClock } from './clock-change.js';
import { controlResponse } from './control.js';
import { ControlError } from './control-error.js';
import { seedDemo } from './dataset.js';
import { DEFAULT_SEED } from './demo.js';
import { DemoLifecycle } from './demo-lifecycle.js';
import { Dispatch } from './dispatch.js';
import { describeFaults, type FaultId } from './faults/index.js';
import { injectableFaults, type MockState, sessionsOf, taskCounts } from './mock-state.js';

import { loadScenario, scenarioNames } from './scenario-play.js';
import type { SeedOptions, TaskPartial } from './seed.js';
import { SeededSessions } from './seeding.js';
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
   * or seed of another API is refused, naming the ones served.
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

export class MockApp {
  faults: Set<string>;
  latencyMs: number;
  scenario: TimelinePlayer | undefined;
  scenarios: TimelineLoader | undefined;
  /** Time in the mock: `progression: time` scenarios, times of changed and seeded tasks, latency. */
  readonly clock: MockClock;
  private readonly dispatch: Dispatch;
  private readonly demo: DemoLifecycle;
  /** Sessions put in by `seed`, by API (gone on reset and reseed). */
  private readonly seeded = new SeededSessions();

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
      (await seedDemo(new MockStore(apis), {
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

  /**
   * Back to exactly how the mock was created: its seed's demo data (seeded sessions gone), its
   * faults and latency, its scenario at step 0, the clock following Date.now(). `POST
   * /__mock/reset` is this same call. For `afterEach` in tests.
   */
  async reset(): Promise<void> {
    this.faults = new Set(this.options.faults ?? []);
    this.latencyMs = this.options.latencyMs ?? 0;
    this.dispatch.forget();
    // A store passed in is the caller's: only the demo data is rebuilt.
    if (!this.options.store) await this.demo.rebuild(this.options.seed ?? DEFAULT_SEED);
    this.seeded.clear();
    this.scenario = this.options.scenario;
    this.scenario?.rewind();
    this.clock.real();
  }

  /** Another deterministic demo dataset (seeded sessions gone); `reset()` goes back to the first. */
  async reseed(seed: number): Promise<void> {
    await this.demo.rebuild(checkedSeed(seed));
    this.seeded.clear();
  }

  /**
   * Puts exactly these tasks in a session: each partial (`{ state: 'unknown' }`) is completed by
   * the generators from `options.seed` and checked against the contract; a partial that cannot
   * be valid throws a SeedError naming the task, the field, the rule and the reason. Generated
   * ids are unique in the whole store, so the same partials can be seeded into any session.
   */
  async seed<F extends TypedApiName>(
    api: F,
    session: string,
    tasks: readonly DeepPartial<ApiTask<F>>[],
    options?: SeedOptions,
  ): Promise<ApiTask<F>[]>;
  /** An API without an entry in `ApiTypes`: its tasks are JSON objects. */
  async seed<F extends string>(
    api: F extends TypedApiName ? never : F,
    session: string,
    tasks: readonly JsonObject[],
    options?: SeedOptions,
  ): Promise<JsonObject[]>;
  async seed(
    api: ApiName,
    session: string,
    tasks: readonly TaskPartial[],
    options: SeedOptions = {},
  ): Promise<JsonObject[]> {
    const target = { store: this.store, scenario: this.scenario, now: this.clock.now(), served: this.servedApis() };
    return this.seeded.seed(target, api, session, tasks, options);
  }

  /**
   * Plays a scenario (a library name or a scenario object) from its first step, with the
   * plugged-in loader. While it plays, its data answers every request to its API (sessions
   * seeded there are hidden until it stops).
   */
  async playScenario(scenario: string | Record<string, unknown>, play: PlayOptions = {}): Promise<void> {
    this.scenario = await loadScenario(this.scenarios, scenario, play, this.apis);
  }

  /** The library scenarios `playScenario` takes by name (none without scenario support). */
  scenarioNames(): Promise<readonly string[]> {
    return scenarioNames(this.scenarios);
  }

  /** Stops the scenario: its API serves the demo data (and seeded sessions) again. */
  stopScenario(): void {
    this.scenario = undefined;
  }

  /** Sets the injected faults (replacing the ones before); an unknown id throws, naming the closest. */
  setFaults(ids: readonly FaultId[]): void {
    this.faults = checkedFaults(ids, this.servedApis(), this.apis);
  }

  /**
   * What the next requests (`times`) or every request of an API, an operation or a path answer
   * instead of the documented behaviour: an error status in the API's own format, a network
   * error, a timeout or a delay. Replaces the answers before (`[]` clears them); `reset` clears them.
   */
  setAnswers(rules: readonly AnswerRule<ApiName>[]): void {
    this.dispatch.answers = standingAnswers(rules, this.servedApis(), this.apis);
  }

  /** A network delay before every response, in wall-clock ms: the virtual clock never holds it. */
  setLatency(ms: number): void {
    this.latencyMs = checkedLatency(ms);
  }

  /** A `manual` scenario moves `steps` on; otherwise every unfinished demo task takes `steps` legal lifecycle steps. */
  async advance(steps = 1): Promise<void> {
    checkedSteps(steps);
    if (this.scenario?.advance?.(steps)) return;
    for (let i = 0; i < steps; i++) await this.demo.advanceTasks();
  }

  /** Freezes (now or at an instant), moves, speeds up or releases the virtual clock. */
  setClock(change: ClockChange): void {
    changeClock(this.clock, change);
  }

  /**
   * The control API under `/__mock`: the typed methods above, over JSON. Answers what the HTTP
   * API answers; throws the ControlError of a refused call (its `status` is the HTTP status).
   */
  async control(method: string, path: string, body?: unknown): Promise<MockResponse> {
    const response = await this.controlResponse(method, path, body);
    if (response.status >= 400) {
      const { error, ...details } = response.body as { error?: string };
      throw new ControlError(
        response.status as ControlError['status'],
        error ?? `control ${method} ${path} answered ${response.status}`,
        details,
      );
    }
    return response;
  }

  /** The control API's HTTP answer, refusals included (what the servers send); never throws. */
  controlResponse(method: string, path: string, body?: unknown): Promise<MockResponse> {
    return controlResponse(this, method, path, body);
  }

  /**
   * Each API's sessions (at most 100, in creation order) and how many tasks each holds, as served: a
   * playing scenario's API, those of the scenario's current step.
   */
  sessions(): Record<ApiName, { session: string; tasks: number }[]> {
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

  /** The fault ids each API this mock serves can inject. */
  injectableFaults(): Record<ApiName, FaultId[]> {
    return injectableFaults(this.servedApis(), this.apis);
  }

  /** What the mock is doing: its seed, faults and their effects, latency, answers, scenario, clock and tasks. */
  state(): MockState {
    return {
      seed: this.demo.seed,
      advanced: this.demo.advanced,
      faults: [...this.faults],
      faultEffects: describeFaults(this.faults, this.dispatch.faultMemory, this.apis),
      latencyMs: this.latencyMs,
      answers: this.dispatch.answers.map((answer) => structuredClone(answer)),
      scenario: this.scenario ? this.scenario.describe(this.clock.now()) : null,
      clock: this.clock.state(),
      tasks: taskCounts(this.servedStore, this.servedApis()),
      seeded: this.seeded.list(this.servedApis()),
    };
  }
}

/** The API set a mock's `apis` option names: its modules by name, or a set made already. */
export function mockApiSet(apis: MockOptions['apis'], where = 'MockApp.create'): ApiSet {
  const given = givenSet(apis, where);
  return given instanceof ApiSet ? given : apiSetOf(given);
}
