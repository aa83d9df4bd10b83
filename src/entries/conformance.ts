/** `agent-task-contracts/conformance`: the runner over the built-in set's contract (never its mock), or a set given. */
import { builtinJudgedApis } from '../apis/generators.js';
import { runConformance as runWith } from '../conformance/runner.js';
import type { ConformanceOptions, ConformanceResult } from '../conformance/types.js';

export * from '../conformance/index.js';

/** Judges a live API by its contract: the built-in APIs', or those of `options.apis`. */
export function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  return runWith({ ...options, apis: options.apis ?? builtinJudgedApis() });
}
