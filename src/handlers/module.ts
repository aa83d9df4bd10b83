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

/** Whether a mock gives every part: a behaviour for each of the contract's operations, its errors, its faults. */
const isWhole = (contract: ApiContract, given: Partial<MockProfile>): given is MockProfile =>
  given.api !== undefined &&
  given.errorResponse !== undefined &&
  given.faults !== undefined &&
  contract.operations.every((op) => given.operations?.[op.operationId] !== undefined);

/** A whole mock profile: the parts a module gives, the rest derived from its contract (a whole one as it is). */
function completeMock(contract: ApiContract, given: Partial<MockProfile> = {}): MockProfile {
  if (isWhole(contract, given)) return given;
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
