/**
 * MSW request handlers for every API, for `setupServer` (Node) and `setupWorker` (browser).
 * Each API answers under its base URL, by default the vendor's real one, so application code
 * that calls the real API is intercepted unchanged.
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { ApiTask, TypedApiName } from '../contract/api-types.js';
import type { ApiName } from '../contract/registry.js';
import type { DeepPartial } from '../types/index.js';
import type { AnswerRule } from './answers.js';
import { mockedApiNames } from './apis.js';
import { MockApp, type MockOptions, type MockState, mockApiSet } from './app.js';
import { MockClock } from './clock.js';
import { describeFaultProblems, type FaultId } from './faults/index.js';
import { routesOf } from './router.js';
import type { SeedOptions } from './seed.js';
import type { PlayOptions } from './timeline.js';

export interface HandlerOptions extends MockOptions {
  /** The APIs to intercept, by name (default: every API of `apis`); their faults only. */
  apiNames?: readonly ApiName[];
  /**
   * Base URL per API. Absolute (`https://ark.cn-beijing.volces.com/api/v3`) or a path
   * (`/ark`, matched on any origin). Defaults to the vendors' real base URLs.
   */
  baseUrl?: Partial<Record<ApiName, string>>;
  /**
   * Serve this app (store, faults) instead of creating one. A promise of one is served over the set
   * `apis` names: give it the `apis` the app is created with.
   */
  app?: MockApp | Promise<MockApp>;
}

/** What an operation's path is appended to for MSW (a bare path matches on any origin), and the base's own path. */
function pattern(base: string): { prefix: string; basePath: string } {
  const trimmed = base.replace(/\/+$/, '');
  if (trimmed.startsWith('/')) return { prefix: `*${trimmed}`, basePath: trimmed };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`baseUrl "${base}" is neither an absolute URL nor a path starting with "/"`);
  }
  return { prefix: trimmed, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * Handlers over one mock, and what a test does with that mock. `Scenario` is what
 * `playScenario` takes (the scenario layer narrows it to the library's names and typed objects).
 */
export interface MockHandlers<Scenario = string | Record<string, unknown>> {
  /** For `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  handlers: RequestHandler[];
  /** The MockApp behind them (created on first use): store, faults, control API. */
  app(): Promise<MockApp>;
  /** The mock's clock: freeze, advance by ms, run at a speed. */
  clock: MockClock;
  /** Back to how the handlers were created (data, faults, latency, scenario step 0, clock). For `afterEach`. */
  reset(): Promise<void>;
  /**
   * Puts exactly these tasks in a session, each a partial task completed by the generators and
   * checked against the contract: `seed('ark', 'sesn-x', [{ state: 'unknown' }])`.
   */
  seed<F extends TypedApiName>(
    api: F,
    session: string,
    tasks: readonly DeepPartial<ApiTask<F>>[],
    options?: SeedOptions,
  ): Promise<ApiTask<F>[]>;
  /** Another deterministic demo dataset (seeded sessions gone); `reset()` goes back to the first. */
  reseed(seed: number): Promise<void>;
  /** What the mock is doing: seed, faults and their effects, latency, answers, scenario, clock, tasks. */
  state(): Promise<MockState>;
  /** Moves a `progression: manual` scenario on (else every unfinished demo task one lifecycle step). */
  advance(steps?: number): Promise<void>;
  /** Sets the injected faults (replacing the ones before); a misspelt id throws, naming the closest. */
  setFaults(ids: readonly FaultId[]): Promise<void>;
  /** A network delay before every response, in wall-clock ms (0 to 60000). */
  setLatency(ms: number): Promise<void>;
  /**
   * What the next requests (`times: 1`) or all requests of an API, an operation or a path answer
   * instead of the documented one: `{ api: 'ark', status: 503, times: 1 }`, `{ networkError: true }`,
   * `{ timeoutMs }`, `{ delayMs }`. Replaces the answers before (`[]` clears them; so does `reset`).
   */
  setAnswers(rules: readonly AnswerRule[]): Promise<void>;
  /**
   * Plays a scenario from its first step: a library name or a scenario object, optionally with
   * another progression (`manual`, `time`, `request`) or `stepMs`. Needs scenario support
   * (`useScenario`, the browser worker, or `scenarios: scenarioLoader`).
   */
  playScenario(scenario: Scenario, options?: PlayOptions): Promise<void>;
  /** Stops the scenario: its API serves the demo data again. */
  stopScenario(): Promise<void>;
}

/**
 * Creates handlers over one app. `app()` resolves to it (created on first use), to reseed,
 * advance time or inject faults from a test.
 */
export function createHandlers(options: HandlerOptions = {}): MockHandlers {
  const apis = options.app instanceof MockApp ? options.app.apis : mockApiSet(options.apis, 'createHandlers');
  const served = options.apiNames ?? mockedApiNames(apis);
  // A misspelt fault id, or one of an API not served, fails here, at creation, not on the first request.
  const refused = describeFaultProblems(options.faults ?? [], served, apis);
  if (refused) throw new Error(`createHandlers: ${refused}`);
  const clock = options.clock ?? new MockClock();
  let appPromise: Promise<MockApp> | undefined = options.app ? Promise.resolve(options.app) : undefined;
  const app = () => (appPromise ??= MockApp.create({ ...options, apiNames: served, clock }));
  // One handler per documented operation (GET on its path): any other request under the base
  // (a user's own handler for another endpoint, another method) falls through to other handlers.
  const handlers = served.flatMap((api) => {
    const { prefix, basePath } = pattern(options.baseUrl?.[api] ?? apis.contractOf(api).vendorBaseUrl);
    return routesOf(api, apis).map((route) =>
      http.get(`${prefix}${route.template.replace(/\{(\w+)\}/g, ':$1')}`, async ({ request }) => {
        const url = new URL(request.url);
        const at = url.pathname.indexOf(basePath);
        const path = url.pathname.slice(at + basePath.length) || '/';
        const mock = await app();
        const prefer = request.headers.get('prefer');
        const response = mock.respond(api, {
          method: request.method,
          path,
          query: url.searchParams,
          ...(prefer === null ? {} : { prefer }),
        });
        // Latency is a network delay in wall-clock time: a frozen virtual clock never holds it.
        const wait = response.delayMs ?? mock.latencyMs;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (response.networkError) return HttpResponse.error();
        const text = response.raw ?? JSON.stringify(response.body);
        return new HttpResponse(request.method === 'HEAD' ? null : text, {
          status: response.status,
          headers: response.headers,
        });
      }),
    );
  });
  return {
    handlers,
    app,
    // An app passed in brings its own clock.
    get clock() {
      return options.app instanceof MockApp ? options.app.clock : clock;
    },
    reset: async () => (await app()).reset(),
    seed: async (api, session, tasks, seedOptions) => (await app()).seed(api, session, tasks, seedOptions),
    reseed: async (seed) => (await app()).reseed(seed),
    state: async () => (await app()).state(),
    advance: async (steps = 1) => (await app()).advance(steps),
    setFaults: async (ids) => (await app()).setFaults(ids),
    setLatency: async (ms) => (await app()).setLatency(ms),
    setAnswers: async (rules) => (await app()).setAnswers(rules),
    playScenario: async (scenario, play) =>
      (await app()).playScenario(scenario as string | Record<string, unknown>, play),
    stopScenario: async () => (await app()).stopScenario(),
  };
}
