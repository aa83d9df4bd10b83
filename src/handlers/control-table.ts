/**
 * The control surface's method table: for each call of `MockControl`, the HTTP request that makes it
 * under `/__mock` and how its body maps to the call's arguments and back. The routes
 * (`control.ts`), the HTTP client (`controlOver`, `connectMock`), the handles `createHandlers` gives
 * out and the control page's buttons are all built from it, and `docs/reference.md` renders it: a new
 * control operation is a row here and a method of `MockApp`.
 */

import { optional } from '../contract/optional.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { ClockState, ControlClock } from './clock.js';
import type { MockControl } from './mock-control.js';

/** A control request's JSON body. */
export type ControlBody = Record<string, unknown>;

/** Every call of the control surface by name, the clock's as `clock.<name>`. */
type Calls = Omit<MockControl<unknown>, 'clock'> & { [K in keyof ControlClock as `clock.${K}`]: ControlClock[K] };
export type ControlCall = keyof Calls;

interface ControlRow<Args extends readonly unknown[], Result> {
  method: 'GET' | 'POST';
  path: `/${string}`;
  /** The call's parameters as the reference shows them. */
  params?: string;
  /** What the call does, as the reference says it. */
  does: string;
  /** A body that asks for the call (POST): the reference shows it, and a refused body's answer lists it. */
  example?: ControlBody;
  /** Whether a body asks for this call, where one path serves several (a scenario played or stopped). */
  takes?: (body: ControlBody) => boolean;
  /** The request body that makes the call (POST). */
  body?: (...args: Args) => ControlBody;
  /** The call's arguments, read from a request's body: unchecked, as the method checks any caller's. */
  args?: (body: ControlBody) => readonly unknown[];
  /**
   * What the route answers of the result: a GET answers it (by default the result itself); a POST
   * answers the mock's state, with this beside it.
   */
  answer?: (result: Result, body: ControlBody) => object;
  /** The call's result, read from the answer: by default nothing for a POST, the answer for a GET. */
  result?: (answer: ControlBody) => Result;
}

type RowOf<K extends ControlCall> = ControlRow<Parameters<Calls[K]>, Awaited<ReturnType<Calls[K]>>>;

const clockOf = (answer: ControlBody) => answer.clock as ClockState;

