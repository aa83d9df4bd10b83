/** `agent-task-contracts/handlers`: the mock over the built-in API set (or the set given), playing scenarios too. */
import '../apis/types.js';
import type { RequestHandler } from 'msw';
import { createHandlers as handlersOver } from '../apis/mock-functions.js';
import type { HandlerOptions, MockHandlers } from '../handlers/msw.js';
import { scenarioLoader } from '../scenarios/loader.js';
import type { PlayableScenario } from '../scenarios/msw.js';

export { BUILTIN_APIS } from '../apis/index.js';
export { MockApp } from '../apis/mock-functions.js';
export * from '../handlers/index.js';

/**
 * Handlers over one mock (`HandlerOptions`; the built-in APIs unless `apis` names others) whose
 * `playScenario` takes a library name or a scenario object. The scenario layer loads on the first
 * scenario played: a mock that plays none costs no more.
 */
export function createHandlers(options: HandlerOptions = {}): MockHandlers<PlayableScenario> {
  return handlersOver({ scenarios: scenarioLoader, ...options }) as MockHandlers<PlayableScenario>;
}

/** The mock behind `handlers`: `afterEach(() => demoMock.reset())`, `demoMock.addTasks(…)`, `demoMock.clock`. */
export const demoMock: MockHandlers<PlayableScenario> = createHandlers();

/** Handlers for all four APIs at their real base URLs, over the built-in demo data (created on first request). */
export const handlers: RequestHandler[] = demoMock.handlers;
