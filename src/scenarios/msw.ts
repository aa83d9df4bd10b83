/** Scenario replay with MSW, in Node tests and in the browser. */

import { optional } from '../contract/optional.js';
import { MockApp, mockApiSet } from '../handlers/app.js';
import { MockClock } from '../handlers/clock.js';
import { createHandlers, type HandlerOptions, type MockHandlers } from '../handlers/msw.js';
import { compileScenario } from './compile.js';
import type { ScenarioName } from './generated/library.js';
import { libraryScenario } from './library.js';
import { scenarioLoader } from './loader.js';
import { ScenarioPlayer } from './player.js';
import type { Scenario } from './types.js';

/**
 * Handlers that play a scenario: a library name (`praxis-subagent-lost`) or a scenario object.
 * `app()` resolves to the MockApp behind them; `reset()` rewinds the scenario to step 0, and
 * `playScenario(name)` plays another.
 */
export interface ScenarioOptions extends Omit<HandlerOptions, 'app' | 'scenario'> {
  /**
   * Overrides the scenario's progression. `manual` moves only on `advance()` (immune to React
   * StrictMode's double mount and to any extra request); `time` follows the mock's clock.
   */
  progression?: Scenario['progression'];
  /** Step length for `time` progression, in clock ms. */
  stepMs?: number;
}

/** What `playScenario` takes where the scenario format is known: a library name or a scenario object. */
export type PlayableScenario = ScenarioName | Scenario;

export function useScenario(scenario: PlayableScenario, options: ScenarioOptions = {}): MockHandlers<PlayableScenario> {
  // A scenario of a module's API is compiled against the set given.
  const apis = mockApiSet(options.apis, 'useScenario');
  const named = typeof scenario === 'string' ? libraryScenario(scenario) : scenario;
  const value: Scenario = {
    ...named,
    ...(options.progression ? { progression: options.progression } : {}),
    ...optional('stepMs', options.stepMs),
  };
  const timeline = compileScenario(
    value,
    typeof scenario === 'string' ? `scenarios/${scenario}.yaml` : `(scenario ${value.name})`,
    apis,
  );
  const clock = options.clock ?? new MockClock();
  const app = ScenarioPlayer.load(timeline, apis).then((player) =>
    MockApp.create({ ...options, clock, scenario: player, scenarios: scenarioLoader }),
  );
  // The same handlers; playScenario narrowed to what the scenario format accepts.
  return createHandlers({ ...options, clock, app }) as MockHandlers<PlayableScenario>;
}