export const CONTROL_TABLE: { readonly [K in ControlCall]: RowOf<K> } = {
  reset: {
    method: 'POST',
    path: '/reset',
    does:
      "back to exactly how the mock was started: its seed's demo data (added sessions gone), its faults, " +
      'latency and scenario at step 0, no outages, the clock on real time',
    body: () => ({}),
  },
  reseed: {
    method: 'POST',
    path: '/reseed',
    params: 'seed',
    does: 'another deterministic demo dataset (added sessions gone); reset goes back to the first',
    example: { seed: 7 },
    body: (seed) => ({ seed }),
    args: (body) => [body.seed],
  },
  addTasks: {
    method: 'POST',
    path: '/tasks',
    params: 'api, session, tasks, { seed }',
    does:
      'the session holds exactly these tasks: partials completed from `seed` and checked (generated ids are ' +
      'unique in the whole mock, so the same partials can fill any number of sessions); the answer adds what ' +
      'was stored, `stored: {api, session, tasks}`. While a scenario plays on that API the call is a `409`: ' +
      'stop the scenario first, or add tasks to another API',
    example: { api: 'ark', session: 'sesn-x', tasks: [{ state: 'unknown' }], seed: 1 },
    body: (api, session, tasks, options = {}) => ({ api, session, tasks, ...optional('seed', options.seed) }),
    args: (body) => [body.api, body.session, body.tasks, optional('seed', body.seed)],
    answer: (tasks, body) => ({ stored: { api: body.api, session: body.session, tasks } }),
    result: (answer) => (answer.stored as { tasks: JsonObject[] }).tasks,
  },
  playScenario: {
    method: 'POST',
    path: '/scenario',
    params: 'scenario, { progression, stepMs }',
    does:
      'play a library scenario (`name`) or a scenario object (`scenario`) on its API from step 0, optionally ' +
      'with another `progression` (`manual`, `time`, `request`) or `stepMs`; while it plays it answers every ' +
      'request to its API',
    example: { name: 'ark-unknown-comes-back', progression: 'manual' },
    body: (scenario, options = {}) => ({
      ...(typeof scenario === 'string' ? { name: scenario } : { scenario }),
      ...options,
    }),
    args: (body) => [
      body.name !== undefined ? body.name : body.scenario,
      { ...optional('progression', body.progression), ...optional('stepMs', body.stepMs) },
    ],
  },
  stopScenario: {
    method: 'POST',
    path: '/scenario',
    does: 'stop the scenario: its API serves the demo data (and added sessions) again',
    example: { name: null },
    takes: (body) => body.name === null,
    body: () => ({ name: null }),
  },
  advance: {
    method: 'POST',
    path: '/advance',
    params: 'steps',
    does:
      'a `manual` scenario moves `steps` on (1 by default); otherwise every unfinished demo task takes that ' +
      'many legal lifecycle steps',
    example: { steps: 1 },
    body: (steps) => optional('steps', steps),
    args: (body) => [body.steps],
  },
  setFaults: {
    method: 'POST',
    path: '/faults',
    params: 'ids',
    does: 'set the injected faults, replacing the ones before (`[]`: none)',
    example: { faults: ['ark.order-newest-first'] },
    body: (faults) => ({ faults }),
    args: (body) => [body.faults],
  },
  setLatency: {
    method: 'POST',
    path: '/latency',
    params: 'ms',
    does:
      'a network delay before every response, in wall-clock ms (0 to 60000): a frozen or slowed virtual ' +
      'clock never holds a response',
    example: { ms: 250 },
    body: (ms) => ({ ms }),
    args: (body) => [body.ms],
  },
  setOutages: {
    method: 'POST',
    path: '/outages',
    params: 'outages',
    does:
      'the next `times` (or all) requests of an API (`api`), an operation (`operation`) or a path (`path`) ' +
      'answer one of `status` (400–599, optional `retryAfter`), `networkError: true`, `timeoutMs`, `delayMs` ' +
      'instead of the documented answer; replaces the outages before, `[]` clears them, so does reset',
    example: { outages: [{ api: 'ark', status: 503, times: 1 }] },
    body: (outages) => ({ outages }),
    args: (body) => [body.outages],
  },
  'clock.freeze': {
    method: 'POST',
    path: '/clock',
    params: 'at',
    does:
      "stop the mock's virtual clock now (`true`) or at an instant (ISO 8601, ms since the epoch); any instant " +
      'is valid: a `time` scenario whose clock is set before its start plays its first step',
    example: { freeze: '2026-11-30T09:00:00Z' },
    takes: (body) => Object.hasOwn(body, 'freeze'),
    body: (at) => ({ freeze: at === undefined ? true : at instanceof Date ? at.toISOString() : at }),
    args: (body) => (body.freeze === true ? [] : [body.freeze]),
    result: clockOf,
  },
  'clock.advance': {
    method: 'POST',
    path: '/clock',
    params: 'ms',
    does: 'move the clock on by `advanceMs` (a running clock is frozen first)',
    example: { advanceMs: 30_000 },
    takes: (body) => Object.hasOwn(body, 'advanceMs'),
    body: (ms) => ({ advanceMs: ms }),
    args: (body) => [body.advanceMs],
    result: clockOf,
  },
  'clock.speed': {
    method: 'POST',
    path: '/clock',
    params: 'factor',
    does: 'run the clock at `speed` clock ms per real ms (10: a 30 s step takes 3 s)',
    example: { speed: 10 },
    takes: (body) => Object.hasOwn(body, 'speed'),
    body: (speed) => ({ speed }),
    args: (body) => [body.speed],
    result: clockOf,
  },
  'clock.real': {
    method: 'POST',
    path: '/clock',
    does: 'the clock back on real time',
    example: { real: true },
    takes: (body) => body.real === true,
    body: () => ({ real: true }),
    result: clockOf,
  },
  'clock.state': {
    method: 'GET',
    path: '/clock',
    does: 'the clock: its `mode`, `now` (ms since the epoch, and `iso`) and `speed`',
  },
  state: {
    method: 'GET',
    path: '/state',
    does:
      'what the mock is doing: seed, faults and what each changes, latency, outages (each with the requests it ' +
      'still takes, `remaining`), scenario (with its `step`), clock, task counts and added sessions per ' +
      'API; every `POST` answers this shape',
  },
  sessions: {
    method: 'GET',
    path: '/sessions',
    does:
      "each API's sessions (at most 100, in creation order) with their task counts, as served: a playing " +
      "scenario's current step, for its API",
  },
  scenarioNames: {
    method: 'GET',
    path: '/scenarios',
    does: 'the library scenarios `playScenario` takes by name, as `{"library": [...]}`',
    answer: (names) => ({ library: names }),
    result: (answer) => answer.library as readonly string[],
  },
  injectableFaults: {
    method: 'GET',
    path: '/faults',
    does: 'the fault ids each API the mock serves can inject',
  },
};

