/** `agent-task-contracts/node`, over the built-in API set, or the set given. */
import '../apis/types.js';
import { withBuiltinApis } from '../apis/mock-functions.js';
import { type ScenarioFile, useScenario as useScenarioOver } from '../node/scenarios.js';
import type { ScenarioName } from '../scenarios/generated/library.js';
import type { ScenarioOptions } from '../scenarios/msw.js';
import type { Scenario } from '../scenarios/types.js';

export { BUILTIN_APIS } from '../apis/index.js';
export { MockApp } from '../apis/mock-functions.js';
export * from '../node/index.js';

/** Handlers that play a scenario (a library name, an object, or a file), over the built-in APIs or `options.apis`. */
export function useScenario(
  scenario: ScenarioName | ScenarioFile | Scenario,
  options: ScenarioOptions = {},
): ReturnType<typeof useScenarioOver> {
  return useScenarioOver(scenario, withBuiltinApis(options));
}
