/** `agent-task-contracts/scenarios`, over the built-in API set. */
import '../apis/types.js';
import '../apis/install.js';

export * from '../scenarios/index.js';
