/**
 * The control page at /__mock/: Chromium opens it on a running mock, reads what it shows (APIs,
 * links to their lists that answer, sessions and counts as served, a playing scenario's included,
 * clock, each fault's effect, latency, the scenario and its step), changes each through its buttons
 * (outages of every kind), and the mock's state follows; a page of another origin is still refused. Its
 * screenshot is the standalone-server guide's (docs/control-page.png, copied from test-results/).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinApis } from '../../src/apis/builtin-set.js';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { MockApp } from '../../src/apis/mock-functions.js';
import { jsonRpcBinding } from '../../src/contract/json-rpc.js';
import { operationsIn } from '../../src/contract/operations.js';
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
    expect(await page.locator('tr[data-api]').count()).toBe(BUILTIN_API_NAMES.length);
    expect(await text(page, '#clock')).toContain('real');
    expect(await text(page, '#latency-now')).toBe('0 ms');
    expect(await text(page, '#scenario-now')).toContain('none');
    await page.close();
  });

  it("links each API's lists a GET reads (none of a JSON-RPC method's), and every link answers", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/__mock/`);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 20_000 });
    for (const row of await page.locator('tr[data-api]').all()) {
      const api = await row.getAttribute('data-api');
      const links = await row.locator('td.lists a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      const gets = operationsIn(builtinApis(), api!).filter((op) => jsonRpcBinding(op) === undefined);
      expect(links.length, `${api}: links`).toBe(gets.length);
      for (const link of links) {
        expect(link.startsWith(`${server.url}/${api}/`), link).toBe(true);
        const answer = await fetch(link);
        expect(answer.status, link).toBe(200);
        expect(answer.headers.get('content-type'), link).toMatch(/^application\/([\w.-]+\+)?json/);
      }
    }
    // The demo session of Ark, as the start-up lines print it.
    expect(await page.locator('tr[data-api="ark"] td.lists a').first().textContent()).toBe(
      '/ark/sessions/sesn-demo/tasks',
    );
    await page.close();
  });

  it('says what each fault changes before it is ticked', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/__mock/`);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 20_000 });
    const injectable = Object.values(
      (await (await fetch(`${server.url}/__mock/faults`)).json()) as Record<string, string[]>,
    ).flat();
    const shown = await page
      .locator('label.fault')
      .evaluateAll((labels) =>
        labels.map((l) => [l.querySelector('input')!.value, l.querySelector('.changes')!.textContent ?? '']),
      );
    expect(shown.map(([id]) => id).sort()).toEqual([...injectable].sort());
    for (const [id, changes] of shown) expect(changes, id).toMatch(/^[a-z]+s? \S/);
    expect(Object.fromEntries(shown)['ark.order-newest-first']).toBe('lists each page oldest first');
    expect((await state()).faults).toEqual([]);
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
    // The API table shows what the scenario serves, not the demo data, and its link lists just that.
    const ark = page.locator('tr[data-api="ark"]');
    await expect.poll(() => ark.locator('td').nth(2).textContent()).toBe('1');
    expect(await ark.getAttribute('class')).toBe('playing');
    expect(await ark.locator('td.sessions').textContent()).toBe('1 session: sesn-demo (1)');
    const served = (await (await fetch((await ark.locator('td.lists a').first().getAttribute('href'))!)).json()) as {
      items: { task_id: string; state: string }[];
    };
    expect(served.items.map((t) => [t.task_id, t.state])).toEqual([['task-render', 'unknown']]);

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

    // Outages of every kind: a status, a delay, a timeout, a network error.
    await page.click('#outage');
    await expect.poll(() => text(page, '#outages-now')).toBe('praxis: 503, next 1');
    const outage = async (api: string, kind: string, value: string | undefined, times: string) => {
      await page.selectOption('#outage-api', api);
      await page.selectOption('#outage-kind', kind);
      if (value !== undefined) await page.fill('#outage-value', value);
      await page.fill('#outage-times', times);
      await page.click('#outage');
    };
    await outage('ark', 'delayMs', '1500', '2');
    await expect.poll(() => text(page, '#outages-now')).toBe('ark: delay 1500 ms, next 2');
    await outage('everruns', 'timeoutMs', undefined, '1');
    await expect.poll(() => text(page, '#outages-now')).toBe('everruns: timeout after 10000 ms, next 1');
    expect(await page.locator('#outage-value').isHidden()).toBe(false);
    await page.selectOption('#outage-kind', 'networkError');
    expect(await page.locator('#outage-value').isHidden()).toBe(true);
    await outage('jsonrpc', 'networkError', undefined, '3');
    await expect.poll(() => text(page, '#outages-now')).toBe('jsonrpc: network error, next 3');
    expect((await state()).outages).toEqual([
      { api: 'jsonrpc', operation: null, path: null, remaining: 3, kind: { networkError: true } },
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(results, 'control-page.png') });

    // A refused call shows the mock's own words.
    await page.fill('#latency', '-5');
    await page.click('#set-latency');
    await expect.poll(() => text(page, '#error')).toContain('latency must be a number of milliseconds');

    await page.click('#stop');
    await expect.poll(() => text(page, '#scenario-now')).toContain('none');
    await expect.poll(() => ark.locator('td').nth(2).textContent()).toBe('48');
    expect(await ark.getAttribute('class')).toBe('');
    await page.click('#reset');
    await expect.poll(async () => (await state()).faults).toEqual([]);
    const after = await state();
    expect([after.latencyMs, after.scenario, after.outages, (after.clock as { mode: string }).mode]).toEqual([
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
