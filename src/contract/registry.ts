/**
 * The APIs of the process's default set (api-set.ts): every one is registered through the same
 * `ApiContract` interface, the built-in ones by the package's entry points (src/entries/, from the
 * API set in src/apis/) before anything else runs. A caller that is given another set reads that
 * one instead; nothing in the shared layers names or imports an API.
 */
import type { ApiContract } from './api.js';
import { processApis } from './api-set.js';
import type { ApiName } from './api-types.js';

export { API_NAME_PATTERN } from './api-set.js';
export type { ApiName, ApiTypes, TypedApiName } from './api-types.js';

/**
 * Adds an API to the process's contract. Its name must be new (a built-in API cannot be replaced)
 * and start with a letter; registering the same object twice is a no-op.
 */
export function registerContract(contract: ApiContract): void {
  processApis().addContract(contract);
}

/** Every registered API's name, built-in ones first. */
export function apiNames(): ApiName[] {
  return processApis().apiNames();
}

export function contractOf(api: ApiName): ApiContract {
  return processApis().contractOf(api);
}
