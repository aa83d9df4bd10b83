import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Files that change process-wide state every later file would see (registerApi adds an API to
// the registries for good): each runs with modules of its own. test/setup/registries-unchanged.ts
// fails a file of the shared project that should be here.
const ISOLATED = [
  'test/apis/fifth-api.test.ts',
  'test/cli/api-file.test.ts',
  'test/conformance/api-module.test.ts',
  'test/handlers/api-sets.test.ts',
  'test/handlers/former-api-field.test.ts',
  'test/docs/jobs-module.test.ts',
];

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
    // Every project's files get the built-in API set first, as the package's entries install it.
    setupFiles: ['test/setup/builtin-apis.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most files wait on sockets and child processes rather than compute: two workers on a
    // 2-core machine (vitest's default would be one) roughly halve the wall time.
    maxWorkers: 2,
    // A conformance run against the mock allocates fast and briefly (answers, judgements): a larger
    // young generation collects it less often, about 8% less CPU for the same run.
    execArgv: ['--max-semi-space-size=32'],
    projects: [
      {
        extends: true,
        // Isolated, each file would evaluate the contract, its validators and the mock again:
        // about 1.5 s per file, most of what a small file costs. Here a worker evaluates them once.
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          isolate: false,
          exclude: [...configDefaults.exclude, ...ISOLATED],
          setupFiles: ['test/setup/registries-unchanged.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
