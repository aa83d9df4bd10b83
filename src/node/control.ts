/**
 * A typed client of the standalone mock's control API (`/__mock/*`), for end-to-end tests that
 * drive a mock server over HTTP: the Playwright fixture uses it, and so can any Node test
 * runner. Each call throws with the server's own message when the server refuses it.
 */

import type { ApiTask, TypedApiName } from '../contract/api-types.js';
import { optional } from '../contract/optional.js';
import type { AnswerRule } from '../handlers/answers.js';
import type { ClockState } from '../handlers/clock.js';
import type { FaultId } from '../handlers/faults/index.js';
import type { AnyScenario } from '../scenarios/define.js';
import type { ScenarioName } from '../scenarios/generated/library.js';
import type { DeepPartial } from '../types/index.js';

/** How a scenario moves on: one step per poll (default), per `advance()`, or per `stepMs` of the mock's clock. */
export interface PlayOptions {
  progression?: 'request' | 'time' | 'manual';
  stepMs?: number;
}

/** The mock's virtual clock, over HTTP. */
export interface RemoteClock {
  /** Stops time now, or at a time (ISO 8601, ms since the epoch or a Date). */
  freeze(at?: string | number | Date): Promise<ClockState>;
  /** Moves time on by `ms` (a running clock is frozen first). */
  advance(ms: number): Promise<ClockState>;
  /** Runs at `factor` clock ms per real ms. */
  speed(factor: number): Promise<ClockState>;
  /** Back to real time. */
  real(): Promise<ClockState>;
  state(): Promise<ClockState>;
}

/** A control request the mock refused (4xx): its message says what was wrong. */
export class MockControlError extends Error {
  override name = 'MockControlError';
  constructor(
    readonly endpoint: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    const error =
      body !== null && typeof body === 'object' && 'error' in body
        ? String((body as { error: unknown }).error)
        : JSON.stringify(body);
    super(`POST /__mock${endpoint} answered ${status}: ${error}`);
  }
}

/** One mock server, driven over HTTP. */
export interface MockControl {
  /** The server's root, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** Each API's base URL on this server: point your app at `baseUrl.ark`. */
  readonly baseUrl: Readonly<Record<TypedApiName, string>>;
  /** The session holds exactly these tasks: partial tasks of that API, completed and checked. */
  seed<F extends TypedApiName>(
    api: F,
    session: string,
    tasks: readonly DeepPartial<ApiTask<F>>[],
    options?: { seed?: number },
  ): Promise<ApiTask<F>[]>;
  /** Plays a library scenario or a scenario object (see `defineScenario`) from its first step. */
  playScenario(scenario: ScenarioName | AnyScenario, options?: PlayOptions): Promise<void>;
  /** Stops the scenario: its API serves the demo data (and seeded sessions) again. */
  stopScenario(): Promise<void>;
  /** A `manual` scenario moves on (otherwise every unfinished task takes one lifecycle step). */
  advance(steps?: number): Promise<void>;
  /** The injected faults, replacing the previous ones (`[]`: none). */
  setFaults(ids: readonly FaultId[]): Promise<void>;
  /** A network delay before every response, in wall-clock ms (0 to 60000). */
  setLatency(ms: number): Promise<void>;
  /**
   * What the next requests (`times: 1`) or all requests of an API, an operation or a path answer
   * instead of the documented one: `{ api: 'ark', status: 503, times: 1 }`, `{ networkError: true }`,
   * `{ timeoutMs }`, `{ delayMs }`. Replaces the answers before (`[]` clears them; so does `reset`).
   */
  setAnswers(rules: readonly AnswerRule[]): Promise<void>;
  /** The library scenarios `playScenario` takes by name. */
  scenarioNames(): Promise<readonly ScenarioName[]>;
  /** Each API's sessions (at most 100, in creation order) and how many tasks each holds. */
  sessions(): Promise<Record<TypedApiName, { session: string; tasks: number }[]>>;
  /** The fault ids each API can inject. */
  injectableFaults(): Promise<Record<TypedApiName, FaultId[]>>;
  /** Another deterministic demo dataset. */
  reseed(seed: number): Promise<void>;
  clock: RemoteClock;
  /**
   * Back to exactly how the server was started (its seed's demo data, faults, latency, scenario at
   * step 0, the real clock).
   */
  reset(): Promise<void>;
  /** What the server is doing: seed, faults, latency, scenario, clock, task counts. */
  state(): Promise<Record<string, unknown>>;
}

