/** Scenario replay with MSW, in Node tests and in the browser. */
import { type HandlerOptions, createHandlers } from '../handlers/msw.js';
import { MockApp } from '../handlers/app.js';
import { compileScenario } from './compile.js';
import { libraryScenario } from './library.js';
import { scenarioLoader } from './loader.js';
import { ScenarioPlayer } from './player.js';
import type { ScenarioName } from './generated/library.js';
import type { Scenario } from './types.js';

/**
 * Handlers that play a scenario: a library name (`praxis-subagent-lost`) or a scenario object.
 * `app()` resolves to the MockApp behind them (rewind with `app.control('POST', '/reset')`).
 */
export function useScenario(scenario: ScenarioName | Scenario, options: Omit<HandlerOptions, 'app' | 'scenario'> = {}) {
  const value = typeof scenario === 'string' ? libraryScenario(scenario) : scenario;
  const timeline = compileScenario(value, typeof scenario === 'string' ? `scenarios/${scenario}.yaml` : `(scenario ${value.name})`);
  const app = ScenarioPlayer.load(timeline).then((player) => MockApp.create({ ...options, scenario: player, scenarios: scenarioLoader }));
  return createHandlers({ ...options, app });
}
