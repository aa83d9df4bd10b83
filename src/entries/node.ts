/** `agent-task-contracts/node`, over the built-in API set. */
import '../apis/types.js';
import '../apis/install.js';

export * from '../node/index.js';
