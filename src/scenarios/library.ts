/** The scenarios shipped in scenarios/*.yaml, as modules (generated), so the browser needs no file system. */
import { LIBRARY_SCENARIOS } from './generated/library.js';
import type { Scenario } from './types.js';

export const LIBRARY: Readonly<Record<string, Scenario>> = LIBRARY_SCENARIOS;

export function libraryScenario(name: string): Scenario {
  const scenario = LIBRARY[name];
  if (!scenario) throw new Error(`unknown scenario "${name}"; the library has: ${Object.keys(LIBRARY).sort().join(', ')}`);
  return scenario;
}
