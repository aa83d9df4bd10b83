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
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/builtin-apis.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most files wait on sockets and child processes rather than compute: two workers on a
    // 2-core machine (vitest's default would be one) roughly halve the wall time.
    maxWorkers: 2,
  },
});