type AnyRow = ControlRow<readonly unknown[], unknown>;
const ROWS = Object.entries(CONTROL_TABLE) as [ControlCall, AnyRow][];

/** The HTTP request that makes a call. */
export function controlRequest(
  call: ControlCall,
  args: readonly unknown[],
): { method: 'GET' | 'POST'; path: string; body?: ControlBody } {
  const row = CONTROL_TABLE[call] as AnyRow;
  return row.method === 'POST'
    ? { method: row.method, path: row.path, body: row.body?.(...args) ?? {} }
    : { method: row.method, path: row.path };
}

/** A call's result, read from the answer to its request. */
export function controlResult(call: ControlCall, answer: ControlBody): unknown {
  const row = CONTROL_TABLE[call] as AnyRow;
  return row.result ? row.result(answer) : row.method === 'GET' ? answer : undefined;
}

/** The rows a method and path route to (several where one path serves several calls). */
export function rowsAt(method: 'GET' | 'POST', path: string): [ControlCall, AnyRow][] {
  return ROWS.filter(([, row]) => row.method === method && row.path === path);
}

/** Every endpoint once, with its methods, in the table's order: `POST /reset, …, GET|POST /clock, …`. */
export function endpointList(): string {
  const methods = new Map<string, Set<string>>();
  for (const [, row] of ROWS) {
    const set = methods.get(row.path) ?? new Set<string>();
    methods.set(row.path, set.add(row.method));
  }
  return [...methods].map(([path, set]) => `${['GET', 'POST'].filter((m) => set.has(m)).join('|')} ${path}`).join(', ');
}

/** Makes a call on a control: `clock.freeze` on its clock, any other on the control itself. */
export function invoke(control: MockControl<unknown>, call: ControlCall, args: readonly unknown[]): Promise<unknown> {
  const [target, name] = call.startsWith('clock.')
    ? [control.clock as object, call.slice('clock.'.length)]
    : [control as object, call];
  const method = Reflect.get(target, name) as (...a: unknown[]) => Promise<unknown>;
  return method.apply(target, [...args]);
}

/** A control whose every call is `call(name, args)`: over HTTP (`connectMock`), or forwarded to an app made later. */
export function controlOver<Scenario>(
  call: (name: ControlCall, args: readonly unknown[]) => Promise<unknown>,
): MockControl<Scenario> {
  const control: Record<string, unknown> = {};
  const clockCalls: Record<string, unknown> = {};
  for (const [name] of ROWS) {
    const method = (...args: unknown[]) => call(name, args);
    if (name.startsWith('clock.')) clockCalls[name.slice('clock.'.length)] = method;
    else control[name] = method;
  }
  control.clock = clockCalls;
  return control as unknown as MockControl<Scenario>;
}
