import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The shipped example (examples/jobs) imports the package by name, as a user's module does: in the
  // checkout that name is the sources, so its tests need no build.
  resolve: {
    alias: [
      { find: /^agent-task-contracts\/kit$/, replacement: fileURLToPath(new URL('src/kit/index.ts', import.meta.url)) },
      {
        find: /^agent-task-contracts\/examples\/jobs$/,
        replacement: fileURLToPath(new URL('examples/jobs/index.js', import.meta.url)),
      },
    ],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Many files wait on sockets and child processes rather than compute: three workers on a
    // 2-core machine (vitest's default would be one) fill those waits; two left about a sixth of
    // the run idle (npm test 299 s with two, 264 s with three, the same tests).
    maxWorkers: 3,
    // A conformance run against the mock allocates fast and briefly (answers, judgements): a larger
    // young generation collects it less often, about 8% less CPU for the same run.
    execArgv: ['--max-semi-space-size=32'],
    include: ['test/**/*.test.ts'],
    // Isolated, each file would evaluate the contract, its validators and the mock again: about
    // 1.5 s per file, most of what a small file costs. Here a worker evaluates them once; files
    // share nothing else, since every API set is a value a test makes or is given.
    isolate: false,
  },
});
