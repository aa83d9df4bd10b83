/**
 * The mock side of every API, registered with `registerApi`, which adds one API to the contract,
 * the generators and the mock at once (the package's entry points register the built-in set).
 */
import { contractOf, type Face, faces, REGISTER_HINT, registerContract } from '../contract/faces.js';
import { sharedTable } from '../contract/shared-table.js';
import { registerGenerators } from '../generators/profiles.js';
import type { ApiModule, MockProfile } from './profile.js';

const mocks = sharedTable('mocks', () => new Map<string, MockProfile>());

export function mockOf(face: Face): MockProfile {
  const mock = mocks.get(face);
  if (!mock)
    throw new Error(
      `the mock does not serve API "${face}"; it serves ${faces()
        .filter((f) => mocks.has(f))
        .join(', ')}; ${REGISTER_HINT}`,
    );
  return mock;
}

/**
 * Adds a list API to the whole package: its contract (spec, operations, rules, validators), its
 * generator profile and its mock behaviour. The three parts must name the same API, one that is
 * not registered yet. Every mock created afterwards serves it.
 */
export function registerApi(module: ApiModule): void {
  const { contract, generators, mock } = module;
  if (generators.face !== contract.face || mock.face !== contract.face)
    throw new Error(
      "an API module's parts must name one API: " +
        `contract "${contract.face}", generators "${generators.face}", mock "${mock.face}"`,
    );
  const missing = contract.operations.filter((op) => !mock.operations[op.operationId]).map((op) => op.operationId);
  if (missing.length > 0)
    throw new Error(
      `API "${contract.face}": the mock has no behaviour for ${missing.join(', ')}; add it to mock.operations`,
    );
  const kitless = contract.rules.filter((rule) => !generators.kits[rule.id]).map((rule) => rule.id);
  if (kitless.length > 0)
    throw new Error(
      `API "${contract.face}": rules without a generator kit: ${kitless.join(', ')}; add them to generators.kits`,
    );
  const registered = mocks.get(contract.face);
  if (registered === mock && contractOf(contract.face) === contract) return;
  if (registered) throw new Error(`an API named "${contract.face}" is already registered; choose another name`);
  registerContract(contract);
  registerGenerators(generators);
  mocks.set(contract.face, mock);
}

/** The APIs with demo data (a session the mock fills at start-up): the built-in ones, in order. */
export function demoFaces(): Face[] {
  return faces().filter((face) => mocks.get(face)?.demo !== undefined);
}
