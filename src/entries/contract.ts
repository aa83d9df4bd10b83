/** The package's main entry and `/contract`: the contract of the installed API set (the built-in one). */
import '../apis/types.js';
import '../apis/install-contracts.js';

export { VENDOR_BASE_URLS } from '../apis/contracts.js';
export * from '../contract/index.js';
