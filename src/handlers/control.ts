/**
 * The control API under `/__mock`, for end-to-end tests in any language: one route per endpoint,
 * each reading its JSON body and calling the mock's typed method of the same meaning. A refused
 * call is the method's ControlError (its status and words); anything else is a 500 naming the
 * error, logged once. Nothing here throws.
 */

import type { ApiName } from '../contract/registry.js';
import { isObject } from '../contract/rules/types.js';
import type { AnswerRule } from './answers.js';
import type { ClockChange, ClockState } from './clock.js';
import { ControlError, describeInternalError } from './control-error.js';
import type { FaultId } from './faults/index.js';
import type { SeedOptions } from './seed.js';
import type { PlayOptions } from './timeline.js';
import type { MockResponse } from './types.js';

/** What the control API drives: the mock's typed methods (MockApp implements it). */
export interface ControlTarget {
  state(): object;
  reset(): Promise<void>;
  reseed(seed: number): Promise<void>;
  seed(api: ApiName, session: string, tasks: readonly object[], options?: SeedOptions): Promise<unknown[]>;
  playScenario(scenario: string | Record<string, unknown>, play?: PlayOptions): Promise<void>;
  stopScenario(): void;
  scenarioNames(): Promise<readonly string[]>;
  setFaults(ids: readonly FaultId[]): void;
  setAnswers(rules: readonly AnswerRule<ApiName>[]): void;
  /** Each API's sessions and how many tasks each holds (the control page shows them). */
  sessions(): object;
  /** The fault ids each API can inject. */
  injectableFaults(): object;
  setLatency(ms: number): void;
  advance(steps?: number): Promise<void>;
  setClock(change: ClockChange): void;
  readonly clock: { state(): ClockState };
}

type Body = Record<string, unknown>;
type ControlRoute = (target: ControlTarget, body: Body) => Promise<object> | object;

/** Each POST endpoint: what its body means, as a call of the typed method. */
const POST_ROUTES: Readonly<Record<string, ControlRoute>> = {
  '/reset': async (target) => {
    await target.reset();
    return target.state();
  },
  '/reseed': async (target, body) => {
    await target.reseed(body.seed as number);
    return target.state();
  },
  '/scenario': async (target, body) => {
    const play = {
      ...(body.progression !== undefined ? { progression: body.progression as PlayOptions['progression'] } : {}),
      ...(body.stepMs !== undefined ? { stepMs: body.stepMs as number } : {}),
    };
    if (body.name === null) target.stopScenario();
    else if (typeof body.name === 'string') await target.playScenario(body.name, play);
    else if (isObject(body.scenario)) await target.playScenario(body.scenario, play);
    else
      throw new ControlError(
        400,
        'the body is {"name": "<library scenario>"}, {"scenario": {...}} or {"name": null} to stop',
        {
          library: await target.scenarioNames(),
        },
      );
    return target.state();
  },
  '/advance': async (target, body) => {
    await target.advance((body.steps ?? 1) as number);
    return target.state();
  },
  '/seed': async (target, body) => {
    const { api, session, tasks, seed } = body;
    // The typed method checks each value and says what is wrong with it.
    const stored = await target.seed(
      api as ApiName,
      session as string,
      tasks as object[],
      seed === undefined ? {} : { seed: seed as number },
    );
    // The state's shape (as GET /state), and what this call stored.
    return { ...target.state(), stored: { api, session, tasks: stored } };
  },
  '/clock': (target, body) => {
    target.setClock(body as ClockChange);
    return target.state();
  },
  '/faults': (target, body) => {
    target.setFaults(body.faults as FaultId[]);
    return target.state();
  },
  '/latency': (target, body) => {
    target.setLatency(body.ms as number);
    return target.state();
  },
  '/answers': (target, body) => {
    target.setAnswers(body.answers as AnswerRule<ApiName>[]);
    return target.state();
  },
};

const GET_ROUTES: Readonly<Record<string, ControlRoute>> = {
  '/state': (target) => target.state(),
  '/clock': (target) => target.clock.state(),
  '/sessions': (target) => target.sessions(),
  '/scenarios': async (target) => ({ library: await target.scenarioNames() }),
  '/faults': (target) => target.injectableFaults(),
};

/** Every endpoint once, with the methods it takes: `POST /reset, …, GET|POST /clock`. */
function endpointList(): string {
  const paths = [...new Set([...Object.keys(POST_ROUTES), ...Object.keys(GET_ROUTES)])];
  return paths
    .map(
      (path) =>
        `${[Object.hasOwn(GET_ROUTES, path) ? 'GET' : '', Object.hasOwn(POST_ROUTES, path) ? 'POST' : '']
          .filter(Boolean)
          .join('|')} ${path}`,
    )
    .join(', ');
}

/** Answers one control request; never throws. */
export async function controlResponse(
  target: ControlTarget,
  method: string,
  path: string,
  body: unknown,
): Promise<MockResponse> {
  try {
    const routes = method === 'GET' || method === 'HEAD' ? GET_ROUTES : method === 'POST' ? POST_ROUTES : undefined;
    if (!routes)
      throw new ControlError(405, `the control API takes POST, and GET to read; the endpoints are ${endpointList()}`);
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (!route) {
      const other = Object.hasOwn(method === 'POST' ? GET_ROUTES : POST_ROUTES, path);
      if (other) throw new ControlError(405, `${path} takes ${method === 'POST' ? 'GET' : 'POST'}`);
      throw new ControlError(
        404,
        `no control endpoint ${path.slice(0, 100)}; the endpoints under /__mock are ${endpointList()} ` +
          '(docs/reference.md, "Control API")',
      );
    }
    const input = body ?? {};
    if (!isObject(input))
      throw new ControlError(
        400,
        `the body is a JSON object (got ${Array.isArray(input) ? 'an array' : typeof input})`,
      );
    return controlAnswer(200, await route(target, input));
  } catch (error) {
    if (error instanceof ControlError) {
      return controlAnswer(
        error.status,
        { error: error.message, ...error.details },
        error.status === 405 ? { allow: 'GET, POST' } : {},
      );
    }
    return controlAnswer(500, { error: `control failed: ${describeInternalError('the control API', error)}` });
  }
}

/**
 * A control answer: JSON ending with a newline, so that what `curl` prints ends its line (and a shell
 * prompt after it starts on a line of its own).
 */
export function controlAnswer(status: number, body: object, headers: Record<string, string> = {}): MockResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    raw: `${JSON.stringify(body)}\n`,
  };
}
