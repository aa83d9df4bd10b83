/**
 * The mock side of every API, registered with `registerApi`, which adds one API to the contract,
 * the generators and the mock at once (the package's entry points register the built-in set).
 */
import { adoptApiField, adoptContractApiFields } from '../contract/api-field.js';
import { type ApiName, apiNames, contractOf, REGISTER_HINT, registerContract } from '../contract/registry.js';
import { sharedTable } from '../contract/shared-table.js';
import { registerGenerators } from '../generators/profiles.js';
import type { ApiModule, MockProfile } from './profile.js';

const mocks = sharedTable('mocks', () => new Map<string, MockProfile>());

export function mockOf(api: ApiName): MockProfile {
  const mock = mocks.get(api);
  if (!mock)
    throw new Error(`the mock does not serve API "${api}"; it serves ${mockedApiNames().join(', ')}; ${REGISTER_HINT}`);
  return mock;
}

/**
 * Adds a list API to the whole package: its contract (spec, operations, rules, validators), its
 * generator profile and its mock behaviour. The three parts must name the same API, one that is
 * not registered yet. Every mock created afterwards serves it.
 */
export function registerApi(module: ApiModule): void {
  const { contract, generators, mock } = module;
  adoptContractApiFields(contract);
  adoptApiField(generators, 'the generators');
  adoptApiField(mock, 'the mock');
  if (generators.api !== contract.api || mock.api !== contract.api)
    throw new Error(
      "an API module's parts must name one API: " +
        `contract "${contract.api}", generators "${generators.api}", mock "${mock.api}"`,
    );
  const missing = contract.operations.filter((op) => !mock.operations[op.operationId]).map((op) => op.operationId);
  if (missing.length > 0)
    throw new Error(
      `API "${contract.api}": the mock has no behaviour for ${missing.join(', ')}; add it to mock.operations`,
    );
  const kitless = contract.rules.filter((rule) => !generators.kits[rule.id]).map((rule) => rule.id);
  if (kitless.length > 0)
    throw new Error(
      `API "${contract.api}": rules without a generator kit: ${kitless.join(', ')}; add them to generators.kits`,
    );
  const registered = mocks.get(contract.api);
  if (registered === mock && contractOf(contract.api) === contract) return;
  if (registered) throw new Error(`an API named "${contract.api}" is already registered; choose another name`);
  registerContract(contract);
  registerGenerators(generators);
  mocks.set(contract.api, mock);
}

/** Whether an API's mock side is registered (a lookup, for every request). */
export function isMocked(api: string): boolean {
  return mocks.has(api);
}

/** The APIs whose mock side is registered (a runner may register an API's contract alone): what a mock can serve. */
export function mockedApiNames(): ApiName[] {
  return apiNames().filter((api) => mocks.has(api));
}

/** The APIs with demo data (a session the mock fills at start-up): the built-in ones, in order. */
export function demoApiNames(): ApiName[] {
  return apiNames().filter((api) => mocks.get(api)?.demo !== undefined);
}
