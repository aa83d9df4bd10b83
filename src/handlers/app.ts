/**
 * One running mock: its store, faults, latency and request counter, the per-face dispatch and
 * the `/__mock` control API. The MSW handlers and the node:http server are thin adapters.
 */
import { FACES, type Face, type JsonObject, PAGING_PARAMS, isFace, isTerminal, taskOperation } from '../contract/index.js';
import { seedDemo } from './dataset.js';
import { FAULTS, type FaultId, describeUnknownFaults } from './faults/index.js';
import { handle } from './router.js';
import { MockStore, idOf } from './store.js';
import { type MockRequest, type MockResponse, json } from './types.js';
import { MockClock } from './clock.js';
import type { DeepPartial, TaskOf } from '../types/index.js';
import type { SeedOptions, TaskPartial } from './seed.js';
import type { PlayOptions, RecordedAnswer, TimelineLoader, TimelinePlayer } from './timeline.js';
const CACHE_ENTRIES = 2_000;
const RECENT_WINDOW = 500;
const RECENT_ENTRIES = 10_000;
const ENCODER = new TextEncoder();

export interface MockOptions {
  /** Seed of the demo dataset (default 20261129). */
  seed?: number;
  /** A store to serve instead of the demo dataset. */
  store?: MockStore;
  /** Rule or law ids to break (see `FAULTS`); a misspelt id is a type error, and refused at run time. */
  faults?: readonly FaultId[];
  /** Delay before every response, in milliseconds. */
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
  private readonly cache = new Map<string, MockResponse>();
  /** When each recent URL was last asked (request number), to cache only URLs that come back. */
  private readonly lastAsked = new Map<string, number>();
  private cacheVersion = -1;
  private readonly cacheResponses: boolean;
  faults: Set<string>;
  latencyMs: number;
  private seedNumber: number;
  private advanced = 0;
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
    this.seedNumber = options.seed ?? 20261129;
    this.cacheResponses = options.cacheResponses ?? true;
    this.sessionTasks = options.sessionTasks;
  }

  static async create(options: MockOptions = {}): Promise<MockApp> {
    const unknown = describeUnknownFaults(options.faults ?? []);
    if (unknown) throw new Error(unknown);
    if (options.latencyMs !== undefined && (!Number.isFinite(options.latencyMs) || options.latencyMs < 0)) throw new Error(`latencyMs must be 0 or more, got ${options.latencyMs}`);
    const store = options.store ?? (await seedDemo(new MockStore(), { seed: options.seed, ...(options.sessionTasks ? { sessionTasks: options.sessionTasks } : {}) }));
    return new MockApp(store, options);
  }

  /** Answers one API request. Never throws: a bug becomes a 500 in a plain JSON body. */
  respond(face: Face, request: MockRequest): MockResponse {
    this.requestNumber++;
    if (!PAGING_PARAMS.some((p) => request.query.has(p))) this.walkNumber++;
    // Without faults a 200 depends only on the request and the data: serve it from the cache
    // (measured: building and serialising a page dominates the cost of a request).
    if (this.scenario && face === this.scenario.face) return this.respondFromScenario(face, request, this.scenario);
    const cacheable = this.cacheResponses && this.faults.size === 0 && request.method === 'GET';
    const key = cacheable ? `${face} ${request.path}${request.search ?? `?${request.query.toString()}`}` : '';
    if (cacheable) {
      if (this.cacheVersion !== this.store.version) {
        this.cache.clear();
        this.lastAsked.clear();
        this.cacheVersion = this.store.version;
      }
      const hit = this.cache.get(key);
      if (hit) return hit;
    }
    let response: MockResponse;
    try {
      response = handle(face, request, { store: this.store, faults: this.faults, requestNumber: this.requestNumber, walkNumber: this.walkNumber, faultMemory: this.faultMemory });
    } catch (error) {
      return json(500, { error: { message: `mock error: ${String(error)}` } });
    }
    // A page read from the indexes is cheap to build again; keeping thousands of encoded bodies
    // for URLs asked once was measured to cost more in garbage collection than it saved. So it is
    // cached when its URL comes back soon (a client polling); other bodies are cached at once.
    if (cacheable && response.status === 200 && response.raw !== undefined && !this.askedRecently(key)) return response;
    if (cacheable && response.status === 200) {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.clear();
      const raw = response.raw ?? JSON.stringify(response.body);
      const bytes = ENCODER.encode(raw);
      // Encoded once, for this answer and every hit after it: stored bytes with precomputed headers.
      const cached = { ...response, raw, bytes, headers: { ...response.headers, 'content-length': String(bytes.length) } };
      this.cache.set(key, cached);
      return cached;
    }
    return response;
  }

  private respondFromScenario(face: Face, request: MockRequest, scenario: TimelinePlayer): MockResponse {
    const view = scenario.view(request, this.clock.now());
    const answer = view.answers.find((a) => a.path === request.path);
    if (answer) return recordedAnswer(answer, this.latencyMs + view.latencyMs);
    const faults = view.faults.length === 0 ? this.faults : new Set([...this.faults, ...view.faults]);
    try {
      const response = handle(face, request, { store: view.store, faults, requestNumber: this.requestNumber, walkNumber: this.walkNumber, faultMemory: this.faultMemory });
      return { ...response, delayMs: this.latencyMs + view.latencyMs };
    } catch (error) {
      return json(500, { error: { message: `mock error: ${String(error)}` } });
    }
  }

  /** Whether this URL was asked within the last RECENT_WINDOW requests (and notes that it was asked now). */
  private askedRecently(key: string): boolean {
    const last = this.lastAsked.get(key);
    if (this.lastAsked.size >= RECENT_ENTRIES) this.lastAsked.clear();
    this.lastAsked.set(key, this.requestNumber);
    return last !== undefined && this.requestNumber - last <= RECENT_WINDOW;
  }

  /**
   * Back to how the mock was created: its seed's demo data (seeded sessions gone), its faults and
   * latency, the scenario at step 0, the clock following Date.now(). For `afterEach` in tests.
   */
  async reset(): Promise<void> {
    this.faults = new Set(this.options.faults ?? []);
    this.latencyMs = this.options.latencyMs ?? 0;
    this.faultMemory.clear();
    if (!this.options.store) await this.reseed(this.options.seed ?? 20261129);
    this.scenario = this.options.scenario;
    this.scenario?.rewind();
    this.clock.real();
  }

  /**
   * Puts exactly these tasks in a session: each partial (`{ state: 'unknown' }`) is completed by
   * the generators from `options.seed` and checked against the contract; a partial that cannot
   * be valid throws a SeedError naming the task, the field, the rule and the reason.
   */
  async seed<F extends Face>(face: F, session: string, tasks: readonly DeepPartial<TaskOf[F]>[], options: SeedOptions = {}): Promise<TaskOf[F][]> {
    // Loaded on demand: the generators behind seeding are not needed to serve the demo data.
    const { seedSession } = await import('./seed.js');
    // Completed and checked against the strict contract, so they are the API's task type.
    return (await seedSession(this.store, face, session, tasks as readonly TaskPartial[], { now: this.clock.now(), ...options })) as unknown as TaskOf[F][];
  }

  /** Plays a scenario (a library name or a scenario object) from its first step, with the plugged-in loader. */
  async loadScenario(scenario: string | Record<string, unknown>, play: PlayOptions = {}): Promise<void> {
    if (!this.scenarios) throw new NoScenarioLoader();
    this.scenario = await this.scenarios.load(scenario, play);
  }

  /** The control API under `/__mock`, for end-to-end tests in any language. */
  async control(method: string, path: string, body: unknown): Promise<MockResponse> {
    const input = (body ?? {}) as Record<string, unknown>;
    try {
      if (method === 'GET' && path === '/state') return json(200, this.describe());
      if (method === 'GET' && path === '/clock') return json(200, this.clock.state());
      if (method !== 'POST') return json(405, { error: 'the control API takes POST (GET /__mock/state reads)' }, { allow: 'GET, POST' });
      switch (path) {
        case '/reset':
          await this.reseed(this.seedNumber);
          this.scenario?.rewind();
          return json(200, this.describe());
        case '/scenario': {
          const { progression, stepMs } = input;
          if (progression !== undefined && !['request', 'time', 'manual'].includes(String(progression))) return json(400, { error: 'body.progression is request, time or manual' });
          if (stepMs !== undefined && (!Number.isInteger(stepMs) || (stepMs as number) < 1)) return json(400, { error: 'body.stepMs is a whole number of milliseconds, 1 or more' });
          const play: PlayOptions = { ...(progression !== undefined ? { progression: progression as PlayOptions['progression'] } : {}), ...(stepMs !== undefined ? { stepMs: stepMs as number } : {}) };
          if (typeof input.name === 'string') await this.loadScenario(input.name, play);
          else if (input.scenario !== null && typeof input.scenario === 'object' && !Array.isArray(input.scenario)) await this.loadScenario(input.scenario as Record<string, unknown>, play);
          else if (input.name === null) this.scenario = undefined;
          else return json(400, { error: 'body is {"name": "<library scenario>"}, {"scenario": {...}} or {"name": null} to stop', library: (await this.scenarios?.names()) ?? [] });
          return json(200, this.describe());
        }
        case '/reseed': {
          const seed = input.seed;
          if (!Number.isInteger(seed)) return json(400, { error: 'body.seed must be an integer, e.g. {"seed": 7}' });
          await this.reseed(seed as number);
          return json(200, this.describe());
        }
        case '/advance': {
          const steps = input.steps ?? 1;
          if (!Number.isInteger(steps) || (steps as number) < 1 || (steps as number) > 1000) return json(400, { error: 'body.steps must be an integer from 1 to 1000' });
          // A manually driven scenario moves on; otherwise every unfinished demo task does.
          if (!this.scenario?.advance?.(steps as number)) for (let i = 0; i < (steps as number); i++) await this.advance();
          return json(200, this.describe());
        }
        case '/seed': {
          const { face, session, tasks, seed } = input;
          if (typeof face !== 'string' || !isFace(face)) return json(400, { error: `body.face must be one of ${FACES.join(', ')}`, example: SEED_EXAMPLE });
          if (seed !== undefined && !Number.isInteger(seed)) return json(400, { error: 'body.seed must be an integer', example: SEED_EXAMPLE });
          const stored = await this.seed(face, session as string, tasks as readonly JsonObject[], seed === undefined ? {} : { seed: seed as number });
          return json(200, { ...this.describe(), seeded: { face, session, tasks: stored } });
        }
        case '/clock': {
          const problem = this.setClock(input);
          if (problem) return json(400, { error: problem, examples: [{ freeze: true }, { freeze: '2026-11-30T09:00:00Z' }, { advanceMs: 30_000 }, { speed: 10 }, { real: true }] });
          return json(200, this.describe());
        }
        case '/faults': {
          const faults = input.faults;
          if (!Array.isArray(faults) || faults.some((f) => typeof f !== 'string')) return json(400, { error: 'body.faults must be an array of rule ids, e.g. {"faults": ["ark.order-newest-first"]}' });
          const unknown = describeUnknownFaults(faults as string[]);
          if (unknown) return json(400, { error: unknown, known: FAULTS });
          this.faults = new Set(faults as string[]);
          return json(200, this.describe());
        }
        case '/latency': {
          const ms = input.ms;
          if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 60_000) return json(400, { error: 'body.ms must be a number of milliseconds from 0 to 60000' });
          this.latencyMs = ms;
          return json(200, this.describe());
        }
        default:
          return json(404, { error: `no control endpoint ${path.slice(0, 100)}; see README "Control API"` });
      }
    } catch (error) {
      if (error instanceof Error && ['ScenarioError', 'NoScenarioLoader', 'SeedError'].includes(error.name)) return json(400, { error: error.message });
      if (error instanceof Error && error.message.startsWith('unknown scenario')) return json(400, { error: error.message });
      return json(500, { error: `control failed: ${String(error)}` });
    }
  }

  describe(): Record<string, unknown> {
    return {
      seed: this.seedNumber,
      advanced: this.advanced,
      faults: [...this.faults],
      latencyMs: this.latencyMs,
      scenario: this.scenario ? this.scenario.describe() : null,
      clock: this.clock.state(),
      tasks: Object.fromEntries(FACES.map((face) => [face, this.store.taskCount(face)])),
    };
  }

  private async reseed(seed: number): Promise<void> {
    this.store.clear();
    await seedDemo(this.store, { seed, ...(this.sessionTasks ? { sessionTasks: this.sessionTasks } : {}) });
    this.seedNumber = seed;
    this.advanced = 0;
  }

  /** Applies a `/__mock/clock` body; returns what was wrong with it, if anything. */
  private setClock(input: Record<string, unknown>): string | undefined {
    const keys = Object.keys(input);
    if (keys.length !== 1) return 'body has one of freeze, advanceMs, speed or real';
    const { freeze, advanceMs, speed, real } = input;
    if (freeze !== undefined) {
      const at = freeze === true ? this.clock.now() : typeof freeze === 'string' ? Date.parse(freeze) : typeof freeze === 'number' ? freeze : Number.NaN;
      if (!Number.isFinite(at)) return 'body.freeze is true (now), an ISO 8601 time or ms since the epoch';
      this.clock.freeze(at);
    } else if (advanceMs !== undefined) {
      if (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs) || advanceMs < 0) return 'body.advanceMs is 0 or more milliseconds';
      this.clock.advance(advanceMs);
    } else if (speed !== undefined) {
      if (typeof speed !== 'number' || !Number.isFinite(speed) || speed <= 0 || speed > 10_000) return 'body.speed is a factor above 0 and at most 10000 (clock ms per real ms)';
      this.clock.speed(speed);
    } else if (real === true) this.clock.real();
    else return 'body has one of freeze, advanceMs, speed or real';
    return undefined;
  }

  /** Moves every unfinished task one legal step along its lifecycle, deterministically. */
  private async advance(): Promise<void> {
    const { advanceSnapshot } = await import('../generators/lifecycles.js');
    this.advanced++;
    for (const face of FACES) {
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
          await this.store.updateTask(face, idOf(face, record.item), advanceSnapshot(face, record.item, next, 60_000, this.clock.now()));
        }
      }
    }
  }
}

const SEED_EXAMPLE = { face: 'ark', session: 'sesn-x', tasks: [{ state: 'unknown' }, { state: 'running', tool: { name: 'bash' } }], seed: 1 };

/** Raised when a scenario is asked of a mock created without a loader. */
class NoScenarioLoader extends Error {
  override name = 'NoScenarioLoader';
  constructor() {
    super('this mock was created without scenario support: serve it with startServer (agent-task-contracts/node), or create it with useScenario or scenarioLoader (agent-task-contracts/scenarios)');
  }
}

/** A list's recorded non-data answer, replayed as received (a timeout as a 504 after its delay). */
function recordedAnswer(answer: RecordedAnswer, latencyMs: number): MockResponse {
  if (answer.status === undefined) return { ...json(504, { error: { message: `recorded: no complete answer within ${answer.timeoutMs ?? 0} ms` } }), delayMs: latencyMs + (answer.timeoutMs ?? 0) };
  const headers: Record<string, string> = { 'content-type': typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json' };
  if (answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
  return { status: answer.status, headers, body: answer.body ?? null, ...(typeof answer.body === 'string' ? { raw: answer.body } : {}), delayMs: latencyMs };
}
