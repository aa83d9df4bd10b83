/**
 * The browser recipe of the README and docs/browser.md is production-safe: the worker starts only
 * behind Vite's dev flag, through a dynamic import, so `vite build` leaves every module of the mock
 * (and msw, fast-check) out of the production bundle, while the development build still shows the
 * mock's data in Chromium.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import type { Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { serveFolder } from '../helpers/static-server.js';
import { buildApp, SOURCES } from '../helpers/vite-app.js';

// The recipe of "Mock in the browser", as the README and docs/browser.md write it (alike), in an app
// that lists Ark tasks.
const readPage = (path: string) => readFile(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
const block = /^( *)```ts\n((?:\1.*\n)*?)\1```$/gm;
const recipes = (text: string) =>
  [...text.matchAll(block)]
    .map(([, indent, code]) => code!.replace(new RegExp(`^${indent}`, 'gm'), ''))
    .filter((code) => code.includes('import.meta.env.DEV'));
const [RECIPE, ...others] = [...recipes(await readPage('README.md')), ...recipes(await readPage('docs/browser.md'))];
if (!RECIPE?.includes("await import('agent-task-contracts/browser')"))
  throw new Error('the README has no browser recipe that imports agent-task-contracts/browser');
if (others.length !== 1 || others[0] !== RECIPE)
  throw new Error('docs/browser.md gives the browser recipe otherwise than the README: write it alike in both');
const MAIN = `${RECIPE}const res = await fetch('https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks?limit=3');
const page = await res.json();
document.body.innerHTML = page.items.map((t) => '<li data-state="' + t.state + '">' + t.task_id + '</li>').join('');
document.body.dataset.ready = 'yes';
`;

/** Module ids of the mock and what it brings: the package's sources, msw, fast-check. */
const mockModules = (chunks: Rolldown.OutputChunk[]) =>
  chunks
    .flatMap((c) => c.moduleIds)
    .filter((id) => id.startsWith(SOURCES) || /\/node_modules\/(msw|@msw|fast-check|ajv)\//.test(id));
const bytes = (chunks: Rolldown.OutputChunk[]) => chunks.reduce((n, c) => n + Buffer.byteLength(c.code), 0);

let dir: string;
let production: Rolldown.OutputChunk[];
let development: Rolldown.OutputChunk[];
let server: Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atc-production-'));
  ({ chunks: production } = await buildApp(dir, MAIN, 'production'));
  const dev = await buildApp(dir, MAIN, 'development');
  development = dev.chunks;
  ({ server, base } = await serveFolder(dev.dist));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the browser recipe behind import.meta.env.DEV', () => {
  it('vite build (production) holds no module of the mock, msw or fast-check', () => {
    expect(mockModules(development).length).toBeGreaterThan(10);
    expect(mockModules(production)).toEqual([]);
    const code = production.map((c) => c.code).join('\n');
    expect(code).not.toContain('mockServiceWorker');
    expect(code).not.toContain('startMockWorker');
    // The app's own code only: a few hundred bytes, against hundreds of kB with the mock.
    expect(bytes(production)).toBeLessThan(5_000);
    expect(bytes(development)).toBeGreaterThan(100_000);
  });

  it('the development build starts the worker and renders the mock data in Chromium', async () => {
    const page = await browser.newPage();
    await page.goto(base);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 30_000 });
    const rows = await page
      .locator('li')
      .evaluateAll((items) => items.map((li) => [li.textContent, (li as HTMLElement).dataset.state]));
    expect(rows).toHaveLength(3);
    for (const [id, state] of rows) {
      expect(id).toMatch(/^task-/);
      expect(state).toBeTruthy();
    }
    await page.close();
  });
});
