/** `agent-task-contracts/browser`, over the built-in API set. */
import '../apis/types.js';
import '../apis/install.js';

export { VENDOR_BASE_URLS } from '../apis/contracts.js';
export * from '../browser/index.js';
