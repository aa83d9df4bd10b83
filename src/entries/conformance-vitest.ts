/** `agent-task-contracts/conformance/vitest`, over the built-in API set's contract (never its mock). */
import '../apis/install-contracts.js';

export * from '../conformance/vitest.js';
