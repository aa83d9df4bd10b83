/**
 * One running mock: its store, faults, latency and request counter, the per-face dispatch and
 * the `/__mock` control API. The MSW handlers and the node:http server are thin adapters.
 */

import type { ApiTask, TypedFace } from '../contract/face.js';
import { type Face, faces, isFace } from '../contract/faces.js';
import { isTerminal } from '../contract/lifecycle.js';
import { idOf, pagingParams, taskOperation } from '../contract/operations.js';
import type { JsonObject } from '../contract/rules/types.js';
import { didYouMean, withArticle } from '../contract/words.js';
import type { DeepPartial } from '../types/index.js';
import {
  type AnswerRule,
  answerResponse,
  preferredAnswer,
  recordedAnswer,
  type StandingAnswer,
  standingAnswers,
  takeAnswer,
} from './answers.js';
import { type ClockChange, type ClockState, MockClock } from './clock.js';
import { changeClock } from './clock-change.js';
import { controlResponse } from './control.js';
import { ControlError, describeInternalError } from './control-error.js';
import { seedDemo } from './dataset.js';
import { DEFAULT_SEED } from './demo.js';
import {
  allFaults,
  describeFaults,
  describeUnknownFaults,
  type FaultEffect,
  type FaultId,
  faultsOf,
} from './faults/index.js';
import { ResponseCache } from './response-cache.js';
import { errorResponse, handle, operationAt } from './router.js';
import type { SeedOptions, TaskPartial } from './seed.js';
import { MockStore } from './store.js';
import type { PlayOptions, ScenarioState, TimelineLoader, TimelinePlayer } from './timeline.js';
import type { MockRequest, MockResponse } from './types.js';

export interface MockOptions {
  /** Seed of the demo dataset (default `DEFAULT_SEED`). */
  seed?: number;
  /** A store to serve instead of the demo dataset. */
  store?: MockStore;
  /**
   * Rule or law ids to break (see `FAULTS`; an API registered at run time adds its own); a misspelt
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
  /** Each named face's demo session holds this many tasks (`mock --tasks N`). */
  sessionTasks?: Partial<Record<Face, number>>;
  /** The clock time runs on (default: a new one following Date.now()). */
  clock?: MockClock;
}

export class MockApp {
  requestNumber = 0;
  walkNumber = 0;
  private readonly faultMemory = new Map<string, number>();
  private readonly cache = new ResponseCache();
  private readonly cacheResponses: boolean;
  faults: Set<string>;
  latencyMs: number;
  /** Answers asked for instead of the documented ones (`setAnswers`), in the order given. */
  private answers: StandingAnswer[] = [];
  private seedNumber: number;
  private advanced = 0;
  /** Sessions put in by `seed`, by API (gone on reset and reseed). */
  private readonly seeded = new Map<Face, Set<string>>();
  private readonly sessionTasks: Partial<Record<Face, number>> | undefined;

  scenario: TimelinePlayer | undefined;
  scenarios: TimelineLoader | undefined;
  /** Time in the mock: `progression: time` scenarios, times of changed and seeded tasks, latency. */
  readonly clock: MockClock;

  private constructor(
    readonly store: MockStore,
    private readonly options: MockOptions,
  ) {
    this.clock = options.clock ?? new MockClock();
    this.scenario = options.scenario;
    this.scenarios = options.scenarios;
    this.faults = new Set(options.faults ?? []);
    this.latencyMs = options.latencyMs ?? 0;
    this.seedNumber = options.seed ?? DEFAULT_SEED;
    this.cacheResponses = options.cacheResponses ?? true;
    this.sessionTasks = options.sessionTasks;
  }

  static async create(options: MockOptions = {}): Promise<MockApp> {
    const unknown = describeUnknownFaults(options.faults ?? []);
    if (unknown) throw new Error(unknown);
    if (options.latencyMs !== undefined && (!Number.isFinite(options.latencyMs) || options.latencyMs < 0))
      throw new Error(`latencyMs must be 0 or more, got ${options.latencyMs}`);
    const store =
      options.store ??
      (await seedDemo(new MockStore(), {
        seed: options.seed,
        ...(options.sessionTasks ? { sessionTasks: options.sessionTasks } : {}),
      }));
    return new MockApp(store, options);
  }

  /**
   * Answers one API request. Never throws: an error inside the mock becomes a 500 in the API's
   * own error format, naming the error, and is logged once.
   */
  respond(face: Face, request: MockRequest): MockResponse {
    try {
      return this.answer(face, request);
    } catch (error) {
      return internalError(face, error);
    }
  }

