import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: Debian's Chromium at /usr/bin/chromium (installed by .ci/run).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
