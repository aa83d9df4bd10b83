/** `agent-task-contracts/conformance`: the runner, over the built-in API set's contract (never its mock). */
import '../apis/install-contracts.js';

export * from '../conformance/index.js';
