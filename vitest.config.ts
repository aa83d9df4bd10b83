import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most files wait on sockets and child processes rather than compute: two workers on a
    // 2-core machine (vitest's default would be one) roughly halve the wall time.
    maxWorkers: 2,
  },
});
