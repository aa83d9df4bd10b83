/**
 * The mock's control surface as a state machine, for fast-check's model-based testing: every
 * control endpoint (good and malformed bodies) interleaved with list requests on every documented
 * operation. After each command the mock must be alive, have answered within a bound, in its API's
 * own format, with no 5xx but what an injected fault or a scenario step asks for, and its state
 * must equal the small model's.
 */

import fc from 'fast-check';
import { expect } from 'vitest';
import type { BuiltinApiName } from '../../src/apis/index.js';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { MockApp } from '../../src/apis/mock-functions.js';
import { DEMO } from '../../src/apis/mocks.js';
import type { JsonObject } from '../../src/contract/index.js';
import { type ApiName, checkItem, type OperationIdOf, validateResponseBody } from '../../src/contract/index.js';
import type { ListOperation } from '../../src/contract/operation-types.js';
import { allOperations, itemsOf } from '../../src/contract/operations.js';
import { documentedStatuses } from '../../src/contract/schema.js';
import type { AnswerKind, StandingAnswer } from '../../src/handlers/answers.js';
import { allFaults } from '../../src/handlers/faults/index.js';
import { startServer } from '../../src/node/server.js';
import { LIBRARY } from '../../src/scenarios/library.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';
import { BUILTIN } from './apis.js';

export interface Model {
  faults: string[];
  latencyMs: number;
  seed: number;
  scenario: { name: string; api: ApiName } | null;
  seeded: Record<BuiltinApiName, string[]>;
  clock: 'real' | 'frozen' | 'scaled';
  /** The asked-for answers, as `GET /__mock/state` lists them (a one-shot one counts down, then goes). */
  answers: StandingAnswer[];
}

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** One way of talking to a mock: in process, or over HTTP. */
export interface Driver {
  control(method: string, path: string, body: unknown): Promise<Answer>;
  /** `path` below the API's base, with its query; a dropped connection (an asked-for network error) is status 0. */
  list(api: ApiName, path: string, prefer?: string): Promise<Answer>;
  close(): Promise<void>;
}

export interface Start {
  seed: number;
  faults: string[];
  latencyMs: number;
}

const BOUND_MS = 5_000;

/** The mock in process: the control API's answers and the app's own responses. */
export async function inProcess(start: Start): Promise<Driver> {
  const app = await MockApp.create({
    seed: start.seed,
    faults: start.faults as never[],
    latencyMs: start.latencyMs,
    scenarios: scenarioLoader,
  });
  return {
    async control(method, path, body) {
      const answer = await app.controlResponse(method, path, body);
      return { status: answer.status, contentType: answer.headers['content-type'] ?? '', body: answer.body };
    },
    async list(api, target, prefer) {
      const [path, query = ''] = target.split('?');
      const answer = app.respond(api, {
        method: 'GET',
        path: path!,
        query: new URLSearchParams(query),
        ...(prefer ? { prefer } : {}),
      });
      if (answer.networkError) return { status: 0, contentType: '', body: null };
      const contentType = answer.headers['content-type'] ?? '';
      const body =
        answer.raw !== undefined && contentType.includes('json') ? JSON.parse(answer.raw) : (answer.raw ?? answer.body);
      return { status: answer.status, contentType, body };
    },
    close: async () => {},
  };
}

/** The standalone server on 127.0.0.1, every request bounded in time. */
export async function overHttp(start: Start): Promise<Driver> {
  const app = await MockApp.create({ seed: start.seed, faults: start.faults as never[], latencyMs: start.latencyMs });
  const server = await startServer(app, { host: '127.0.0.1', port: 0 });
  const read = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    return { status: response.status, contentType, body: contentType.includes('json') ? JSON.parse(text) : text };
  };
  return {
    async control(method, path, body) {
      const init: RequestInit = { method, signal: AbortSignal.timeout(BOUND_MS) };
      if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
      return read(await fetch(`${server.url}/__mock${path}`, init));
    },
    async list(api, target, prefer) {
      let response: Response;
      try {
        response = await fetch(`${server.url}/${api}${target}`, {
          signal: AbortSignal.timeout(BOUND_MS),
          ...(prefer ? { headers: { prefer } } : {}),
        });
      } catch (error) {
        // A dropped connection; a request over the bound is a failure of its own.
        if ((error as Error).name === 'TimeoutError') throw error;
        return { status: 0, contentType: '', body: null };
      }
      return read(response);
    },
    close: () => server.close(),
  };
}

