/** Node-only scenario helpers: useScenario that also takes a file path. */
import type { HandlerOptions } from '../handlers/msw.js';
import { LIBRARY } from '../scenarios/library.js';
import { useScenario as useScenarioValue } from '../scenarios/msw.js';
import type { Scenario } from '../scenarios/types.js';
import { readScenarioFile } from './scenario-file.js';

export { readScenarioFile };

/** Library name, scenario object, or (in Node) a path to a scenario file. */
export async function useScenario(scenario: string | Scenario, options: Omit<HandlerOptions, 'app' | 'scenario'> = {}) {
  if (typeof scenario === 'string' && !(scenario in LIBRARY)) return useScenarioValue((await readScenarioFile(scenario)).scenario, options);
  return useScenarioValue(scenario, options);
}
