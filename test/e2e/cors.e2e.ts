/**
 * CORS in Debian's Chromium: a page on another origin (a dev server beside the mock) reads the
 * mock's tasks, and cannot drive its control API — neither with a preflighted JSON POST nor with
 * a "simple" text/plain one that skips the preflight.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { startMock } from '../helpers/mock-server.js';

let browser: Browser;
let mock: Awaited<ReturnType<typeof startMock>>;
let page: Server;
let pageUrl: string;

beforeAll(async () => {
  mock = await startMock({}, { controlOrigins: [] });
  page = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>another origin</title><p>app</p>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://localhost:${(page.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await mock?.server.close();
  await new Promise((resolve) => page?.close(resolve));
});

describe('CORS on the standalone mock, in Chromium', () => {
  it('a page on another origin reads tasks but cannot reset the mock or set its faults', async () => {
    await mock.app.setLatency(1);
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    const outcome = await tab.evaluate(async (api) => {
      const tasks = await fetch(`${api}/ark/sessions/sesn-demo/tasks?limit=2`).then(async (r) => ({
        status: r.status,
        items: ((await r.json()) as { items: unknown[] }).items.length,
      }));
      const attempt = (init: RequestInit, path: string) =>
        fetch(`${api}/__mock${path}`, { method: 'POST', ...init }).then(
          (r) => `answered ${r.status}`,
          (e: Error) => `failed: ${e.name}`,
        );
      const reset = await attempt({ headers: { 'content-type': 'application/json' }, body: '{}' }, '/reset');
      const faults = await attempt(
        { headers: { 'content-type': 'text/plain' }, body: '{"faults":["ark.order-newest-first"]}' },
        '/faults',
      );
      return { tasks, reset, faults };
    }, mock.server.url);
    expect(outcome.tasks).toEqual({ status: 200, items: 2 });
    expect(outcome.reset).toBe('failed: TypeError');
    expect(outcome.faults).toBe('failed: TypeError');
    // Nothing changed: the latency set before is still there, and no fault was injected.
    expect(await mock.app.state()).toMatchObject({ latencyMs: 1, faults: [] });
    await tab.close();
  });
});