export function initialModel(start: Start): Model {
  return {
    faults: [...start.faults],
    latencyMs: start.latencyMs,
    seed: start.seed,
    scenario: null,
    seeded: emptySeeded(),
    clock: 'real',
    answers: [],
  };
}

const emptySeeded = (): Record<BuiltinApiName, string[]> => ({ praxis: [], everruns: [], ark: [], jsonrpc: [] });

interface Real {
  driver: Driver;
}

/** The mock's state, read over its control API, must be the model's. */
async function sameState(model: Model, real: Real): Promise<void> {
  const answer = await real.driver.control('GET', '/state', undefined);
  expect(answer.status).toBe(200);
  const state = answer.body as {
    faults: string[];
    latencyMs: number;
    seed: number;
    scenario: { name: string; api: ApiName } | null;
    seeded: Record<BuiltinApiName, string[]>;
    clock: { mode: string };
    answers: StandingAnswer[];
  };
  expect({
    faults: [...state.faults].sort(),
    latencyMs: state.latencyMs,
    seed: state.seed,
    scenario: state.scenario && { name: state.scenario.name, api: state.scenario.api },
    seeded: state.seeded,
    clock: state.clock.mode,
    answers: state.answers,
  }).toEqual({ ...model, faults: [...model.faults].sort() });
}

type Cmd = fc.AsyncCommand<Model, Real>;

/** A control call that must succeed and change the model as `apply` says. */
class ControlCommand implements Cmd {
  constructor(
    private readonly path: string,
    private readonly body: unknown,
    private readonly apply: (model: Model) => void,
    private readonly expected: (model: Model) => number = () => 200,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const status = this.expected(model);
    const answer = await real.driver.control('POST', this.path, this.body);
    expect(answer.contentType).toContain('application/json');
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (status === 200) this.apply(model);
    else expect(typeof (answer.body as { error?: unknown }).error).toBe('string');
    await sameState(model, real);
  }
  toString = () => `POST /__mock${this.path} ${JSON.stringify(this.body)}`;
}

/** A control call the mock must refuse with a 4xx, changing nothing. */
class RefusedCommand implements Cmd {
  constructor(
    private readonly method: string,
    private readonly path: string,
    private readonly body: unknown,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const answer = await real.driver.control(this.method, this.path, this.body);
    expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    expect(typeof (answer.body as { error?: unknown }).error).toBe('string');
    await sameState(model, real);
  }
  toString = () =>
    `${this.method} /__mock${this.path} ${typeof this.body === 'string' ? this.body : JSON.stringify(this.body)} (refused)`;
}

