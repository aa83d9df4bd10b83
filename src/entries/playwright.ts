/** `agent-task-contracts/playwright`, over the built-in API set. */
import '../apis/types.js';
import '../apis/install.js';

export * from '../playwright/index.js';
