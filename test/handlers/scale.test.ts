/** `mock --tasks N`: a big demo session that still conforms, answered from the indexes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/index.js';
import { BUILTIN_FACES } from '../../src/contract/faces.js';
import { operationsOf } from '../../src/contract/index.js';
import { cli } from '../helpers/cli.js';
import { startMock } from '../helpers/mock-server.js';

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ sessionTasks: { ark: 2_000, jsonrpc: 2_000, everruns: 300, praxis: 300 } });
});
afterAll(async () => {
  await mock.server.close();
});

describe('mock --tasks', () => {
  it('fills each named demo session with that many tasks, every documented state present', async () => {
    expect(mock.app.store.taskCount('ark')).toBe(2_000);
    expect(mock.app.store.taskCount('everruns')).toBe(300);
    for (const face of BUILTIN_FACES) {
      const op = operationsOf(face).find((o) => o.target === 'task')!;
      const states = new Set(
        mock.app.store
          .tasks(face, { praxis: 'sesn_demo', everruns: 'demo', ark: 'sesn-demo', jsonrpc: 'demo' }[face])
          .map((r) => String(r.item[op.stateField!])),
      );
      expect([...states].sort()).toEqual([...op.lifecycle!.states].sort());
    }
  });

  it('the big sessions conform (paging deep into them, filters, cursors)', async () => {
    for (const [face, session] of [
      ['ark', 'sesn-demo'],
      ['jsonrpc', 'demo'],
    ] as const) {
      const result = await runConformance({ face, baseUrl: mock.base(face), session, seed: 4, runs: 30, polls: 1 });
      expect(result.violations.map((v) => `${v.rule}: ${v.message}`)).toEqual([]);
    }
  });

  it('the index answers like a scan: every Ark page of a filtered walk, cursor by cursor', async () => {
    const all = mock.app.store.tasks('ark', 'sesn-demo', (t) => t.state === 'running' || t.state === 'unknown');
    const seen: string[] = [];
    let cursor: number | undefined;
    do {
      const res = await fetch(
        `${mock.base('ark')}/sessions/sesn-demo/tasks?state=running,unknown&limit=37${cursor !== undefined ? `&cursor=${cursor}` : ''}`,
      );
      const body = (await res.json()) as { items: { task_id: string }[]; next_cursor?: number };
      seen.push(...body.items.map((t) => t.task_id));
      cursor = body.next_cursor;
    } while (cursor !== undefined);
    expect(seen).toEqual(all.map((r) => String(r.item.task_id)));
  });

  it('bad --tasks values are refused with the accepted forms', async () => {
    for (const bad of ['lots', 'nope=5', '-3', 'ark=99999999999']) {
      const { code, err } = await cli('mock', '--port', '0', `--tasks=${bad}`);
      expect(code).toBe(2);
      expect(err).toMatch(/--tasks takes a count .* or FACE=COUNT/);
    }
  });
});

describe('the response cache', () => {
  it('keeps a page whose URL comes back soon (a client polling), not one asked once', async () => {
    const { MockApp } = await import('../../src/handlers/app.js');
    const app = await MockApp.create();
    const ask = (query: string) =>
      app.respond('ark', {
        method: 'GET',
        path: '/sessions/sesn-demo/tasks',
        query: new URLSearchParams(query),
        search: `?${query}`,
      });
    const once = ask('limit=7');
    expect(once.bytes).toBeUndefined();
    const second = ask('limit=5');
    expect(second.bytes).toBeUndefined();
    const again = ask('limit=5');
    expect(again.bytes).toBeInstanceOf(Uint8Array);
    expect(ask('limit=5')).toBe(again);
    expect(new TextDecoder().decode(again.bytes)).toBe(second.raw);
  });
});
