/**
 * The APIs the contract knows: every one is registered through the same `ApiContract` interface,
 * the built-in ones by the package's entry points (src/entries/, from the API set in src/apis/)
 * before anything else runs. Every per-API fact (documents, spec, operations, rules) is read from
 * here; nothing in the shared layers names or imports an API.
 */
import type { ApiContract } from './api.js';
import { adoptContractApiFields } from './api-field.js';
import type { ApiName } from './api-types.js';
import { parsedFrom } from './openapi.js';
import { lacksSessionParam } from './session-param.js';
import { sharedTable } from './shared-table.js';

export type { ApiName, ApiTypes, TypedApiName } from './api-types.js';

const contracts = sharedTable('contracts', () => new Map<string, ApiContract>());
// Each copy of the modules adds its own listeners (its caches), and a registration through any copy calls them all.
const listeners = sharedTable<() => void>('register-listeners', () => new Map());

/** What an API's name is: lower-case letters, digits and dashes, starting with a letter (never a dot or a slash). */
export const API_NAME_PATTERN = /^[a-z][a-z0-9-]*$/;

/**
 * Adds an API to the contract. Its name must be new (a built-in API cannot be replaced) and
 * start with a letter; registering the same object twice is a no-op.
 */
export function registerContract(contract: ApiContract): void {
  adoptContractApiFields(contract);
  const existing = contracts.get(contract.api);
  if (existing === contract) return;
  if (existing) throw new Error(`an API named "${contract.api}" is already registered; choose another name`);
  if (!API_NAME_PATTERN.test(contract.api))
    throw new Error(`API name "${contract.api}" must be lower-case letters, digits and dashes, starting with a letter`);
  const refused = specFileProblem(contract);
  if (refused) throw new Error(refused);
  for (const op of contract.operations) {
    const param = lacksSessionParam(op);
    if (param !== undefined)
      throw new Error(
        `API "${contract.api}", operation ${op.operationId}: its path ${op.path} has no {${param}}, the path ` +
          "parameter its session.param names (session_id when it names none); the runner, record and the mock's " +
          'command line fill the session in there: set session.param to the parameter that holds the session ' +
          '(a queue_id, a board_id) or write it into the path',
      );
  }
  contracts.set(contract.api, contract);
  for (const listener of listeners.values()) listener();
}

/**
 * What is wrong with a contract's `specFile`: missing, or naming another file than the one
 * `parseSpec` read its spec from (the pointers in every message would send a reader elsewhere).
 */
function specFileProblem(contract: ApiContract): string | undefined {
  if (contract.spec === null || typeof contract.spec !== 'object')
    return (
      `API "${contract.api}": contract.spec is ${contract.spec === undefined ? 'missing' : 'not an object'}; ` +
      "it is the API's OpenAPI document: parseSpec(text, file) reads one"
    );
  const parsed = parsedFrom(contract.spec);
  const example = parsed === undefined ? '"specs/acme.openapi.yaml"' : `"${parsed}", or a path that ends with it`;
  const what =
    "it names the file contract.spec was read from in messages and reports, as a path relative to the project's " +
    `root (${example})`;
  const file = contract.specFile as unknown;
  if (typeof file !== 'string' || file.trim() === '')
    return `API "${contract.api}": contract.specFile is ${describeValue(file)}; ${what}`;
  if (parsed !== undefined && file !== parsed && !file.endsWith(`/${parsed.replace(/^(\.\/)+/, '')}`))
    return `API "${contract.api}": contract.specFile "${file}" is not the file its spec came from, ${parsed}; ${what}`;
  return undefined;
}

const describeValue = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value));

/** Called whenever an API is registered, so tables derived from every API are rebuilt. */
export function onRegister(listener: () => void): void {
  listeners.set(String(listeners.size), listener);
}

/** Every registered API's name, built-in ones first. */
export function apiNames(): ApiName[] {
  return [...contracts.keys()];
}

export function isApiName(value: string): boolean {
  return contracts.has(value);
}

/** What an error about an API no module gave says to do. */
export const REGISTER_HINT =
  "a module's API is known once it is registered: registerApi(module), apis: [module], or --api FILE";

export function contractOf(api: ApiName): ApiContract {
  const contract = contracts.get(api);
  if (!contract) throw new Error(`unknown API "${api}"; the APIs are ${apiNames().join(', ')}; ${REGISTER_HINT}`);
  return contract;
}