  private answer(face: Face, request: MockRequest): MockResponse {
    this.requestNumber++;
    if (!pagingParams().some((p) => request.query.has(p))) this.walkNumber++;
    const asked =
      (request.prefer === undefined ? undefined : preferredAnswer(request.prefer)) ??
      (this.answers.length === 0
        ? undefined
        : takeAnswer(this.answers, face, request.path, operationAt(face, request.path)));
    if (asked === undefined) return this.documented(face, request);
    if (!('delayMs' in asked)) return answerResponse(face, asked, this.latencyMs, this.requestNumber);
    const response = this.documented(face, request);
    return { ...response, delayMs: (response.delayMs ?? this.latencyMs) + asked.delayMs };
  }

  /** The documented answer (or the scenario's), with the injected faults. */
  private documented(face: Face, request: MockRequest): MockResponse {
    if (this.scenario && face === this.scenario.face) return this.respondFromScenario(face, request, this.scenario);
    // Without faults a 200 depends only on the request and the data.
    const cacheable = this.cacheResponses && this.faults.size === 0 && request.method === 'GET';
    const key = cacheable ? `${face} ${request.path}${request.search ?? `?${request.query.toString()}`}` : '';
    const hit = cacheable ? this.cache.get(key, this.store.version) : undefined;
    if (hit) return hit;
    const response = handle(face, request, {
      store: this.store,
      faults: this.faults,
      requestNumber: this.requestNumber,
      walkNumber: this.walkNumber,
      faultMemory: this.faultMemory,
    });
    return cacheable ? this.cache.remember(key, response, this.requestNumber) : response;
  }

  private respondFromScenario(face: Face, request: MockRequest, scenario: TimelinePlayer): MockResponse {
    const view = scenario.view(request, this.clock.now());
    const answer = view.answers.find((a) => a.path === request.path);
    if (answer) return recordedAnswer(answer, this.latencyMs + view.latencyMs);
    const faults = view.faults.length === 0 ? this.faults : new Set([...this.faults, ...view.faults]);
    const response = handle(face, request, {
      store: view.store,
      faults,
      requestNumber: this.requestNumber,
      walkNumber: this.walkNumber,
      faultMemory: this.faultMemory,
    });
    return { ...response, delayMs: this.latencyMs + view.latencyMs };
  }

  /**
   * Back to exactly how the mock was created: its seed's demo data (seeded sessions gone), its
   * faults and latency, its scenario at step 0, the clock following Date.now(). `POST
   * /__mock/reset` is this same call. For `afterEach` in tests.
   */
  async reset(): Promise<void> {
    this.faults = new Set(this.options.faults ?? []);
    this.latencyMs = this.options.latencyMs ?? 0;
    this.answers = [];
    this.faultMemory.clear();
    // A store passed in is the caller's: only the demo data is rebuilt.
    if (!this.options.store) await this.rebuild(this.options.seed ?? DEFAULT_SEED);
    this.seeded.clear();
    this.scenario = this.options.scenario;
    this.scenario?.rewind();
    this.clock.real();
  }

  /** Another deterministic demo dataset (seeded sessions gone); `reset()` goes back to the first. */
  async reseed(seed: number): Promise<void> {
    if (!Number.isInteger(seed))
      throw new ControlError(400, `seed must be an integer, e.g. 7 (got ${JSON.stringify(seed)})`);
    await this.rebuild(seed);
    this.seeded.clear();
  }

