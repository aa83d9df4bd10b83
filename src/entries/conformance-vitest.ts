/** `agent-task-contracts/conformance/vitest`: over the built-in set's contract (never its mock), or the set given. */
import { builtinJudgedApis } from '../apis/generators.js';
import { describeConformance as describeWith } from '../conformance/vitest.js';

export * from '../conformance/vitest.js';

/** `describeConformance` over the built-in APIs, or `options.apis`. */
export const describeConformance: typeof describeWith = (name, options) =>
  describeWith(name, async () => {
    const resolved = typeof options === 'function' ? await options() : options;
    return { ...resolved, apis: resolved.apis ?? builtinJudgedApis() };
  });
