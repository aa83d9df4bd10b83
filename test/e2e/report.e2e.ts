/** The HTML conformance report, opened from disk in Debian's Chromium as from a CI artifact: no server. */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, runConformance } from '../../src/entries/conformance.js';
import { launchChromium } from '../helpers/chromium.js';
import { startMock } from '../helpers/mock-server.js';

const results = fileURLToPath(new URL('../../test-results/', import.meta.url));
let browser: Browser;
let mock: Awaited<ReturnType<typeof startMock>>;

beforeAll(async () => {
  mock = await startMock({ faults: ['ark.order-newest-first', 'ark.no-undocumented-fields'] });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await mock?.server.close();
});

describe('the HTML report in Chromium', () => {
  it('shows the verdict, the counts and a violation with its curl line, offline', async () => {
    const result = await runConformance({
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 3,
      runs: 30,
      polls: 2,
      pollIntervalMs: 5,
    });
    await mkdir(results, { recursive: true });
    const file = `${results}conformance-report.html`;
    await writeFile(file, render(result, 'html'));
    const context = await browser.newContext({ offline: true });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(file).toString());
    await expect(page.locator('#verdict').textContent()).resolves.toBe('DOES NOT CONFORM');
    expect(await page.locator('#verdict').isVisible()).toBe(true);
    const counts = (await page.locator('#counts').innerText()).replace(/\s+/g, ' ');
    expect(counts).toContain(`${result.counts.passed} passed`);
    expect(counts).toContain(`${result.counts.violated} violated`);
    const violation = result.violations.find((v) => v.law === 'ark.order-newest-first')!;
    const curl = page.locator('pre.curl', { hasText: violation.curl }).first();
    expect(await curl.isVisible()).toBe(true);
    expect(await page.locator('#drift').innerText()).toContain('/items/*/x_undocumented_field');
    // Only the file itself was loaded: no script, font or stylesheet from anywhere.
    expect(requests).toEqual([pathToFileURL(file).toString()]);
    await page.screenshot({ path: `${results}conformance-report.png`, fullPage: true });
    await context.close();
  });
});