  /**
   * Puts exactly these tasks in a session: each partial (`{ state: 'unknown' }`) is completed by
   * the generators from `options.seed` and checked against the contract; a partial that cannot
   * be valid throws a SeedError naming the task, the field, the rule and the reason. Generated
   * ids are unique in the whole store, so the same partials can be seeded into any session.
   */
  async seed<F extends TypedFace>(
    face: F,
    session: string,
    tasks: readonly DeepPartial<ApiTask<F>>[],
    options?: SeedOptions,
  ): Promise<ApiTask<F>[]>;
  /** An API registered at run time without an entry in `ApiTypes`: its tasks are JSON objects. */
  async seed<F extends string>(
    face: F extends TypedFace ? never : F,
    session: string,
    tasks: readonly JsonObject[],
    options?: SeedOptions,
  ): Promise<JsonObject[]>;
  async seed(
    face: Face,
    session: string,
    tasks: readonly TaskPartial[],
    options: SeedOptions = {},
  ): Promise<JsonObject[]> {
    if (!isFace(face))
      throw new ControlError(400, `face must be one of ${faces().join(', ')} (got ${JSON.stringify(face)})`, {
        example: SEED_EXAMPLE,
      });
    if (options.seed !== undefined && !Number.isInteger(options.seed))
      throw new ControlError(400, `seed must be an integer (got ${JSON.stringify(options.seed)})`, {
        example: SEED_EXAMPLE,
      });
    if (this.scenario?.face === face)
      throw new ControlError(
        409,
        `scenario "${this.scenario.describe().name}" plays on ${face}: ` +
          `it answers every ${face} request, so a seeded ${face} session would not be seen. ` +
          'Stop the scenario first (POST /__mock/scenario {"name": null}, or stopScenario()), or seed another API',
      );
    // Loaded on demand: the generators behind seeding are not needed to serve the demo data.
    const { seedSession } = await import('./seed.js');
    // Completed and checked against the strict contract, so they are the API's task type.
    const stored = await seedSession(this.store, face, session, tasks, {
      now: this.clock.now(),
      ...options,
    });
    let sessions = this.seeded.get(face);
    if (!sessions) this.seeded.set(face, (sessions = new Set()));
    sessions.add(session);
    return stored;
  }

  /**
   * Plays a scenario (a library name or a scenario object) from its first step, with the
   * plugged-in loader. While it plays, its data answers every request to its API (sessions
   * seeded there are hidden until it stops).
   */
  async playScenario(scenario: string | Record<string, unknown>, play: PlayOptions = {}): Promise<void> {
    if (!this.scenarios) throw new ControlError(400, NO_SCENARIO_LOADER);
    if (typeof scenario !== 'string' && (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario)))
      throw new ControlError(400, 'a scenario is a library name or a scenario object', {
        library: await this.scenarioNames(),
      });
    if (play.progression !== undefined && !PROGRESSIONS.includes(play.progression))
      throw new ControlError(400, `progression is request, time or manual (got ${JSON.stringify(play.progression)})`);
    if (play.stepMs !== undefined && (!Number.isInteger(play.stepMs) || play.stepMs < 1))
      throw new ControlError(
        400,
        `stepMs is a whole number of milliseconds, 1 or more (got ${JSON.stringify(play.stepMs)})`,
      );
    if (typeof scenario === 'string') {
      const library = await this.scenarioNames();
      if (!library.includes(scenario))
        throw new ControlError(
          400,
          `unknown scenario "${scenario.slice(0, 100)}"${didYouMean(scenario, library)}; ` +
            `the library has: ${library.join(', ')}`,
          { library },
        );
    }
    this.scenario = await this.scenarios.load(scenario, play);
  }

  /** The library scenarios `playScenario` takes by name (none without scenario support). */
  async scenarioNames(): Promise<readonly string[]> {
    return (await this.scenarios?.names()) ?? [];
  }

  /** Stops the scenario: its API serves the demo data (and seeded sessions) again. */
  stopScenario(): void {
    this.scenario = undefined;
  }

  /** Sets the injected faults (replacing the ones before); an unknown id throws, naming the closest. */
  setFaults(ids: readonly FaultId[]): void {
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
      throw new ControlError(400, 'faults must be an array of rule ids, e.g. ["ark.order-newest-first"]', {
        known: allFaults(),
      });
    const unknown = describeUnknownFaults(ids);
    if (unknown) throw new ControlError(400, unknown, { known: allFaults() });
    this.faults = new Set(ids);
  }

  /**
   * What the next requests (`times`) or every request of an API, an operation or a path answer
   * instead of the documented behaviour: an error status in the API's own format, a network
   * error, a timeout or a delay. Replaces the answers before (`[]` clears them); `reset` clears them.
   */
  setAnswers(rules: readonly AnswerRule<Face>[]): void {
    this.answers = standingAnswers(rules);
  }

  /** A network delay before every response, in wall-clock ms: the virtual clock never holds it. */
  setLatency(ms: number): void {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_LATENCY_MS)
      throw new ControlError(
        400,
        `latency must be a number of milliseconds from 0 to ${MAX_LATENCY_MS} (got ${JSON.stringify(ms)})`,
      );
    this.latencyMs = ms;
  }

  /** A `manual` scenario moves `steps` on; otherwise every unfinished demo task takes `steps` legal lifecycle steps. */
  async advance(steps = 1): Promise<void> {
    if (!Number.isInteger(steps) || steps < 1 || steps > MAX_ADVANCE_STEPS)
      throw new ControlError(
        400,
        `steps must be an integer from 1 to ${MAX_ADVANCE_STEPS} (got ${JSON.stringify(steps)})`,
      );
    if (this.scenario?.advance?.(steps)) return;
    for (let i = 0; i < steps; i++) await this.advanceTasks();
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

  /** Each API's sessions (at most 100, in creation order) and how many tasks each holds. */
  sessions(): Record<Face, { session: string; tasks: number }[]> {
    return Object.fromEntries(
      faces().map((face) => [
        face,
        this.store
          .sessionsOf(face)
          .slice(0, MAX_LISTED_SESSIONS)
          .map((session) => ({ session, tasks: this.store.taskCount(face, session) })),
      ]),
    ) as Record<Face, { session: string; tasks: number }[]>;
  }

  /** The fault ids each API can inject. */
  injectableFaults(): Record<Face, FaultId[]> {
    return Object.fromEntries(faces().map((face) => [face, faultsOf(face)])) as Record<Face, FaultId[]>;
  }

  describe(): MockState {
    return {
      seed: this.seedNumber,
      advanced: this.advanced,
      faults: [...this.faults],
      faultEffects: describeFaults(this.faults, this.faultMemory),
      latencyMs: this.latencyMs,
      answers: this.answers.map((answer) => structuredClone(answer)),
      scenario: this.scenario ? this.scenario.describe(this.clock.now()) : null,
      clock: this.clock.state(),
      tasks: Object.fromEntries(faces().map((face) => [face, this.store.taskCount(face)])) as Record<Face, number>,
      seeded: Object.fromEntries(faces().map((face) => [face, [...(this.seeded.get(face) ?? [])].sort()])) as Record<
        Face,
        string[]
      >,
    };
  }

  private async rebuild(seed: number): Promise<void> {
    this.store.clear();
    await seedDemo(this.store, { seed, ...(this.sessionTasks ? { sessionTasks: this.sessionTasks } : {}) });
    this.seedNumber = seed;
    this.advanced = 0;
  }

  /** Moves every unfinished task one legal step along its lifecycle, deterministically. */
  private async advanceTasks(): Promise<void> {
    const { advanceSnapshot } = await import('../generators/lifecycles.js');
    this.advanced++;
    for (const face of faces()) {
      const op = taskOperation(face);
      const lifecycle = op.lifecycle!;
      for (const session of this.store.sessionsOf(face)) {
        for (const record of this.store.tasks(face, session)) {
          const state = String(record.item[op.stateField!]);
          if (isTerminal(lifecycle, state)) continue;
          const options = lifecycle.transitions[state] ?? [];
          if (options.length === 0) continue;
          const next = options[(record.seq + this.advanced + this.seedNumber) % options.length]!;
          // The task's new times are the clock's now.
          await this.store.updateTask(
            face,
            idOf(op, record.item),
            advanceSnapshot(face, record.item, next, 60_000, this.clock.now()),
          );
        }
      }
    }
  }
}

