import { defineConfig } from '@playwright/test';

// The dev server of docs/playwright.md's recipe (an app on a dev server, a mock per worker): one Vite
// dev server for every worker, on a port other suites do not take (ATC_DEV_APP_PORT moves it).
const DEV_APP = `http://127.0.0.1:${process.env.ATC_DEV_APP_PORT ?? 5179}`;

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
  webServer: {
    command: `node node_modules/vite/bin/vite.js test/fixtures/dev-app --host 127.0.0.1 --port ${new URL(DEV_APP).port} --strictPort`,
    url: `${DEV_APP}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
  use: {
    baseURL: DEV_APP,
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
