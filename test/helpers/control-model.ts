/**
 * The mock's control surface as a state machine, for fast-check's model-based testing: every call
 * of `MockControl` (good and refused arguments), requests the routes refuse, list requests on
 * every documented operation, and JSON-RPC requests to every operation bound as JSON-RPC (handshakes that
 * open sessions, calls in a session opened, added, unknown or missing, batches, notifications, bad input),
 * each made on two mocks at once: one in process (the handle `createHandlers` gives) and one over HTTP
 * (`connectMock` on the standalone server). Both must answer each call alike (the same result, or the same
 * ControlError), each request alike, and after each command both states must equal the small model's; a
 * JSON-RPC answer must be the one the model predicts (json-rpc-answers.ts). Every answer must come within a
 * bound, in its API's own format, with no 5xx but what an injected fault or an asked-for outage says.
 * `Date` is faked while a run goes, so both mocks read one time.
 */

import fc from 'fast-check';
import { expect, vi } from 'vitest';
import type { BuiltinApiName } from '../../src/apis/index.js';
import { BUILTIN_API_NAMES, BUILTIN_APIS } from '../../src/apis/index.js';
import { createHandlers, MockApp } from '../../src/apis/mock-functions.js';
import { DEMO } from '../../src/apis/mocks.js';
import type { JsonObject } from '../../src/contract/index.js';
import { type ApiName, checkItem, type OperationIdOf, validateResponseBody } from '../../src/contract/index.js';
import {
  acceptOf,
  handshakeCallText,
  handshakeOf,
  JSON_RPC_ERRORS,
  jsonRpcBinding,
  requestText,
} from '../../src/contract/json-rpc.js';
import type { ListOperation } from '../../src/contract/operation-types.js';
import { allOperations, itemsOf, setField } from '../../src/contract/operations.js';
import { documentedStatuses, findOperation } from '../../src/contract/schema.js';
import { apiSetOf, mockOf } from '../../src/handlers/apis.js';
import { controlResponse } from '../../src/handlers/control.js';
import { ControlError } from '../../src/handlers/control-error.js';
import { type ControlCall, invoke } from '../../src/handlers/control-table.js';
import { allFaults } from '../../src/handlers/faults/index.js';
import type { MockControl } from '../../src/handlers/mock-control.js';
import type { MockState } from '../../src/handlers/mock-state.js';
import type { OutageKind, StandingOutage } from '../../src/handlers/outages.js';
import { connectMock } from '../../src/node/control.js';
import { startServer } from '../../src/node/server.js';
import { LIBRARY } from '../../src/scenarios/library.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';
import { BUILTIN } from './apis.js';
import { jsonRpcJobs } from './jobs-json-rpc.js';
import {
  answerProblems,
  expectedAnswer,
  jsonRpcOperations,
  messagesOf,
  type SessionState,
} from './json-rpc-answers.js';

/** The mocks serve the built-in APIs and the jobs example bound as JSON-RPC (`jobs.list` at /rpc). */
const SERVED = { ...BUILTIN_APIS, jobs: jsonRpcJobs() };

export interface Model {
  faults: string[];
  latencyMs: number;
  seed: number;
  scenario: { name: string; api: ApiName } | null;
  added: Record<BuiltinApiName | 'jobs', string[]>;
  clock: 'real' | 'frozen' | 'scaled';
  /** The asked-for outages, as `state()` lists them (a one-shot one counts down, then goes). */
  outages: StandingOutage[];
  /**
   * What became of each session a handshake opened, by API, in the order opened (the mocks' ids differ; the
   * index names the same session on both): open, gone (the store was emptied since), or unsure (opened into a
   * scenario's store, whose steps each hold their own). Not part of `state()`.
   */
  opened: Partial<Record<ApiName, SessionFate[]>>;
}

type SessionFate = 'open' | 'gone' | 'unsure';

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** One mock: its control, its routes as they answer a raw request, and its API requests. */
interface Side {
  control: MockControl<unknown>;
  route(method: string, path: string, body: unknown): Promise<Answer>;
  /** `path` below the API's base, with its query; a dropped connection (an asked-for network error) is status 0. */
  list(api: ApiName, path: string, prefer?: string): Promise<Answer>;
  /** A POST of `body` to `path` below the API's base (a JSON-RPC call), with `headers` (a session's). */
  call(api: ApiName, path: string, body: string, headers?: Record<string, string>): Promise<Called>;
  /** The sessions handshakes opened on this mock, by API, in the order opened. */
  opened: Partial<Record<ApiName, string[]>>;
}

/** A POST's answer: its status, media type and text, and the headers JSON-RPC's session travels in. */
interface Called {
  status: number;
  contentType: string;
  text: string;
  headers: Record<string, string>;
}

/** The same mock twice: in process and over HTTP. */
interface Real {
  local: Side;
  remote: Side;
}

export interface Start {
  seed: number;
  faults: string[];
  latencyMs: number;
}

const BOUND_MS = 5_000;