/** A list request: answered in the API's own format, no 5xx unless a fault or a scenario step asks for one. */
class ListCommand implements Cmd {
  constructor(
    private readonly api: ApiName,
    private readonly operationId: string,
    private readonly target: string,
    private readonly prefer?: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    // A Prefer header wins over the standing answers and uses none of them up.
    const asked = this.prefer
      ? preferred(this.prefer)
      : takeModelAnswer(model, this.api, this.operationId, this.target);
    const answer = await real.driver.list(this.api, this.target, this.prefer);
    const where = `${this.api} ${this.target} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
    if (asked && !('delayMs' in asked)) {
      const status = 'status' in asked ? asked.status : 'timeoutMs' in asked ? 504 : 0;
      expect(answer.status, where).toBe(status);
      if (status !== 0) expect(answer.contentType, where).toMatch(/json/);
      return;
    }
    // Only an injected fault may answer 5xx or break the contract (the library's scenarios
    // replay no 5xx; one breaks a rule on purpose in a step).
    if (model.faults.length > 0) return;
    expect(answer.contentType, where).toMatch(/json/);
    expect(answer.status, where).toBeLessThan(500);
    if (model.scenario?.api === this.api) return;
    const operationId = this.operationId as OperationIdOf<ApiName>;
    if (documentedStatuses(this.api, operationId, BUILTIN).includes(answer.status)) {
      expect(
        validateResponseBody(this.api, operationId, answer.status, answer.body, undefined, BUILTIN) ?? [],
        where,
      ).toEqual([]);
    }
    if (answer.status === 200) {
      const op = allOperations(BUILTIN).find((o) => o.api === this.api && o.operationId === this.operationId)!;
      for (const item of itemsOf(op, answer.body) ?? [])
        expect(checkItem(this.api, op.target, item as JsonObject, undefined, BUILTIN), where).toEqual([]);
    }
  }
  toString = () => `GET /${this.api}${this.target}${this.prefer ? ` (Prefer: ${this.prefer})` : ''}`;
}

/** What the mock's first matching rule answers, counted off as the mock counts it. */
function takeModelAnswer(model: Model, api: ApiName, operationId: string, target: string): AnswerKind | undefined {
  const path = target.split('?')[0];
  const i = model.answers.findIndex(
    (r) =>
      (r.api === null || r.api === api) &&
      (r.path === null || r.path === path) &&
      (r.operation === null || r.operation === operationId),
  );
  if (i === -1) return undefined;
  const rule = model.answers[i]!;
  if (rule.remaining !== null && --rule.remaining === 0) model.answers.splice(i, 1);
  return rule.answer;
}

const PREFERS: Record<string, AnswerKind> = {
  'code=503': { status: 503 },
  'example=x, code=429': { status: 429 },
  'timeout=2': { timeoutMs: 2 },
  'delay=1': { delayMs: 1 },
  'network-error': { networkError: true },
};
const preferred = (header: string): AnswerKind => PREFERS[header]!;

/** A list request on the API a scenario plays on (any API when none plays): where scenarios break. */
class ScenarioListCommand implements Cmd {
  private resolved: ListCommand | undefined;
  constructor(
    private readonly pick: number,
    private readonly query: Record<string, string>,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const ops = allOperations(BUILTIN).filter((o) => !model.scenario || o.api === model.scenario.api);
    const op = ops[this.pick % ops.length]!;
    this.resolved = listCommand(op, this.pick, this.query);
    await this.resolved.run(model, real);
  }
  toString = () => `${this.resolved?.toString() ?? 'GET'} (on the scenario's API)`;
}

/** A read of the control API: a JSON object, and nothing changes. */
class ReadCommand implements Cmd {
  constructor(private readonly path: string) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const answer = await real.driver.control('GET', this.path, undefined);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.contentType).toContain('application/json');
    expect(typeof answer.body).toBe('object');
    await sameState(model, real);
  }
  toString = () => `GET /__mock${this.path}`;
}

/** Freezes the clock `backMs` before the mock's now: before a time scenario's start, say. */
class ClockBackCommand implements Cmd {
  constructor(private readonly backMs: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const clock = (await real.driver.control('GET', '/clock', undefined)).body as { now: number };
    const answer = await real.driver.control('POST', '/clock', { freeze: clock.now - this.backMs });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    model.clock = 'frozen';
    await sameState(model, real);
  }
  toString = () => `POST /__mock/clock {"freeze": <now - ${this.backMs}>}`;
}

function listPath(op: ListOperation, session: number): string {
  const sessions = [...SESSION_POOL[op.api as BuiltinApiName], 'sesn-unknown_9'];
  return op.path.replace('{session_id}', encodeURIComponent(sessions[session % sessions.length]!));
}

function listCommand(op: ListOperation, session: number, query: Record<string, string>, prefer?: string): ListCommand {
  const search = new URLSearchParams(query).toString();
  return new ListCommand(op.api, op.operationId, `${listPath(op, session)}${search ? `?${search}` : ''}`, prefer);
}

const SESSION_POOL: Record<BuiltinApiName, readonly string[]> = {
  praxis: ['sesn_m1', 'sesn_m2', DEMO.praxis.session],
  everruns: ['m1', 'm2', DEMO.everruns.session],
  ark: ['sesn-m1', 'sesn-m2', DEMO.ark.session],
  jsonrpc: ['m1', 'm2', DEMO.jsonrpc.session],
};

