/** `agent-task-contracts/overrides`, over the built-in API set. */
import '../apis/types.js';
import '../apis/install.js';

export { api, pages, type TypedApis, typedApis } from '../apis/overrides.js';
export * from '../overrides/index.js';
