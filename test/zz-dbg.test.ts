import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { serveFolder } from './helpers/static-server.js';
import { buildApp } from './helpers/vite-app.js';

it('dbg', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'atc-dbg-'));
  const built = await buildApp(
    dir,
    `import { startMockWorker } from 'agent-task-contracts/browser';\nconst m = await startMockWorker();\ndocument.body.dataset.ready='yes';\n`,
  );
  const { server, base } = await serveFolder(built.dist);
  const browser = await launchChromium();
  const page = await browser.newPage();
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message, e.stack));
  await page.goto(base);
  await new Promise((r) => setTimeout(r, 4000));
  console.log('READY', await page.evaluate(() => document.body.dataset.ready));
  await browser.close();
  server.close();
}, 120000);