const STATES: Record<BuiltinApiName, readonly string[]> = {
  praxis: ['running', 'result_pending', 'completed', 'failed', 'cancelled', 'lost'],
  everruns: ['queued', 'running', 'awaiting_input', 'succeeded', 'failed', 'canceled'],
  ark: ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'unknown'],
  jsonrpc: ['created', 'queued', 'working', 'input-required', 'paused', 'completed', 'canceled', 'expired', 'failed'],
};
const STATE_FIELD: Record<BuiltinApiName, string> = {
  praxis: 'status',
  everruns: 'state',
  ark: 'state',
  jsonrpc: 'status',
};

const PARAMS = [
  'limit',
  'cursor',
  'page',
  'starting_after',
  'ending_before',
  'state',
  'status',
  'kind',
  'session_id',
  'user_id',
  'session_thread_id',
  'agent_id',
  'order',
  'statuses',
  'created_at[gte]',
  'bogus',
];
const VALUES = [
  '1',
  '3',
  '20',
  '0',
  '-1',
  'abc',
  '',
  'running',
  'queued,unknown',
  'demo',
  'agent_demo',
  'desc',
  '99999999999999999999',
];

/** An answer rule as sent, and as the mock holds it. */
const answerRules: fc.Arbitrary<{ sent: object; held: StandingAnswer }> = fc
  .record({
    where: fc.oneof(
      fc.constant({}),
      fc.constantFrom(...BUILTIN_API_NAMES).map((api) => ({ api })),
      fc.constantFrom(...allOperations(BUILTIN)).map((op) => ({ api: op.api, operation: op.operationId })),
      fc
        .record({ op: fc.constantFrom(...allOperations(BUILTIN)), session: fc.nat(3) })
        .map(({ op, session }) => ({ api: op.api, path: listPath(op, session) })),
    ),
    times: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    answer: fc.oneof(
      fc.constantFrom(400, 404, 429, 500, 502, 503).map((status): AnswerKind => ({ status })),
      fc.constant<AnswerKind>({ networkError: true }),
      fc.integer({ min: 0, max: 2 }).map((timeoutMs): AnswerKind => ({ timeoutMs })),
      fc.integer({ min: 0, max: 2 }).map((delayMs): AnswerKind => ({ delayMs })),
    ),
  })
  .map(({ where, times, answer }) => {
    const w = where as { api?: ApiName; operation?: string; path?: string };
    return {
      sent: { ...where, ...(times !== undefined ? { times } : {}), ...answer },
      held: {
        api: w.api ?? null,
        operation: w.operation ?? null,
        path: w.path ?? null,
        remaining: times ?? null,
        answer,
      },
    };
  });

const scenarioNames = Object.keys(LIBRARY) as (keyof typeof LIBRARY)[];
const apiOf = (name: keyof typeof LIBRARY) => LIBRARY[name].api as ApiName;
const isoBetween = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });

export const commands = (initial: Model): fc.Arbitrary<Cmd>[] => {
  const list = listCommands();
  // Requests weigh as much as all control calls together: what a call broke shows in them.
  return [...controlCommands(initial), list, list, list, list, list];
};

const queries = fc.dictionary(fc.constantFrom(...PARAMS), fc.constantFrom(...VALUES), { maxKeys: 3 });
const listCommands = (): fc.Arbitrary<Cmd> =>
  fc.oneof(
    fc
      .record({ op: fc.constantFrom(...allOperations(BUILTIN)), session: fc.nat(3), query: queries })
      .map(({ op, session, query }) => listCommand(op, session, query)),
    fc
      .record({
        op: fc.constantFrom(...allOperations(BUILTIN)),
        session: fc.nat(3),
        prefer: fc.constantFrom(...Object.keys(PREFERS)),
      })
      .map(({ op, session, prefer }) => listCommand(op, session, {}, prefer)),
    fc.record({ pick: fc.nat(11), query: queries }).map(({ pick, query }) => new ScenarioListCommand(pick, query)),
  );

