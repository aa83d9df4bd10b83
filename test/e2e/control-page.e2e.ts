/**
 * The control page at /__mock/: Chromium opens it on a running mock, reads what it shows (APIs,
 * sessions and counts, clock, faults, latency, the scenario and its step), changes each through
 * its buttons, and the mock's state follows; a page of another origin is still refused. Its
 * screenshot is the standalone-server guide's (docs/control-page.png, copied from test-results/).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockApp } from '../../src/handlers/app.js';
import { type RunningServer, startServer } from '../../src/node/server.js';
import { launchChromium } from '../helpers/chromium.js';

const results = fileURLToPath(new URL('../../test-results/', import.meta.url));

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(await MockApp.create(), { host: '127.0.0.1', port: 0 });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const state = async () => (await (await fetch(`${server.url}/__mock/state`)).json()) as Record<string, unknown>;
const text = (page: Page, selector: string) => page.locator(selector).textContent();

describe('the control page', () => {
  it('shows the APIs, their sessions and task counts, the clock, latency and no scenario', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/__mock/`);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 20_000 });
    const ark = page.locator('tr[data-api="ark"]');
    expect(await ark.locator('td').nth(2).textContent()).toBe('48');
    expect(await ark.locator('td.sessions').textContent()).toContain('sesn-demo (48)');
    expect(await page.locator('tr[data-api]').count()).toBe(4);
    expect(await text(page, '#clock')).toContain('real');
    expect(await text(page, '#latency-now')).toBe('0 ms');
    expect(await text(page, '#scenario-now')).toContain('none');
    await page.close();
  });

  it('plays, steps and stops a scenario; toggles a fault; sets latency; freezes and advances the clock; resets', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${server.url}/__mock/`);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 20_000 });

    await page.selectOption('#scenario', 'ark-unknown-comes-back');
    await page.selectOption('#progression', 'manual');
    await page.click('#play');
    await expect.poll(() => text(page, '#scenario-now')).toMatch(/^ark-unknown-comes-back on ark · step 1 of \d+/);
    await page.click('#step');
    await expect.poll(() => text(page, '#scenario-now')).toContain('step 2 of');
    expect((await state()).scenario).toMatchObject({ name: 'ark-unknown-comes-back', step: 1 });

    await page.locator('summary', { hasText: 'ark' }).click();
    await page.check('input[data-fault="ark.order-newest-first"]');
    await expect.poll(async () => (await state()).faults).toEqual(['ark.order-newest-first']);
    await expect
      .poll(() => text(page, '#faults-now'))
      .toContain('ark.order-newest-first: lists each page oldest first');

    await page.fill('#latency', '250');
    await page.click('#set-latency');
    await expect.poll(() => text(page, '#latency-now')).toBe('250 ms');

    await page.click('#freeze');
    await expect.poll(() => page.locator('#clock').getAttribute('data-mode')).toBe('frozen');
    const frozenAt = Number(await page.locator('#clock').getAttribute('data-now'));
    await page.fill('#advance-ms', '30000');
    await page.click('#advance-clock');
    await expect
      .poll(async () => Number(await page.locator('#clock').getAttribute('data-now')))
      .toBe(frozenAt + 30_000);

    await page.click('#answer');
    await expect.poll(() => text(page, '#answers-now')).toContain('praxis: {"status":503}, next 1');
    await page.screenshot({ path: join(results, 'control-page.png') });

    // A refused call shows the mock's own words.
    await page.fill('#latency', '-5');
    await page.click('#set-latency');
    await expect.poll(() => text(page, '#error')).toContain('latency must be a number of milliseconds');

    await page.click('#stop');
    await expect.poll(() => text(page, '#scenario-now')).toContain('none');
    await page.click('#reset');
    await expect.poll(async () => (await state()).faults).toEqual([]);
    const after = await state();
    expect([after.latencyMs, after.scenario, after.answers, (after.clock as { mode: string }).mode]).toEqual([
      0,
      null,
      [],
      'real',
    ]);
    await expect.poll(() => page.locator('input[data-fault="ark.order-newest-first"]').isChecked()).toBe(false);
    await page.close();
  });

  it('keeps the control API closed to other origins, and cannot be framed', async () => {
    const page = await fetch(`${server.url}/__mock/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const foreign = await fetch(`${server.url}/__mock/reset`, {
      method: 'POST',
      headers: { origin: 'http://elsewhere.test' },
    });
    expect(foreign.status).toBe(403);
  });
});
