// npm run test:e2e: the vitest browser suite (test/e2e, with any arguments given, as .ci/run
// passes its reporters), then the Playwright fixture's own tests under Playwright Test
// (playwright.config.ts writes test-results/playwright.json, which .ci/run counts). Both run
// even when the first fails, so one run reports every failure.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
const vitest = spawnSync(bin('vitest'), ['run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const playwright = spawnSync(bin('playwright'), ['test'], { stdio: 'inherit' });
process.exit(vitest.status === 0 && playwright.status === 0 ? 0 : 1);
