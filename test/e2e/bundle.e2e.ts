import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { serveFolder } from '../helpers/static-server.js';
import { buildApp, SOURCES as src } from '../helpers/vite-app.js';

// An app that only starts the mock worker, built as a user's Vite app would build it.
const LIMIT = 500_000; // Vite's chunk size warning (500 kB)

let dir: string;
let chunks: Rolldown.OutputChunk[];
let server: Server;
let base: string;
let browser: Browser;

/** The chunks an entry loads before its code runs: its static imports, transitively. */
function staticClosure(entry: Rolldown.OutputChunk): Rolldown.OutputChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) visit(byName.get(name)!);
  };
  visit(entry);
  return [...seen.values()];
}

const holdsFastCheck = (chunk: Rolldown.OutputChunk) =>
  chunk.moduleIds.some((id) => id.includes('/node_modules/fast-check/'));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atc-bundle-'));
  const built = await buildApp(
    dir,
    `import { startMockWorker } from 'agent-task-contracts/browser';
const mock = await startMockWorker();
Object.assign(window, { bundleMock: mock });
document.body.dataset.ready = 'yes';
`,
  );
  chunks = built.chunks;
  ({ server, base } = await serveFolder(built.dist));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a Vite app that calls startMockWorker()', () => {
  it('has no chunk over 500 kB', () => {
    expect(chunks.length).toBeGreaterThan(1);
    const sizes = chunks.map((c) => ({ chunk: c.fileName, bytes: Buffer.byteLength(c.code) }));
    expect(sizes.filter((s) => s.bytes > LIMIT)).toEqual([]);
  });

  it('loads fast-check and the generators only when tasks are added', async () => {
    const entry = chunks.find((c) => c.isEntry)!;
    const atStart = staticClosure(entry);
    expect(atStart.filter(holdsFastCheck).map((c) => c.fileName)).toEqual([]);
    expect(
      atStart.flatMap((c) => c.moduleIds).filter((id) => id.startsWith(join(src, 'generators/complete.ts'))),
    ).toEqual([]);
    const fastCheckChunks = chunks.filter(holdsFastCheck).map((c) => c.fileName);
    expect(fastCheckChunks).toHaveLength(1);

    // In Chromium: the page starts and answers without fetching that chunk; adding tasks fetches it.
    const page = await browser.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname.slice(1)));
    await page.goto(base);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 20_000 });
    const states = await page.evaluate(async () => {
      const res = await fetch('https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks?limit=3');
      return ((await res.json()) as { items: { state: string }[] }).items.length;
    });
    expect(states).toBe(3);
    expect(fetched.filter((path) => fastCheckChunks.includes(path))).toEqual([]);
    const added = await page.evaluate(async () => {
      const mock = (
        window as unknown as {
          bundleMock: { addTasks(api: string, session: string, tasks: object[]): Promise<{ state: string }[]> };
        }
      ).bundleMock;
      return (await mock.addTasks('ark', 'sesn-x', [{ state: 'unknown' }])).map((task) => task.state);
    });
    expect(added).toEqual(['unknown']);
    expect(fetched.filter((path) => fastCheckChunks.includes(path))).toEqual(fastCheckChunks);
    await page.close();
  });

  it('plays a scenario asked for later; with progression manual a double fetch (React StrictMode) does not move it, advance() does', async () => {
    const page = await browser.newPage();
    await page.goto(base);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 20_000 });
    const states = await page.evaluate(async () => {
      type Handle = {
        playScenario(name: string, options: { progression: string }): Promise<void>;
        advance(): Promise<void>;
      };
      const mock = (window as unknown as { bundleMock: Handle }).bundleMock;
      await mock.playScenario('ark-unknown-comes-back', { progression: 'manual' });
      const read = async () => {
        const page = (await (
          await fetch('https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks')
        ).json()) as { items: { task_id: string; state: string }[] };
        return page.items.find((task) => task.task_id === 'task-render')?.state;
      };
      const mounts = await Promise.all([read(), read()]);
      await mock.advance();
      return [...mounts, await read()];
    });
    expect(states).toEqual(['running', 'running', 'unknown']);
    await page.close();
  });

  it("the worker's typed control asks for outages: a 503 in Ark's format once, then a network error", async () => {
    const page = await browser.newPage();
    await page.goto(base);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 20_000 });
    const seen = await page.evaluate(async () => {
      type Handle = { setOutages(outages: object[]): Promise<void>; reset(): Promise<void> };
      const mock = (window as unknown as { bundleMock: Handle }).bundleMock;
      const url = 'https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks';
      const status = async () => {
        try {
          return (await fetch(url)).status;
        } catch {
          return 'network error';
        }
      };
      await mock.setOutages([{ api: 'ark', status: 503, times: 1 }]);
      const outage = [await status(), await status()];
      await mock.setOutages([{ api: 'ark', operation: 'listTasks', networkError: true }]);
      const offline = await status();
      await mock.reset();
      return [...outage, offline, await status()];
    });
    expect(seen).toEqual([503, 200, 'network error', 200]);
    await page.close();
  });
});
