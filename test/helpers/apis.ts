/** The built-in API set, for tests that call a layer's functions directly (the entries give it by default). */
import { builtinApis } from '../../src/apis/builtin-set.js';
import { lawsOf } from '../../src/contract/laws/index.js';
import type { ListOperation } from '../../src/contract/operations.js';
import { operationsOf } from '../../src/contract/operations.js';
import type { ApiName } from '../../src/contract/registry.js';

export const BUILTIN = builtinApis();

/**
 * The operation a built-in fault (a law id) breaks, and the scopes its law checks (page, walk, error…):
 * how the runner finds it, what the tests that sample faults sort them by.
 */
export function faultLaw(fault: string): { op: ListOperation; scopes: string[] } {
  const api = fault.split('.')[0] as ApiName;
  for (const op of operationsOf(api, BUILTIN)) {
    const law = lawsOf(op).find((l) => l.id === fault);
    if (law) return { op, scopes: Object.keys(law.checks).sort() };
  }
  throw new Error(`${fault} is no law of a built-in API`);
}
