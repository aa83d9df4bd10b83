/** `agent-task-contracts/scenarios`, over the built-in API set, or the set given. */
import '../apis/types.js';
import { withBuiltinApis } from '../apis/mock-functions.js';
import type { MockHandlers } from '../handlers/msw.js';
import { type PlayableScenario, type ScenarioOptions, useScenario as useScenarioOver } from '../scenarios/msw.js';

export * from '../scenarios/index.js';

/** Handlers that play a scenario (a library name or an object), over the built-in APIs or `options.apis`. */
export function useScenario(scenario: PlayableScenario, options: ScenarioOptions = {}): MockHandlers<PlayableScenario> {
  return useScenarioOver(scenario, withBuiltinApis(options));
}
