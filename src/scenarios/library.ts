/** The scenarios shipped in scenarios/*.yaml, as modules (generated), so the browser needs no file system. */

import { didYouMean } from '../contract/words.js';
import type { AnyScenario } from './define.js';
import { LIBRARY_SCENARIOS, type ScenarioName } from './generated/library.js';

/** The library, each scenario typed by its API (as `defineScenario` types one). */
export const LIBRARY: Readonly<Record<ScenarioName, AnyScenario>> = LIBRARY_SCENARIOS;

/** Whether a string (a URL parameter, a CLI argument) names a library scenario. */
export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(LIBRARY, name);
}

export function libraryScenario(name: string): AnyScenario {
  if (!isScenarioName(name)) throw new Error(unknownScenario(name));
  return LIBRARY[name];
}

/** The refusal of a name the library lacks, with the closest name and the list. */
export function unknownScenario(name: string): string {
  const names = Object.keys(LIBRARY).sort();
  return `unknown scenario "${name.slice(0, 100)}"${didYouMean(name, names)}; the library has: ${names.join(', ')}`;
}
