/** `agent-task-contracts/generators`, over the built-in API set. */
import '../apis/types.js';
import '../apis/install-contracts.js';

export * from '../generators/index.js';
