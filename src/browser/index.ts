/**
 * Browser entry: start MSW's service worker with this project's handlers (all four APIs at
 * their real base URLs, the demo data, or a scenario). Node resolution of this entry fails on
 * purpose (package.json maps it to null for node), as msw does for `msw/browser`.
 */
import { setupWorker } from 'msw/browser';
import { createHandlers, type MockHandlers } from '../handlers/msw.js';
import type { ScenarioName } from '../scenarios/generated/library.js';
import { scenarioLoader } from '../scenarios/loader.js';
import type { PlayableScenario, ScenarioOptions } from '../scenarios/msw.js';
import type { Scenario } from '../scenarios/types.js';

export interface WorkerOptions extends ScenarioOptions {
  /** A library scenario name or a scenario object to play instead of the demo data. */
  scenario?: ScenarioName | Scenario;
  /** Where `msw init` put mockServiceWorker.js (default `/mockServiceWorker.js`). */
  workerUrl?: string;
  /**
   * MSW's console output: `true` (the default) prints nothing; `false` logs the worker's start and
   * each intercepted request.
   */
  quiet?: boolean;
}

/**
 * Starts the worker; resolves when it intercepts requests. Scenario support (and the generators
 * and fast-check behind it) is loaded only when a scenario is asked for, here or later, and data
 * generation only when tasks are added: an app that only starts the worker stays small.
 */
export async function startMockWorker(options: WorkerOptions = {}) {
  const { scenario, workerUrl, quiet, ...handlerOptions } = options;
  const mock = scenario
    ? (await import('../scenarios/msw.js')).useScenario(scenario, handlerOptions)
    : createHandlers({ ...handlerOptions, scenarios: scenarioLoader });
  const worker = setupWorker(...mock.handlers);
  await worker.start({
    serviceWorker: { url: workerUrl ?? '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: quiet ?? true,
  });
  const { handlers: _handlers, ...control } = mock as MockHandlers<PlayableScenario>;
  return { worker, ...control };
}

export type { OperationIdOf } from '../contract/ids.js';
export type { ApiName } from '../contract/registry.js';
export type { ScenarioName } from '../scenarios/generated/library.js';
export { isScenarioName, LIBRARY } from '../scenarios/library.js';