const SEED_EXAMPLE = {
  face: 'ark',
  session: 'sesn-x',
  tasks: [{ state: 'unknown' }, { state: 'running', tool: { name: 'bash' } }],
  seed: 1,
};
const PROGRESSIONS: readonly string[] = ['request', 'time', 'manual'];
const MAX_LATENCY_MS = 60_000;
const MAX_LISTED_SESSIONS = 100;
const MAX_ADVANCE_STEPS = 1000;
const NO_SCENARIO_LOADER =
  'this mock was created without scenario support: serve it with startServer (agent-task-contracts/node), ' +
  'or create it with useScenario or scenarioLoader (agent-task-contracts/scenarios)';

/** What `describe()` and `GET /__mock/state` say of the mock. */
export interface MockState {
  seed: number;
  /** Lifecycle steps the demo tasks have taken (`advance`). */
  advanced: number;
  faults: string[];
  /** What each injected fault changes (and how many objects an item rule's fault has broken). */
  faultEffects: FaultEffect[];
  latencyMs: number;
  /** The answers asked for, each with the requests it still answers (`remaining`, null: all). */
  answers: StandingAnswer[];
  scenario: ScenarioState | null;
  clock: ClockState;
  tasks: Record<Face, number>;
  /** Sessions put in by `seed`, by API. */
  seeded: Record<Face, string[]>;
}

/** An error inside the mock, as a 500 in the API's error format. */
function internalError(face: Face, error: unknown): MockResponse {
  return errorResponse(
    face,
    500,
    `mock internal error: ${describeInternalError(`answering ${withArticle(face)} request`, error)}`,
  );
}
