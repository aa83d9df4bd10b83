/**
 * The APIs the contract knows: every one is registered through the same `ApiContract` interface,
 * the built-in ones by the package's entry points (src/entries/, from the API set in src/apis/)
 * before anything else runs. Every per-API fact (documents, spec, operations, rules) is read from
 * here; nothing in the shared layers names or imports an API.
 */
import type { ApiContract } from './api.js';
import type { Face } from './face.js';
import { sharedTable } from './shared-table.js';

export type { ApiTypes, Face, TypedFace } from './face.js';

const contracts = sharedTable('contracts', () => new Map<string, ApiContract>());
// Each copy of the modules adds its own listeners (its caches), and a registration through any copy calls them all.
const listeners = sharedTable<() => void>('register-listeners', () => new Map());

/**
 * Adds an API to the contract. Its name must be new (a built-in API cannot be replaced) and
 * start with a letter; registering the same object twice is a no-op.
 */
export function registerContract(contract: ApiContract): void {
  const existing = contracts.get(contract.face);
  if (existing === contract) return;
  if (existing) throw new Error(`an API named "${contract.face}" is already registered; choose another name`);
  if (!/^[a-z][a-z0-9-]*$/.test(contract.face))
    throw new Error(
      `API name "${contract.face}" must be lower-case letters, digits and dashes, starting with a letter`,
    );
  for (const op of contract.operations)
    if (op.session.in === 'path' && !op.path.includes('{session_id}'))
      throw new Error(
        `API "${contract.face}", operation ${op.operationId}: its path ${op.path} binds the session in the path, ` +
          'so the operation names that segment {session_id} (the runner, record and the matcher fill it in by that ' +
          'name; the session may be any parent, a queue or a board): write the path with {session_id}',
      );
  contracts.set(contract.face, contract);
  for (const listener of listeners.values()) listener();
}

/** Called whenever an API is registered, so tables derived from every API are rebuilt. */
export function onRegister(listener: () => void): void {
  listeners.set(String(listeners.size), listener);
}

/** Every registered API's name, built-in ones first. */
export function faces(): Face[] {
  return [...contracts.keys()];
}

export function isFace(value: string): boolean {
  return contracts.has(value);
}

/** What an error about an API no module gave says to do. */
export const REGISTER_HINT =
  "a module's API is known once it is registered: registerApi(module), apis: [module], or --api FILE";

export function contractOf(face: Face): ApiContract {
  const contract = contracts.get(face);
  if (!contract) throw new Error(`unknown API "${face}"; the APIs are ${faces().join(', ')}; ${REGISTER_HINT}`);
  return contract;
}
