/** The package's main entry and `/contract`: the contract of the built-in API set, or of the set given. */
import '../apis/types.js';

export { checkItem, operationsOf, validateResponseBody } from '../apis/contract-functions.js';
export { VENDOR_BASE_URLS } from '../apis/contracts.js';
export * from '../contract/index.js';
