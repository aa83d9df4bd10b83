/** `agent-task-contracts/matchers`, over the built-in API set. */
import '../apis/types.js';
import '../apis/install-contracts.js';

export * from '../matchers/index.js';