/** A client for the mock server at `url` (its root, without an API prefix). */
function mockControl(url: string, served: readonly string[]): MockControl {
  const root = url.replace(/\/+$/, '');
  const call = async (method: 'GET' | 'POST', endpoint: string, body?: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${root}/__mock${endpoint}`, {
      method,
      ...(method === 'POST'
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }
        : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A proxy's HTML error page: keep the text for the message.
    }
    if (!response.ok) throw new MockControlError(endpoint, response.status, parsed);
    return parsed as Record<string, unknown>;
  };
  const post = (endpoint: string, body?: unknown) => call('POST', endpoint, body);
  const clockOf = async (endpoint: string, body: unknown) => (await post(endpoint, body)).clock as ClockState;
  const playScenario: MockControl['playScenario'] = async (scenario, options = {}) => {
    await post('/scenario', { ...(typeof scenario === 'string' ? { name: scenario } : { scenario }), ...options });
  };
  const stopScenario = async () => {
    await post('/scenario', { name: null });
  };
  const setFaults = async (ids: readonly FaultId[]) => {
    await post('/faults', { faults: ids });
  };
  const setLatency = async (ms: number) => {
    await post('/latency', { ms });
  };
  const setAnswers = async (rules: readonly AnswerRule[]) => {
    await post('/answers', { answers: rules });
  };
  return {
    url: root,
    baseUrl: Object.freeze(
      Object.fromEntries(served.map((api) => [api, `${root}/${api}`])) as Record<TypedApiName, string>,
    ),
    async seed(api, session, tasks, options = {}) {
      const answer = await post('/seed', {
        api,
        session,
        tasks,
        ...optional('seed', options.seed),
      });
      return (answer.stored as { tasks: ApiTask<typeof api>[] }).tasks;
    },
    playScenario,
    stopScenario,
    async advance(steps = 1) {
      await post('/advance', { steps });
    },
    setFaults,
    setLatency,
    setAnswers,
    scenarioNames: async () => (await call('GET', '/scenarios')).library as ScenarioName[],
    sessions: async () =>
      (await call('GET', '/sessions')) as Record<TypedApiName, { session: string; tasks: number }[]>,
    injectableFaults: async () => (await call('GET', '/faults')) as Record<TypedApiName, FaultId[]>,
    async reseed(seed) {
      await post('/reseed', { seed });
    },
    clock: {
      freeze: (at) =>
        clockOf('/clock', { freeze: at === undefined ? true : at instanceof Date ? at.toISOString() : at }),
      advance: (ms) => clockOf('/clock', { advanceMs: ms }),
      speed: (factor) => clockOf('/clock', { speed: factor }),
      real: () => clockOf('/clock', { real: true }),
      state: async () => (await call('GET', '/clock')) as unknown as ClockState,
    },
    async reset() {
      await post('/reset');
    },
    state: () => call('GET', '/state'),
  };
}

/** A client for a running mock server, once it answers (a wrong URL fails here, not in the first test). */
export async function connectMock(url: string): Promise<MockControl> {
  let state: Record<string, unknown>;
  try {
    state = await mockControl(url, []).state();
  } catch (error) {
    throw new Error(
      `no agent-task-contracts mock answers at ${url}/__mock/state (${String(error)}); ` +
        'start one with `npx agent-task-contracts mock`',
    );
  }
  // The APIs the server serves are the ones its state counts the tasks of.
  return mockControl(url, Object.keys((state.tasks ?? {}) as Record<string, number>));
}