/** The mock in process, driven through the handle `createHandlers` gives out. */
async function inProcess(start: Start): Promise<Side> {
  const mock = createHandlers({
    apis: SERVED,
    seed: start.seed,
    faults: start.faults as never[],
    latencyMs: start.latencyMs,
    scenarios: scenarioLoader,
  });
  const app = await mock.app();
  return {
    control: mock,
    async route(method, path, body) {
      const answer = await controlResponse(app, method, path, body);
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
    async call(api, path, body, headers = {}) {
      const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      const answer = app.respond(api, { method: 'POST', path, query: new URLSearchParams(), body, headers: lower });
      if (answer.networkError) return { status: 0, contentType: '', text: '', headers: {} };
      const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
      return {
        status: answer.status,
        contentType: answer.headers['content-type'] ?? '',
        text,
        headers: answer.headers,
      };
    },
    opened: {},
  };
}

/** The standalone server on 127.0.0.1, driven through `connectMock`, every request bounded in time. */
async function overHttp(start: Start): Promise<Side & { close(): Promise<void> }> {
  const app = await MockApp.create({
    apis: SERVED,
    seed: start.seed,
    faults: start.faults as never[],
    latencyMs: start.latencyMs,
  });
  const server = await startServer(app, { host: '127.0.0.1', port: 0 });
  const read = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    return { status: response.status, contentType, body: contentType.includes('json') ? JSON.parse(text) : text };
  };
  return {
    control: await connectMock(server.url),
    async route(method, path, body) {
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
    async call(api, path, body, headers = {}) {
      let response: Response;
      try {
        response = await fetch(`${server.url}/${api}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          signal: AbortSignal.timeout(BOUND_MS),
        });
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') throw error;
        return { status: 0, contentType: '', text: '', headers: {} };
      }
      const text = await response.text();
      const contentType = response.headers.get('content-type') ?? '';
      return { status: response.status, contentType, text, headers: Object.fromEntries(response.headers) };
    },
    opened: {},
    close: () => server.close(),
  };
}

export function initialModel(start: Start): Model {
  return {
    faults: [...start.faults],
    latencyMs: start.latencyMs,
    seed: start.seed,
    scenario: null,
    added: emptyAdded(),
    clock: 'real',
    outages: [],
    opened: {},
  };
}

/** The store is emptied and built again (`reset`, `reseed`): the sessions handshakes opened in it are gone. */
function storeRebuilt(model: Model, scenarioToo: boolean): void {
  for (const fates of Object.values(model.opened))
    fates?.forEach((fate, i) => {
      if (fate === 'open' || scenarioToo) fates[i] = 'gone';
    });
}

const emptyAdded = (): Record<BuiltinApiName | 'jobs', string[]> => ({
  jobs: [],
  praxis: [],
  everruns: [],
  ark: [],
  jsonrpc: [],
  langgraph: [],
  a2a: [],
  mcp: [],
});

/** What a call came to: its result, or the ControlError it threw (anything else thrown is a failure). */
type Outcome = { result: unknown } | { refused: { status: number; message: string; details: unknown } };

async function outcome(control: MockControl<unknown>, call: ControlCall, args: readonly unknown[]): Promise<Outcome> {
  try {
    return { result: await invoke(control, call, args) };
  } catch (error) {
    if (!(error instanceof ControlError)) throw error;
    return { refused: { status: error.status, message: error.message, details: error.details } };
  }
}

/** Makes one call on both mocks: they must come to the same result, or refuse it alike. */
async function callBoth(real: Real, call: ControlCall, args: readonly unknown[]): Promise<Outcome> {
  const local = withOpenedNamed(real.local, await outcome(real.local.control, call, args));
  const remote = withOpenedNamed(real.remote, await outcome(real.remote.control, call, args));
  expect(remote, `${call} over HTTP, as in process`).toEqual(local);
  return local;
}

/** An outcome with each session a handshake opened named by its place (the two mocks draw different ids). */
function withOpenedNamed(side: Side, outcome: Outcome): Outcome {
  const text = JSON.stringify(outcome);
  let named = text;
  for (const [api, ids] of Object.entries(side.opened))
    ids?.forEach((id, n) => {
      named = named.replaceAll(JSON.stringify(id), JSON.stringify(openedName(api, n)));
    });
  // Lists of sessions the mock sorts (the added ones) are sorted again by those names.
  const sorted = (_key: string, value: unknown) =>
    Array.isArray(value) && value.some((v) => typeof v === 'string' && v.includes(' session opened #'))
      ? [...(value as string[])].sort()
      : value;
  return named === text ? outcome : (JSON.parse(named, sorted) as Outcome);
}

/** The name a session a handshake opened goes by in what the two mocks must agree on. */
const openedName = (api: ApiName, n: number) => `<${api} session opened #${n}>`;

/** Both mocks' states are one, and the model's. */
async function sameState(model: Model, real: Real): Promise<void> {
  const outcome = await callBoth(real, 'state', []);
  expect('result' in outcome).toBe(true);
  const state = (outcome as { result: MockState }).result;
  const { opened: _sessions, ...stated } = model;
  expect({
    faults: [...state.faults].sort(),
    latencyMs: state.latencyMs,
    seed: state.seed,
    scenario: state.scenario && { name: state.scenario.name, api: state.scenario.api },
    added: state.added,
    clock: state.clock.mode,
    outages: state.outages,
  }).toEqual({ ...stated, faults: [...model.faults].sort() });
}

type Cmd = fc.AsyncCommand<Model, Real>;

const shown = (args: readonly unknown[]) => args.map((a) => JSON.stringify(a) ?? 'undefined').join(', ');

/** A call that must succeed (or refuse with the status `expected` gives) and change the model as `apply` says. */
class CallCommand implements Cmd {
  constructor(
    private readonly call: ControlCall,
    private readonly args: readonly unknown[],
    private readonly apply: (model: Model) => void,
    private readonly expected: (model: Model) => number = () => 200,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const status = this.expected(model);
    const outcome = await callBoth(real, this.call, this.args);
    if (status === 200) {
      expect(outcome, JSON.stringify(outcome).slice(0, 300)).toHaveProperty('result');
      this.apply(model);
    } else expect(outcome).toMatchObject({ refused: { status } });
    await sameState(model, real);
  }
  toString = () => `${this.call}(${shown(this.args)})`;
}

/** A call the mock must refuse with a 4xx saying why, changing nothing. */
class RefusedCommand implements Cmd {
  constructor(
    private readonly call: ControlCall,
    private readonly args: readonly unknown[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const outcome = await callBoth(real, this.call, this.args);
    expect(outcome, JSON.stringify(outcome).slice(0, 300)).toHaveProperty('refused');
    const { status, message } = (outcome as { refused: { status: number; message: string } }).refused;
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(message.length).toBeGreaterThan(0);
    await sameState(model, real);
  }
  toString = () => `${this.call}(${shown(this.args)}) (refused)`;
}

/** A request the routes refuse (no call asks for it): both mocks answer the same 4xx, changing nothing. */
class RouteRefusedCommand implements Cmd {
  constructor(
    private readonly method: string,
    private readonly path: string,
    private readonly body: unknown,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const local = await real.local.route(this.method, this.path, this.body);
    const remote = await real.remote.route(this.method, this.path, this.body);
    expect(remote, 'over HTTP, as in process').toEqual(local);
    expect(local.status, JSON.stringify(local.body)).toBeGreaterThanOrEqual(400);
    expect(local.status, JSON.stringify(local.body)).toBeLessThan(500);
    expect(typeof (local.body as { error?: unknown }).error).toBe('string');
    await sameState(model, real);
  }
  toString = () =>
    `${this.method} /__mock${this.path} ${typeof this.body === 'string' ? this.body : JSON.stringify(this.body)} (refused)`;
}

/** A list request: the same answer from both, in the API's own format, no 5xx unless a fault or an outage asks. */
class ListCommand implements Cmd {
  constructor(
    private readonly api: ApiName,
    private readonly operationId: string,
    private readonly target: string,
    private readonly prefer?: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    // A Prefer header wins over the standing outages and uses none of them up.
    const asked = this.prefer
      ? preferred(this.prefer)
      : takeModelOutage(model, this.api, this.operationId, this.target);
    const answer = await real.local.list(this.api, this.target, this.prefer);
    const where = `${this.api} ${this.target} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
    expect(await real.remote.list(this.api, this.target, this.prefer), `over HTTP, as in process: ${where}`).toEqual(
      answer,
    );
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

/** The mock served, as an API set, and its operations bound as JSON-RPC (jobs', a2a's, mcp's). */
const SERVED_SET = apiSetOf(SERVED);
const RPC_OPS = jsonRpcOperations(allOperations(SERVED_SET));

/** What an outage asked for answers: its status, a 504 after a timeout, or a dropped connection (0). */
const outageStatus = (kind: OutageKind) => ('status' in kind ? kind.status : 'timeoutMs' in kind ? 504 : 0);

/**
 * The handshake's call to an operation whose session one opens: both mocks open a session (each its own id, in
 * the header the data names) unless an outage answers instead; the model notes it open, or unsure where a
 * scenario plays the API (the session goes into the step's store).
 */
class HandshakeCommand implements Cmd {
  constructor(private readonly op: ListOperation) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { api, path } = this.op;
    const handshake = handshakeOf(this.op)!;
    const asked = takeModelOutage(model, api, this.op.operationId, path);
    const body = handshakeCallText(handshake);
    const headers = { accept: acceptOf(this.op) };
    const [local, remote] = [
      await real.local.call(api, path, body, headers),
      await real.remote.call(api, path, body, headers),
    ];
    const where = `POST /${api}${path} ${body} -> ${local.status} ${local.text.slice(0, 200)}`;
    expect(shownCall(remote), `over HTTP, as in process: ${where}`).toEqual(shownCall(local));
    if (asked && !('delayMs' in asked)) {
      expect(local.status, where).toBe(outageStatus(asked));
      return;
    }
    expect(
      answerProblems(this.op, expectedAnswer(this.op, body), local.status, local.contentType, local.text),
      where,
    ).toEqual([]);
    const name = handshake.header.toLowerCase();
    for (const side of [real.local, real.remote]) {
      const session = (side === real.local ? local : remote).headers[name];
      expect(session, `${where}: the session in ${handshake.header}`).toBeTruthy();
      (side.opened[api] ??= []).push(session!);
    }
    (model.opened[api] ??= []).push(model.scenario?.api === api ? 'unsure' : 'open');
  }
  toString = () => `POST /${this.op.api}${this.op.path} ${handshakeOf(this.op)!.call.method}`;
}

/**
 * addTasks into the n-th session a handshake opened (each mock its own id): the session holds them as any added
 * one does, open again if the store was emptied since, unless a scenario plays its API (409).
 */
class AddToOpenedCommand implements Cmd {
  constructor(
    private readonly api: BuiltinApiName,
    private readonly n: number,
    private readonly states: readonly string[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const fates = model.opened[this.api] ?? [];
    if (fates.length > 0) {
      const n = this.n % fates.length;
      const partials = this.states.map((state) => stateIn(this.api, state));
      const [local, remote] = [real.local, real.remote].map(async (side) =>
        withOpenedNamed(side, await outcome(side.control, 'addTasks', [this.api, side.opened[this.api]![n], partials])),
      );
      expect(await remote, 'addTasks over HTTP, as in process').toEqual(await local);
      if (model.scenario?.api === this.api) expect(await local).toMatchObject({ refused: { status: 409 } });
      else {
        expect(await local).toHaveProperty('result');
        model.added[this.api] = [...new Set([...model.added[this.api], openedName(this.api, n)])].sort();
        fates[n] = 'open';
      }
    }
    await sameState(model, real);
  }
  toString = () => `addTasks(${this.api}, <session opened #${this.n}>, ${JSON.stringify(this.states)})`;
}

/** An answer as the two mocks must agree on it: its session header aside (each mock names its own). */
function shownCall(called: Called): unknown {
  let messages: unknown = called.text;
  try {
    messages = called.text === '' ? '' : messagesOf(called.contentType, called.text);
  } catch {}
  return { status: called.status, contentType: called.contentType, messages };
}

/** Which session a call names: the n-th a handshake opened, one of the pool (added or the demo's), an unknown one, none. */
type SessionPick = { opened: number } | { pool: number } | 'unknown' | 'missing';

/**
 * A POST to an operation bound as JSON-RPC: the same answer from both mocks, and the answer the model predicts
 * (test/helpers/json-rpc-answers.ts: each call's code or its page, no reply to notifications, the handshake's
 * refusals outside an open session), unless an outage asks for another. A page is held to the spec and the rules.
 */
class RpcCommand implements Cmd {
  constructor(
    private readonly op: ListOperation,
    private readonly pick: SessionPick,
    private readonly body: RpcBody,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { api, path, operationId } = this.op;
    const asked = takeModelOutage(model, api, operationId, path);
    const [fate, local, remote] = await this.sent(model, real);
    const where = `${this.toString()} -> ${local.status} ${local.text.slice(0, 300)}`;
    expect(shownCall(remote), `over HTTP, as in process: ${where}`).toEqual(shownCall(local));
    if (asked && !('delayMs' in asked)) {
      expect(local.status, where).toBe(outageStatus(asked));
      return;
    }
    // An injected fault may break the list's answers; a scenario's steps hold their own sessions and data.
    if (model.faults.length > 0 || model.scenario?.api === api || fate === undefined) return;
    const expected = expectedAnswer(this.op, this.body.text, fate, this.body.judged);
    expect(answerProblems(this.op, expected, local.status, local.contentType, local.text), where).toEqual([]);
    if (local.status !== 200) return;
    const messages = messagesOf(local.contentType, local.text);
    for (const message of Array.isArray(messages) ? messages : [messages]) {
      if (!isObj(message) || !('result' in message)) continue;
      const id = operationId as OperationIdOf<ApiName>;
      expect(validateResponseBody(api, id, 200, message.result, undefined, SERVED_SET) ?? [], where).toEqual([]);
      for (const item of itemsOf(this.op, message.result) ?? [])
        expect(checkItem(api, this.op.target, item as JsonObject, undefined, SERVED_SET), where).toEqual([]);
    }
  }

  /** Sends the body on both mocks in the session picked: what the model knows of that session, and both answers. */
  private async sent(model: Model, real: Real): Promise<[SessionState | undefined, Called, Called]> {
    const handshake = handshakeOf(this.op);
    const send = (side: Side, session: string | undefined) =>
      side.call(this.op.api, this.op.path, this.body.text, {
        accept: acceptOf(this.op),
        ...(handshake && session !== undefined ? { [handshake.header]: session } : {}),
      });
    if (!handshake || this.pick === 'missing') {
      const fate = handshake ? 'missing' : 'open';
      return [fate, await send(real.local, undefined), await send(real.remote, undefined)];
    }
    const fates = model.opened[this.op.api] ?? [];
    if (typeof this.pick === 'object' && 'opened' in this.pick && fates.length > 0) {
      const n = this.pick.opened % fates.length;
      const fate = { open: 'open', gone: 'unknown', unsure: undefined }[fates[n]!] as SessionState | undefined;
      const [local, remote] = [real.local.opened[this.op.api]![n], real.remote.opened[this.op.api]![n]];
      return [fate, await send(real.local, local), await send(real.remote, remote)];
    }
    let session = 'no-such-session';
    if (typeof this.pick === 'object' && 'pool' in this.pick) {
      const pool = SESSION_POOL[this.op.api as BuiltinApiName];
      session = pool[this.pick.pool % pool.length]!;
    }
    const demo = mockOf(this.op.api, SERVED_SET).demo?.session;
    const known = session === demo || model.added[this.op.api as BuiltinApiName].includes(session);
    return [known ? 'open' : 'unknown', await send(real.local, session), await send(real.remote, session)];
  }

  toString = () => `POST /${this.op.api}${this.op.path} (session ${JSON.stringify(this.pick)}) ${this.body.text}`;
}

const isObj = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A body to POST, and what the list makes of the params its calls give (a page, or the error's code). */
interface RpcBody {
  text: string;
  judged: (params: unknown) => 'result' | number | undefined;
}

/**
 * Bodies for one operation, from its data: calls whose params the list answers with a page (none, its default
 * page size) or refuses (each documented refused value, a value of the wrong JSON type, params by position), a
 * notification, another method, a Request object that is invalid, a body that is no JSON, batches.
 */
function rpcBodies(op: ListOperation): fc.Arbitrary<RpcBody> {
  const { method } = jsonRpcBinding(op)!;
  const handshake = handshakeOf(op);
  const first = findOperation(op.api, op.operationId, SERVED_SET).operation.parameters?.[0]?.name ?? 'x';
  const params: (readonly [Record<string, unknown> | unknown[], 'result' | number])[] = [
    [{}, 'result'],
    ...(op.limit ? [[paramsOf(op, [[op.limit.param, String(op.limit.default)]]), 'result'] as const] : []),
    ...op.rejected.flatMap((r) =>
      r.values.map((value) => {
        const code = Number(r.errorType);
        return [paramsOf(op, [[r.param, value]]), code <= -32000 ? code : JSON_RPC_ERRORS.invalidParams] as const;
      }),
    ),
    [{ [first]: { not: 'text' } }, JSON_RPC_ERRORS.invalidParams],
    [[1], JSON_RPC_ERRORS.invalidParams],
  ];
  const judged = (given: unknown) => params.find(([p]) => JSON.stringify(p) === JSON.stringify(given))?.[1];
  const message = fc.oneof(
    fc
      .record({ params: fc.constantFrom(...params.map(([p]) => p)), id: fc.constantFrom<unknown>(1, 'b', null) })
      .map(({ params, id }) => ({ jsonrpc: '2.0', id, method, params })),
    fc.constant({ jsonrpc: '2.0', method }),
    fc.constant({ jsonrpc: '2.0', method: handshake?.notification ?? 'notifications/x' }),
    fc.constant({ jsonrpc: '2.0', id: 2, method: `${method}s` }),
    fc.constant({ jsonrpc: '1.0', id: 3, method }),
    fc.constant({ jsonrpc: '2.0', id: 4, method, params: 'text' }),
  );
  return fc
    .oneof(
      { weight: 3, arbitrary: message.map((m) => JSON.stringify(m)) },
      fc.array(message, { minLength: 1, maxLength: 3 }).map((m) => JSON.stringify(m)),
      fc.constantFrom('', '{"jsonrpc":"2.0","id":1,', '[]', 'null'),
    )
    .map((text) => ({ text, judged }));
}

/** The params of a call asking for a query, as the runner sends them. */
const paramsOf = (op: ListOperation, query: [string, string][]) =>
  (JSON.parse(requestText(op, query)) as { params: Record<string, unknown> }).params;

const sessionPicks: fc.Arbitrary<SessionPick> = fc.oneof(
  { weight: 4, arbitrary: fc.nat(5).map((opened) => ({ opened })) },
  fc.nat(2).map((pool) => ({ pool })),
  fc.constantFrom<SessionPick>('unknown', 'missing'),
);

/** JSON-RPC requests: the handshake of an operation that has one, and calls to each operation bound so. */
const rpcCommands = (): fc.Arbitrary<Cmd> =>
  fc.oneof(
    ...RPC_OPS.filter((op) => handshakeOf(op)).map((op) => ({
      weight: 2,
      arbitrary: fc.constant(new HandshakeCommand(op)),
    })),
    ...RPC_OPS.filter((op) => handshakeOf(op)).map((op) => ({
      weight: 1,
      arbitrary: fc
        .record({
          n: fc.nat(5),
          states: fc.array(fc.constantFrom(...STATES[op.api as BuiltinApiName]), { maxLength: 3 }),
        })
        .map(({ n, states }): Cmd => new AddToOpenedCommand(op.api as BuiltinApiName, n, states)),
    })),
    ...RPC_OPS.map((op) => ({
      weight: 3,
      arbitrary: fc
        .record({ pick: sessionPicks, body: rpcBodies(op) })
        .map(({ pick, body }): Cmd => new RpcCommand(op, pick, body)),
    })),
  );

/** The mock's first matching outage, counted off as the mock counts it. */
function takeModelOutage(model: Model, api: ApiName, operationId: string, target: string): OutageKind | undefined {
  const path = target.split('?')[0];
  const i = model.outages.findIndex(
    (r) =>
      (r.api === null || r.api === api) &&
      (r.path === null || r.path === path) &&
      (r.operation === null || r.operation === operationId),
  );
  if (i === -1) return undefined;
  const outage = model.outages[i]!;
  // Each of the two mocks counts its own request off, as the model does.
  if (outage.remaining !== null && --outage.remaining === 0) model.outages.splice(i, 1);
  return outage.kind;
}

const PREFERS: Record<string, OutageKind> = {
  'code=503': { status: 503 },
  'example=x, code=429': { status: 429 },
  'timeout=2': { timeoutMs: 2 },
  'delay=1': { delayMs: 1 },
  'network-error': { networkError: true },
};
const preferred = (header: string): OutageKind => PREFERS[header]!;

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

/** Freezes the clock `backMs` before the mock's now: before a time scenario's start, say. */
class ClockBackCommand implements Cmd {
  constructor(private readonly backMs: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { now } = await real.local.control.clock.state();
    expect((await callBoth(real, 'clock.freeze', [now - this.backMs])) as object).toHaveProperty('result');
    model.clock = 'frozen';
    await sameState(model, real);
  }
  toString = () => `clock.freeze(<now - ${this.backMs}>)`;
}

/** Real time passes (the faked Date moves for both mocks): a running or scaled clock and a time scenario move on. */
class TimePassesCommand implements Cmd {
  constructor(private readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    vi.setSystemTime(Date.now() + this.ms);
    await sameState(model, real);
  }
  toString = () => `${this.ms} ms pass`;
}

function listPath(op: ListOperation, session: number): string {
  const sessions = [...SESSION_POOL[op.api as BuiltinApiName], 'sesn-unknown_9'];
  return op.path.replace(/\{[a-z_]+\}/, encodeURIComponent(sessions[session % sessions.length]!));
}

function listCommand(op: ListOperation, session: number, query: Record<string, string>, prefer?: string): ListCommand {
  const search = new URLSearchParams(query).toString();
  return new ListCommand(op.api, op.operationId, `${listPath(op, session)}${search ? `?${search}` : ''}`, prefer);
}

const SESSION_POOL: Record<BuiltinApiName | 'jobs', readonly string[]> = {
  jobs: ['ses_m1', 'ses_m2'],
  praxis: ['sesn_m1', 'sesn_m2', DEMO.praxis.session],
  everruns: ['m1', 'm2', DEMO.everruns.session],
  ark: ['sesn-m1', 'sesn-m2', DEMO.ark.session],
  jsonrpc: ['m1', 'm2', DEMO.jsonrpc.session],
  langgraph: ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2', DEMO.langgraph.session],
  a2a: ['ctx-m1', 'ctx-m2', DEMO.a2a.session],
  mcp: ['6d637000-0000-4000-8000-0000000000a1', '6d637000-0000-4000-8000-0000000000a2', DEMO.mcp.session],
};

const STATES: Record<BuiltinApiName | 'jobs', readonly string[]> = {
  jobs: ['queued', 'running', 'succeeded', 'failed', 'canceled'],
  praxis: ['running', 'result_pending', 'completed', 'failed', 'cancelled', 'lost'],
  everruns: ['queued', 'running', 'awaiting_input', 'succeeded', 'failed', 'canceled'],
  ark: ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'unknown'],
  jsonrpc: ['created', 'queued', 'working', 'input-required', 'paused', 'completed', 'canceled', 'expired', 'failed'],
  langgraph: ['pending', 'running', 'interrupted', 'success', 'error', 'timeout'],
  a2a: [
    'TASK_STATE_SUBMITTED',
    'TASK_STATE_WORKING',
    'TASK_STATE_INPUT_REQUIRED',
    'TASK_STATE_AUTH_REQUIRED',
    'TASK_STATE_COMPLETED',
    'TASK_STATE_FAILED',
    'TASK_STATE_CANCELED',
    'TASK_STATE_REJECTED',
  ],
  mcp: ['working', 'input_required', 'completed', 'failed', 'cancelled'],
};
/** A partial task in `state`, the state written where the API keeps it (A2A's is nested). */
const stateIn = (api: BuiltinApiName | 'jobs', state: string): Record<string, unknown> => {
  const partial: JsonObject = {};
  setField(partial, STATE_FIELD[api], state);
  return partial;
};

const STATE_FIELD: Record<BuiltinApiName | 'jobs', string> = {
  jobs: '/status',
  praxis: '/status',
  everruns: '/state',
  ark: '/state',
  jsonrpc: '/status',
  langgraph: '/status',
  a2a: '/status/state',
  mcp: '/status',
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

/** An outage as sent, and as the mock holds it. */
const outages: fc.Arbitrary<{ sent: object; held: StandingOutage }> = fc
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
    kind: fc.oneof(
      fc.constantFrom(400, 404, 429, 500, 502, 503).map((status): OutageKind => ({ status })),
      fc.constant<OutageKind>({ networkError: true }),
      fc.integer({ min: 0, max: 2 }).map((timeoutMs): OutageKind => ({ timeoutMs })),
      fc.integer({ min: 0, max: 2 }).map((delayMs): OutageKind => ({ delayMs })),
    ),
  })
  .map(({ where, times, kind }) => {
    const w = where as { api?: ApiName; operation?: string; path?: string };
    return {
      sent: { ...where, ...(times !== undefined ? { times } : {}), ...kind },
      held: {
        api: w.api ?? null,
        operation: w.operation ?? null,
        path: w.path ?? null,
        remaining: times ?? null,
        kind,
      },
    };
  });

const scenarioNames = Object.keys(LIBRARY) as (keyof typeof LIBRARY)[];
const apiOf = (name: keyof typeof LIBRARY) => LIBRARY[name].api as ApiName;
const isoBetween = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });

export const commands = (initial: Model): fc.Arbitrary<Cmd>[] => {
  const list = listCommands();
  const rpc = rpcCommands();
  // Requests weigh as much as all control calls together: what a call broke shows in them. JSON-RPC requests
  // weigh as much as GETs: the sessions handshakes open live across the calls that reset, reseed and play.
  return [...controlCommands(initial), list, list, list, rpc, rpc, rpc];
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
  fc.constant(
    new CallCommand('reset', [], (m) => {
      storeRebuilt(m, true);
      Object.assign(m, { ...structuredClone(initial), opened: m.opened });
    }),
  ),
  fc
    .record({
      name: fc.constantFrom(...scenarioNames),
      inline: fc.boolean(),
      progression: fc.option(fc.constantFrom('request', 'time', 'manual'), { nil: undefined }),
      stepMs: fc.option(fc.integer({ min: 1, max: 120_000 }), { nil: undefined }),
    })
    .map(({ name, inline, progression, stepMs }) => {
      const play = { ...(progression ? { progression } : {}), ...(stepMs !== undefined ? { stepMs } : {}) };
      const scenario = inline ? { ...LIBRARY[name], name: `inline-${name}` } : name;
      return new CallCommand(
        'playScenario',
        [scenario, play],
        (m) => (m.scenario = { name: inline ? `inline-${name}` : name, api: apiOf(name) }),
      );
    }),
  fc.constant(new CallCommand('stopScenario', [], (m) => (m.scenario = null))),
  fc.integer({ min: -1000, max: 1_000_000 }).map(
    (seed) =>
      new CallCommand('reseed', [seed], (m) => {
        storeRebuilt(m, false);
        Object.assign(m, { seed, added: emptyAdded() });
      }),
  ),
  fc
    .option(fc.integer({ min: 1, max: 3 }), { nil: undefined })
    .map((steps) => new CallCommand('advance', steps === undefined ? [] : [steps], () => {})),
  fc
    .constantFrom<BuiltinApiName | 'jobs'>(...BUILTIN_API_NAMES, 'jobs')
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
        new CallCommand(
          'addTasks',
          [api, session, states.map((s) => stateIn(api, s)), ...(seed !== undefined ? [{ seed }] : [])],
          (m) => (m.added[api] = [...new Set([...m.added[api], session])].sort()),
          (m) => (m.scenario?.api === api ? 409 : 200),
        ),
    ),
  fc.oneof(
    fc.constant(new CallCommand('clock.freeze', [], (m) => (m.clock = 'frozen'))),
    isoBetween.map((ms) => new CallCommand('clock.freeze', [new Date(ms).toISOString()], (m) => (m.clock = 'frozen'))),
    isoBetween.map((ms) => new CallCommand('clock.freeze', [ms], (m) => (m.clock = 'frozen'))),
    fc
      .integer({ min: 0, max: 10 ** 9 })
      .map((ms) => new CallCommand('clock.advance', [ms], (m) => (m.clock = m.clock === 'real' ? 'frozen' : m.clock))),
    fc
      .double({ min: 0.1, max: 100, noNaN: true })
      .map((speed) => new CallCommand('clock.speed', [speed], (m) => (m.clock = 'scaled'))),
    fc.constant(new CallCommand('clock.real', [], (m) => (m.clock = 'real'))),
    fc.integer({ min: 1, max: 10 ** 10 }).map((backMs) => new ClockBackCommand(backMs)),
    fc.integer({ min: 1, max: 200_000 }).map((ms) => new TimePassesCommand(ms)),
  ),
  fc
    .oneof(fc.constant([]), fc.subarray([...allFaults(BUILTIN)], { minLength: 1, maxLength: 2 }))
    .map((faults) => new CallCommand('setFaults', [faults], (m) => (m.faults = [...faults]))),
  fc.integer({ min: 0, max: 3 }).map((ms) => new CallCommand('setLatency', [ms], (m) => (m.latencyMs = ms))),
  fc
    .array(outages, { maxLength: 3 })
    .map(
      (sent) =>
        new CallCommand(
          'setOutages',
          [sent.map((o) => o.sent)],
          (m) => (m.outages = sent.map((o) => structuredClone(o.held))),
        ),
    ),
  fc
    .constantFrom<ControlCall>('state', 'clock.state', 'sessions', 'scenarioNames', 'injectableFaults')
    .map((call) => new CallCommand(call, [], () => {})),
  fc
    .constantFrom<[ControlCall, unknown[]]>(
      ['setLatency', [-1]],
      ['setLatency', ['slow']],
      ['setFaults', ['ark.order-newest-first']],
      ['setFaults', [['nope']]],
      ['clock.freeze', ['not a time']],
      ['clock.freeze', [false]],
      ['clock.speed', [0]],
      ['clock.advance', [-5]],
      ['reseed', [1.5]],
      ['advance', [0]],
      ['advance', [null]],
      ['playScenario', [undefined]],
      ['playScenario', ['no-such-scenario']],
      ['playScenario', ['ark-unknown-comes-back', { progression: 'sideways' }]],
      ['playScenario', ['ark-unknown-comes-back', { stepMs: 0 }]],
      ['playScenario', [{ name: 'x', api: 'ark', timeline: 'no' }]],
      ['addTasks', ['nope']],
      ['addTasks', ['everruns', '', []]],
      ['addTasks', ['everruns', 'm1', 'x']],
      ['addTasks', ['everruns', 'm1', [{ state: 'paused' }]]],
      ['addTasks', ['everruns', 'm1', [{ state: 'queued' }], { seed: 0.5 }]],
      ['setOutages', [{ status: 503 }]],
      ['setOutages', [[{ api: 'ark', status: 200 }]]],
      ['setOutages', [[{ api: 'ark', status: 503, networkError: true }]]],
      ['setOutages', [[{ api: 'ark' }]]],
      ['setOutages', [[{ api: 'arc', status: 503 }]]],
      ['setOutages', [[{ operation: 'listTasks', status: 503 }]]],
      ['setOutages', [[{ api: 'ark', operation: 'listSessions', status: 503 }]]],
      ['setOutages', [[{ api: 'ark', path: 'sessions', status: 503 }]]],
      ['setOutages', [[{ status: 503, times: 0 }]]],
      ['setOutages', [[{ delayMs: -1 }]]],
      ['setOutages', [[{ timeoutMs: 60_001 }]]],
      ['setOutages', [[{ networkError: false }]]],
      ['setOutages', [[{ status: 503, retryAfter: 2 }]]],
      ['setOutages', [[{ status: 503, tims: 1 }]]],
    )
    .map(([call, args]) => new RefusedCommand(call, args)),
  fc
    .constantFrom<[string, string, unknown]>(
      ['POST', '/clock', {}],
      ['POST', '/clock', { freeze: true, real: true }],
      ['POST', '/clock', { real: false }],
      ['POST', '/nope', {}],
      ['PUT', '/reset', {}],
      ['POST', '/state', {}],
      ['GET', '/outages', undefined],
      ['POST', '/latency', [1]],
      ['POST', '/latency', 7],
      ['POST', '/outages', {}],
    )
    .map(([method, path, body]) => new RouteRefusedCommand(method, path, body)),
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

/** One property: two fresh mocks per run (in process and over HTTP), a sequence of commands, the model beside them. */
export function controlProperty(maxCommands: number) {
  return fc.asyncProperty(
    starts.chain((start) =>
      fc.tuple(fc.constant(start), fc.commands(commands(initialModel(start)), { maxCommands, size: 'max' })),
    ),
    async ([start, cmds]) => {
      // One time for both mocks: their clocks, scenarios and added tasks read the same Date.now().
      vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 30, 9) });
      const remote = await overHttp(start);
      try {
        const local = await inProcess(start);
        await fc.asyncModelRun(() => ({ model: initialModel(start), real: { local, remote } }), cmds);
      } finally {
        await remote.close();
        vi.useRealTimers();
      }
    },
  );
}