const controlCommands = (initial: Model): fc.Arbitrary<Cmd>[] => [
  fc.constant(new ControlCommand('/reset', {}, (m) => Object.assign(m, structuredClone(initial)))),
  fc
    .record({
      name: fc.constantFrom(...scenarioNames),
      inline: fc.boolean(),
      progression: fc.option(fc.constantFrom('request', 'time', 'manual'), { nil: undefined }),
      stepMs: fc.option(fc.integer({ min: 1, max: 120_000 }), { nil: undefined }),
    })
    .map(({ name, inline, progression, stepMs }) => {
      const play = { ...(progression ? { progression } : {}), ...(stepMs !== undefined ? { stepMs } : {}) };
      const body = inline ? { scenario: { ...LIBRARY[name], name: `inline-${name}` }, ...play } : { name, ...play };
      return new ControlCommand(
        '/scenario',
        body,
        (m) => (m.scenario = { name: inline ? `inline-${name}` : name, api: apiOf(name) }),
      );
    }),
  fc.constant(new ControlCommand('/scenario', { name: null }, (m) => (m.scenario = null))),
  fc
    .integer({ min: -1000, max: 1_000_000 })
    .map((seed) => new ControlCommand('/reseed', { seed }, (m) => Object.assign(m, { seed, seeded: emptySeeded() }))),
  fc.integer({ min: 1, max: 3 }).map((steps) => new ControlCommand('/advance', { steps }, () => {})),
  fc
    .constantFrom(...BUILTIN_API_NAMES)
    .chain((api) =>
      fc.record({
        api: fc.constant(api),
        session: fc.constantFrom(...SESSION_POOL[api]),
        states: fc.array(fc.constantFrom(...STATES[api]), { maxLength: 3 }),
        seed: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
      }),
    )
    .map(
      ({ api, session, states, seed }) =>
        new ControlCommand(
          '/seed',
          {
            api,
            session,
            tasks: states.map((s) => ({ [STATE_FIELD[api]]: s })),
            ...(seed !== undefined ? { seed } : {}),
          },
          (m) => (m.seeded[api] = [...new Set([...m.seeded[api], session])].sort()),
          (m) => (m.scenario?.api === api ? 409 : 200),
        ),
    ),
  fc.oneof(
    fc.constant(new ControlCommand('/clock', { freeze: true }, (m) => (m.clock = 'frozen'))),
    isoBetween.map(
      (ms) => new ControlCommand('/clock', { freeze: new Date(ms).toISOString() }, (m) => (m.clock = 'frozen')),
    ),
    isoBetween.map((ms) => new ControlCommand('/clock', { freeze: ms }, (m) => (m.clock = 'frozen'))),
    fc
      .integer({ min: 0, max: 10 ** 9 })
      .map(
        (ms) =>
          new ControlCommand('/clock', { advanceMs: ms }, (m) => (m.clock = m.clock === 'real' ? 'frozen' : m.clock)),
      ),
    fc
      .double({ min: 0.1, max: 100, noNaN: true })
      .map((speed) => new ControlCommand('/clock', { speed }, (m) => (m.clock = 'scaled'))),
    fc.constant(new ControlCommand('/clock', { real: true }, (m) => (m.clock = 'real'))),
    fc.integer({ min: 1, max: 10 ** 10 }).map((backMs) => new ClockBackCommand(backMs)),
  ),
  fc
    .oneof(fc.constant([]), fc.subarray([...allFaults(BUILTIN)], { minLength: 1, maxLength: 2 }))
    .map((faults) => new ControlCommand('/faults', { faults }, (m) => (m.faults = [...faults]))),
  fc.integer({ min: 0, max: 3 }).map((ms) => new ControlCommand('/latency', { ms }, (m) => (m.latencyMs = ms))),
  fc
    .array(answerRules, { maxLength: 3 })
    .map(
      (rules) =>
        new ControlCommand(
          '/answers',
          { answers: rules.map((r) => r.sent) },
          (m) => (m.answers = rules.map((r) => r.held)),
        ),
    ),
  fc.constantFrom('/state', '/clock', '/sessions', '/scenarios', '/faults').map((path) => new ReadCommand(path)),
  fc
    .constantFrom<[string, string, unknown]>(
      ['POST', '/latency', { ms: -1 }],
      ['POST', '/latency', { ms: 'slow' }],
      ['POST', '/faults', { faults: 'ark.order-newest-first' }],
      ['POST', '/faults', { faults: ['nope'] }],
      ['POST', '/clock', {}],
      ['POST', '/clock', { freeze: 'not a time' }],
      ['POST', '/clock', { speed: 0 }],
      ['POST', '/clock', { advanceMs: -5 }],
      ['POST', '/clock', { freeze: true, real: true }],
      ['POST', '/reseed', { seed: 1.5 }],
      ['POST', '/advance', { steps: 0 }],
      ['POST', '/scenario', {}],
      ['POST', '/scenario', { name: 'no-such-scenario' }],
      ['POST', '/scenario', { name: 'ark-unknown-comes-back', progression: 'sideways' }],
      ['POST', '/scenario', { name: 'ark-unknown-comes-back', stepMs: 0 }],
      ['POST', '/scenario', { scenario: { name: 'x', api: 'ark', timeline: 'no' } }],
      ['POST', '/seed', { api: 'nope' }],
      ['POST', '/seed', { api: 'everruns', session: '', tasks: [] }],
      ['POST', '/seed', { api: 'everruns', session: 'm1', tasks: 'x' }],
      ['POST', '/seed', { api: 'everruns', session: 'm1', tasks: [{ state: 'paused' }] }],
      ['POST', '/nope', {}],
      ['PUT', '/reset', {}],
      ['POST', '/state', {}],
      ['POST', '/latency', [1]],
      ['POST', '/latency', 7],
      ['POST', '/answers', {}],
      ['POST', '/answers', { answers: { status: 503 } }],
      ['POST', '/answers', { answers: [{ api: 'ark', status: 200 }] }],
      ['POST', '/answers', { answers: [{ api: 'ark', status: 503, networkError: true }] }],
      ['POST', '/answers', { answers: [{ api: 'ark' }] }],
      ['POST', '/answers', { answers: [{ api: 'arc', status: 503 }] }],
      ['POST', '/answers', { answers: [{ operation: 'listTasks', status: 503 }] }],
      ['POST', '/answers', { answers: [{ api: 'ark', operation: 'listSessions', status: 503 }] }],
      ['POST', '/answers', { answers: [{ api: 'ark', path: 'sessions', status: 503 }] }],
      ['POST', '/answers', { answers: [{ status: 503, times: 0 }] }],
      ['POST', '/answers', { answers: [{ delayMs: -1 }] }],
      ['POST', '/answers', { answers: [{ timeoutMs: 60_001 }] }],
      ['POST', '/answers', { answers: [{ networkError: false }] }],
      ['POST', '/answers', { answers: [{ status: 503, retryAfter: 2 }] }],
      ['POST', '/answers', { answers: [{ status: 503, tims: 1 }] }],
      ['GET', '/answers', undefined],
    )
    .map(([method, path, body]) => new RefusedCommand(method, path, body)),
];

export const starts: fc.Arbitrary<Start> = fc.record({
  seed: fc.integer({ min: 1, max: 100_000 }),
  // Mostly none: an injected fault lets answers break the contract, so it hides what else broke.
  faults: fc.oneof(
    { weight: 4, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.subarray<string>([...allFaults(BUILTIN)], { minLength: 1, maxLength: 1 }) },
  ),
  latencyMs: fc.constantFrom(0, 1),
});

/** One property: a fresh mock per run, a sequence of commands, the model beside it. */
export function controlProperty(driverOf: (start: Start) => Promise<Driver>, maxCommands: number) {
  return fc.asyncProperty(
    starts.chain((start) =>
      fc.tuple(fc.constant(start), fc.commands(commands(initialModel(start)), { maxCommands, size: 'max' })),
    ),
    async ([start, cmds]) => {
      const driver = await driverOf(start);
      try {
        await fc.asyncModelRun(() => ({ model: initialModel(start), real: { driver } }), cmds);
      } finally {
        await driver.close();
      }
    },
  );
}
