/** `agent-task-contracts/handlers`: the mock over the built-in API set. */
import '../apis/types.js';
import '../apis/install.js';
import type { RequestHandler } from 'msw';
import { createHandlers, type MockHandlers } from '../handlers/msw.js';

export { BUILTIN_APIS } from '../apis/index.js';
export * from '../handlers/index.js';

// Made here, once the set is installed: a mock made while a module of a layer loads would serve no API.
/** The mock behind `handlers`: `afterEach(() => demoMock.reset())`, `demoMock.seed(…)`, `demoMock.clock`. */
export const demoMock: MockHandlers = createHandlers();

/** Handlers for all four APIs at their real base URLs, over the built-in demo data (created on first request). */
export const handlers: RequestHandler[] = demoMock.handlers;
