/** `agent-task-contracts/node`, over the built-in API set. */
import '../apis/types.js';
import '../apis/install.js';

export { BUILTIN_APIS } from '../apis/index.js';
export * from '../node/index.js';
