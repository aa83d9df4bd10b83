import { defineConfig } from '@playwright/test';

// The Playwright fixture's own end-to-end tests (`npm run test:e2e`), in Debian's Chromium at
// /usr/bin/chromium (installed by .ci/run), never a downloaded browser.
export default defineConfig({
  testDir: 'test/playwright',
  testMatch: '**/*.pw.ts',
  outputDir: 'test-results/playwright',
  // Two workers: each starts its own mock server, which the tests check.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
});
