/** Node-only scenario helpers: useScenario that also takes a file path. */

import { mockApiSet } from '../handlers/app.js';
import type { ScenarioName } from '../scenarios/generated/library.js';
import { LIBRARY } from '../scenarios/library.js';
import { type ScenarioOptions, useScenario as useScenarioValue } from '../scenarios/msw.js';
import type { Scenario } from '../scenarios/types.js';
import { readScenarioFile } from './scenario-file.js';

export { readScenarioFile };

/** Library name, scenario object, or (in Node) a path to a scenario file. */
/** A scenario file's path. */
export type ScenarioFile = `${string}.yaml` | `${string}.yml` | `${string}.json`;

export async function useScenario(scenario: ScenarioName | ScenarioFile | Scenario, options: ScenarioOptions = {}) {
  if (typeof scenario === 'string' && !(scenario in LIBRARY))
    return useScenarioValue(
      (await readScenarioFile(scenario, mockApiSet(options.apis, 'useScenario'))).scenario,
      options,
    );
  return useScenarioValue(scenario as ScenarioName | Scenario, options);
}
