/** The scenarios shipped in scenarios/*.yaml, as modules (generated), so the browser needs no file system. */

import type { AnyScenario } from './define.js';
import { LIBRARY_SCENARIOS, type ScenarioName } from './generated/library.js';

/** The library, each scenario typed by its API (as `defineScenario` types one). */
export const LIBRARY: Readonly<Record<ScenarioName, AnyScenario>> = LIBRARY_SCENARIOS;

/** Whether a string (a URL parameter, a CLI argument) names a library scenario. */
export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(LIBRARY, name);
}

export function libraryScenario(name: string): AnyScenario {
  if (!isScenarioName(name))
    throw new Error(`unknown scenario "${name}"; the library has: ${Object.keys(LIBRARY).sort().join(', ')}`);
  return LIBRARY[name];
}
