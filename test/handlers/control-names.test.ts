/**
 * One name per operation on every control surface: each name of CONTRIBUTING.md's "Control
 * surface" table is a method of its surface (or an endpoint the HTTP API answers).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, MockApp } from '../../src/apis/mock-functions.js';
import { connectMock, type MockControl } from '../../src/node/control.js';
import { type RunningServer, startServer } from '../../src/node/server.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';

const SURFACES = ['MockApp', 'MockHandlers', 'MockControl'] as const;
type Surface = (typeof SURFACES)[number];

/** The table's rows: each cell's code spans. */
function controlTable(): { operation: string; cells: Record<string, string[]> }[] {
  const text = readFileSync(new URL('../../CONTRIBUTING.md', import.meta.url), 'utf8');
  const section = text.split('\n## Control surface\n')[1]?.split('\n## ')[0];
  if (!section) throw new Error('CONTRIBUTING.md has no "## Control surface" section');
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  const header = rows[0]!
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim().replace(/`/g, ''));
  return rows.slice(2).map((row) => {
    const cells = row.split('|').slice(1, -1);
    return {
      operation: cells[0]!.trim(),
      cells: Object.fromEntries(
        header.map((name, i) => [name, [...(cells[i] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!)]),
      ),
    };
  });
}

/** The property a code span names: `clock.freeze(at)` → ['clock', 'freeze']. */
function methodPath(span: string): string[] | undefined {
  return /^([\w.]+)\(/.exec(span)?.[1]?.split('.');
}

function isMethodOf(target: object, path: readonly string[]): boolean {
  let value: unknown = target;
  for (const key of path) value = value !== null && typeof value === 'object' ? Reflect.get(value, key) : undefined;
  return typeof value === 'function';
}

const table = controlTable();
let app: MockApp;
let server: RunningServer;
let control: MockControl;
const handlers = createHandlers({ scenarios: scenarioLoader });

beforeAll(async () => {
  app = await MockApp.create({ scenarios: scenarioLoader });
  server = await startServer(app, { host: '127.0.0.1', port: 0 });
  control = await connectMock(server.url);
});
afterAll(() => server.close());

const surface = (name: Surface): object => ({ MockApp: app, MockHandlers: handlers, MockControl: control })[name];

describe('the control surface table', () => {
  it('has a row per operation, each with a name on MockApp', () => {
    expect(table.length).toBeGreaterThanOrEqual(10);
    for (const row of table) expect(row.cells.MockApp?.length, row.operation).toBeGreaterThan(0);
  });

  it('names a method of each surface in its column', () => {
    const missing: string[] = [];
    for (const row of table) {
      for (const name of SURFACES)
        for (const span of row.cells[name] ?? []) {
          const path = methodPath(span);
          if (!path || !isMethodOf(surface(name), path)) missing.push(`${row.operation}: ${name} ${span}`);
        }
    }
    expect(missing).toEqual([]);
  });

  it('names endpoints the HTTP API answers', async () => {
    const unknown: string[] = [];
    const fresh = await MockApp.create();
    for (const row of table)
      for (const span of row.cells.HTTP ?? []) {
        const endpoint = /^(GET|POST) \/__mock(\/\w+)$/.exec(span);
        if (!endpoint) continue;
        // An empty body may be refused (400); an endpoint that is not there is a 404 or 405.
        const { status } = await fresh.controlResponse(endpoint[1]!, endpoint[2]!, {});
        if (status === 404 || status === 405) unknown.push(`${row.operation}: ${span} answered ${status}`);
      }
    expect(unknown).toEqual([]);
  });
});

describe('the surfaces agree', () => {
  it('MockHandlers.state() and reseed() are the app’s', async () => {
    handlers.clock.freeze(Date.parse('2030-01-01T00:00:00Z'));
    await handlers.reseed(7);
    expect((await handlers.state()).seed).toBe(7);
    expect(await handlers.state()).toEqual((await handlers.app()).state());
    await handlers.reset();
    expect((await handlers.state()).seed).not.toBe(7);
  });

  it('MockControl reads the sessions, the library and the injectable faults the HTTP API lists', async () => {
    expect(await control.sessions()).toEqual(app.sessions());
    expect(await control.scenarioNames()).toEqual(await app.scenarioNames());
    expect(await control.injectableFaults()).toEqual(app.injectableFaults());
    expect((await control.scenarioNames()).length).toBeGreaterThan(0);
  });
});
