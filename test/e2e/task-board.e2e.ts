import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { serveFolder } from '../helpers/static-server.js';

const example = fileURLToPath(new URL('../../examples/task-board/', import.meta.url));
const results = fileURLToPath(new URL('../../test-results/', import.meta.url));

let server: Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  await build({ configFile: join(example, 'vite.config.ts'), logLevel: 'warn' });
  const dist = join(example, 'dist');
  ({ server, base } = await serveFolder(dist));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe('task board example in Chromium', () => {
  it("the worker intercepts the vendors' URLs, rows render, a scenario advances on screen", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/?scenario=ark-unknown-comes-back&poll=250`);
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const badge = page.locator('section[data-api="ark"] tr[data-id="task-render"] .badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('running');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('unknown');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('succeeded');
    expect(await page.locator('section[data-api="ark"][data-error]').count()).toBe(0);
    await page.screenshot({ path: join(results, 'task-board-scenario.png'), fullPage: true });
    await page.close();
  });

  it('a typed override follows the virtual clock: the task advances on a button press', async () => {
    const page = await browser.newPage();
    // Polling is slow on purpose: only the button moves the task.
    await page.goto(`${base}/?demo=clock&poll=600000`);
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20_000 });
    const badge = page.locator('section[data-api="ark"] tr[data-id="task-build"] .badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('queued');
    expect(await page.locator('#clock').textContent()).toContain('2026-11-30T09:00:00.000Z');
    await page.click('#advance-clock');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('running');
    expect(await page.locator('#clock').textContent()).toContain('2026-11-30T09:00:30.000Z');
    await page.click('#advance-clock');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('succeeded');
    // The answers the override built satisfy the contract: the panel shows no error.
    expect(await page.locator('section[data-api="ark"][data-error]').count()).toBe(0);
    await page.screenshot({ path: join(results, 'task-board-clock.png'), fullPage: true });
    await page.close();
  });

  it('tasks added in the browser: the page shows exactly those tasks', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/?poll=200`);
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20_000 });
    const ids = await page.evaluate(async () => {
      const mock = (
        window as unknown as {
          taskBoardMock: { addTasks(api: string, session: string, tasks: object[]): Promise<{ id: string }[]> };
        }
      ).taskBoardMock;
      return (await mock.addTasks('everruns', 'demo', [{ state: 'awaiting_input' }, { state: 'failed' }])).map(
        (t) => t.id,
      );
    });
    const rows = page.locator('section[data-api="everruns"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    // Newest first: the second added task is listed first.
    expect(await rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.id))).toEqual(
      [...ids].reverse(),
    );
    expect(await page.locator('section[data-api="everruns"] .badge').allTextContents()).toEqual([
      'failed',
      'awaiting_input',
    ]);
    expect(await page.locator('section[data-api="everruns"][data-error]').count()).toBe(0);
    await page.close();
  });

  it('the demo data renders every API', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/?poll=5000`);
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20_000 });
    for (const api of ['praxis', 'everruns', 'ark', 'jsonrpc']) {
      await page.waitForSelector(`section[data-api="${api}"] tbody tr`, { timeout: 10_000 });
      expect(await page.locator(`section[data-api="${api}"] tbody tr`).count()).toBeGreaterThan(3);
    }
    await page.screenshot({ path: join(results, 'task-board-demo.png'), fullPage: true });
    await page.close();
  });

  it("a fault scenario shows the page's error state", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/?scenario=ark-contract-broken&poll=250`);
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20_000 });
    const panel = page.locator('section[data-api="ark"]');
    await expect
      .poll(() => panel.getAttribute('data-error'), { timeout: 10_000 })
      .toBe('ark.finished-at-only-when-terminal');
    expect(await panel.locator('.error').textContent()).toContain(
      'The API broke its contract: ark.finished-at-only-when-terminal',
    );
    await page.screenshot({ path: join(results, 'task-board-error.png'), fullPage: true });
    await page.close();
  });
});
