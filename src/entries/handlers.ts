/** `agent-task-contracts/handlers`: the mock over the built-in API set. */
import '../apis/types.js';
import '../apis/install.js';

export * from '../handlers/index.js';
