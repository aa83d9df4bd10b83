/**
 * A whole API module from what a user writes: its contract, and whatever of its generator profile
 * and mock it gives. What it leaves out is derived from the contract: the generators' defaults,
 * each operation's list behaviour (handlers/derived), the error body from its spec, no faults. An
 * operation's behaviour given in `mock.operations` replaces the derived one.
 */
import type { ApiContract } from '../contract/api.js';
import { completeGenerators } from '../generators/derived-profile.js';
import type { GeneratorProfile } from '../generators/profile.js';
import { derivedErrorResponse } from './derived/error-body.js';
import { derivedBehaviour } from './derived/list.js';
import type { ApiModule, MockProfile } from './profile.js';

/** What a module is written as: a contract, and any part of its generators and mock. */
export interface ApiModuleInput {
  contract: ApiContract;
  generators?: Partial<GeneratorProfile>;
  mock?: Partial<MockProfile>;
}

const completed = new WeakSet<object>();

function completeMock(contract: ApiContract, given: Partial<MockProfile> = {}): MockProfile {
  const own = given.operations ?? {};
  const operations = Object.fromEntries(
    contract.operations.map((op) => [op.operationId, own[op.operationId] ?? derivedBehaviour(op)]),
  );
  return {
    api: contract.api,
    faults: {},
    errorResponse: derivedErrorResponse(contract),
    ...given,
    operations: { ...own, ...operations },
  };
}

/** The module with every part: a module completed already is returned as it is. */
export function completeModule(input: ApiModuleInput): ApiModule {
  if (completed.has(input)) return input as ApiModule;
  const module: ApiModule = {
    contract: input.contract,
    generators: completeGenerators(input.contract, input.generators),
    mock: completeMock(input.contract, input.mock),
  };
  completed.add(module);
  return module;
}
