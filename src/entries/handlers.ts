/** `agent-task-contracts/handlers`: the mock over the built-in API set, playing scenarios too. */
import '../apis/types.js';
import '../apis/install.js';
import type { RequestHandler } from 'msw';
import { type HandlerOptions, createHandlers as handlersOf, type MockHandlers } from '../handlers/msw.js';
import { scenarioLoader } from '../scenarios/loader.js';
import type { PlayableScenario } from '../scenarios/msw.js';

export { BUILTIN_APIS } from '../apis/index.js';
export * from '../handlers/index.js';

/**
 * Handlers over one mock (`HandlerOptions`) whose `playScenario` takes a library name or a scenario
 * object. The scenario layer loads on the first scenario played: a mock that plays none costs no more.
 */
export function createHandlers(options: HandlerOptions = {}): MockHandlers<PlayableScenario> {
  return handlersOf({ scenarios: scenarioLoader, ...options }) as MockHandlers<PlayableScenario>;
}

// Made here, once the set is installed: a mock made while a module of a layer loads would serve no API.
/** The mock behind `handlers`: `afterEach(() => demoMock.reset())`, `demoMock.seed(…)`, `demoMock.clock`. */
export const demoMock: MockHandlers<PlayableScenario> = createHandlers();

/** Handlers for all four APIs at their real base URLs, over the built-in demo data (created on first request). */
export const handlers: RequestHandler[] = demoMock.handlers;
