/** `mock --tasks N`: a big demo session that still conforms, answered from the indexes. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { DEMO } from '../../src/apis/mocks.js';
import { operationsOf } from '../../src/contract/index.js';
import { componentOf, fieldValue, idOf, itemsOf, taskOperation } from '../../src/contract/operations.js';
import type { ApiName } from '../../src/contract/registry.js';
import { checkItem } from '../../src/contract/rules/index.js';
import type { JsonObject } from '../../src/contract/rules/types.js';
import { validateComponent } from '../../src/contract/validate.js';
import { runConformance } from '../../src/entries/conformance.js';
import { judgeResponse } from '../../src/entries/matchers.js';
import { mockOf } from '../../src/handlers/apis.js';
import type { MockApp } from '../../src/handlers/app.js';
import { BUILTIN } from '../helpers/apis.js';
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
    for (const api of BUILTIN_API_NAMES) {
      const op = operationsOf(api, BUILTIN).find((o) => o.target === 'task')!;
      const states = new Set(
        mock.app.store
          .tasks(
            api,
            {
              praxis: 'sesn_demo',
              everruns: 'demo',
              ark: 'sesn-demo',
              jsonrpc: 'demo',
              langgraph: DEMO.langgraph.session,
              a2a: 'ctx-demo',
              mcp: DEMO.mcp.session,
            }[api],
          )
          .map((r) => String(fieldValue(r.item, op.stateField!))),
      );
      expect([...states].sort()).toEqual([...op.lifecycle!.states].sort());
    }
  });

  it('the big sessions conform (paging deep into them, filters, cursors)', async () => {
    for (const [api, session] of [
      ['ark', 'sesn-demo'],
      ['jsonrpc', 'demo'],
    ] as const) {
      const result = await runConformance({ api, baseUrl: mock.base(api), session, seed: 4, runs: 30, polls: 1 });
      expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
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

  it('mock --tasks ark=1000000 serves a million-task session, its newest task first, and says how many (a2a=N too)', async () => {
    let out = '';
    let stop!: () => void;
    const stopSignal = new Promise<void>((resolve) => (stop = resolve));
    const { runCli } = await import('../../src/cli/main.js');
    const running = runCli(
      ['mock', '--port', '0', '--tasks', 'ark=1000000', '--tasks', 'jsonrpc=1234', '--tasks', 'a2a=75'],
      {
        stdout: (t) => (out += t),
        stderr: () => undefined,
        stopSignal,
      },
    );
    try {
      for (let i = 0; i < 400 && !out.includes('listening'); i++) await new Promise((r) => setTimeout(r, 50));
      const base = /listening (http:\/\/\S+)/.exec(out)![1]!;
      // An API whose name has a digit is named like any other (`a2a=75` was once refused as no API).
      expect(out).toMatch(/\n {2}tasks +ark 1,000,000, jsonrpc 1,234, a2a 75 in the demo session\n/);
      const page = (await (await fetch(`${base}/ark/sessions/sesn-demo/tasks?limit=2`)).json()) as {
        items: { task_id: string }[];
      };
      expect(page.items.map((t) => t.task_id)).toEqual(['task-demo999999', 'task-demo999998']);
      const state = (await (await fetch(`${base}/__mock/state`)).json()) as { tasks: Record<string, number> };
      expect(state.tasks.ark).toBe(1_000_000);
      expect(state.tasks.jsonrpc).toBe(1_234);
      expect(state.tasks.a2a).toBe(75);
      const sessions = (await (await fetch(`${base}/__mock/sessions`)).json()) as Record<string, unknown[]>;
      expect(sessions.ark).toContainEqual({ session: 'sesn-demo', tasks: 1_000_000 });
    } finally {
      stop();
      await running;
    }
  });

  it('bad --tasks values are refused with the accepted forms', async () => {
    for (const bad of ['lots', 'nope=5', '-3', 'ark=99999999999']) {
      const { code, err } = await cli('mock', '--port', '0', `--tasks=${bad}`);
      expect(code).toBe(2);
      expect(err).toMatch(/--tasks takes a count .* or API=COUNT/);
    }
  });
});

describe('the response cache', () => {
  it('keeps a page whose URL comes back soon (a client polling), not one asked once', async () => {
    const { MockApp } = await import('../../src/apis/mock-functions.js');
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

describe('a grown session is valid however deep it is read', () => {
  // Grown tasks are stored without checking each again (their shape is proven here): every item
  // of pages sampled through two sessions of 20,000 is checked against the strict contract.
  const SIZE = 20_000;
  const PAGES = 50;
  const LIMIT = 100;
  let app: MockApp;
  beforeAll(async () => {
    const { MockApp } = await import('../../src/apis/mock-functions.js');
    app = await MockApp.create({ sessionTasks: { ark: SIZE, jsonrpc: SIZE, everruns: 2_000, praxis: 2_000 } });
  }, 120_000);

  /** Every broken schema keyword or item rule of one listed task. */
  const problems = (api: ApiName, item: JsonObject) =>
    [
      ...validateComponent(api, componentOf(api, 'task', BUILTIN), item, 'strict', BUILTIN),
      ...checkItem(api, 'task', item, undefined, BUILTIN),
    ].map((v) => `${api} ${String(idOf(taskOperation(api, BUILTIN), item))}: ${v.law} ${v.message}`);

  /** The page a GET answers, as sent (its JSON text), judged by the page laws too. */
  const page = async (api: ApiName, operationId: string, path: string, query: string) => {
    const response = app.respond(api, { method: 'GET', path, query: new URLSearchParams(query) });
    expect(response.status, `${api} ${path}?${query}`).toBe(200);
    const body = JSON.parse(response.raw ?? JSON.stringify(response.body)) as JsonObject;
    const url = `http://mock.test/${api}${path}?${query}`;
    const laws = await judgeResponse(api, operationId as never, { status: 200, body, url });
    expect(laws.map((v) => `${url}: ${v.law} ${v.message}`)).toEqual([]);
    return body;
  };

  it(`every item of ${PAGES} pages sampled through Ark and JSON-RPC sessions of ${SIZE.toLocaleString('en-US')}`, async () => {
    const bad: string[] = [];
    let checked = 0;
    for (const [api, session] of [
      ['ark', 'sesn-demo'],
      ['jsonrpc', 'demo'],
    ] as const) {
      const all = app.store.tasks(api, session);
      expect(all).toHaveLength(SIZE);
      for (let k = 0; k < PAGES; k++) {
        // Pages start at evenly spread depths, each one task deeper than a round spacing would, so
        // together they cover every position of the demo shapes' periods (the tasks repeat the demo's).
        const pivot = all[Math.floor((k * (SIZE - LIMIT - 1)) / (PAGES - 1)) + (k % 7)]!;
        const body =
          api === 'ark'
            ? await page(api, 'listTasks', `/sessions/${session}/tasks`, `limit=${LIMIT}&cursor=${pivot.seq}`)
            : await page(
                api,
                'listTasks',
                '/tasks',
                `session_id=${session}&limit=${LIMIT}&starting_after=${pivot.item.id}`,
              );
        const items = itemsOf(taskOperation(api, BUILTIN), body) as JsonObject[];
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) bad.push(...problems(api, item));
        checked += items.length;
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(2 * PAGES * (LIMIT - 1));
  }, 120_000);

  it('every item of the grown whole lists (Everruns, Praxis background tasks)', async () => {
    for (const [api, path] of [
      ['everruns', '/v1/sessions/demo/tasks'],
      ['praxis', '/v1/sessions/sesn_demo/background_tasks'],
    ] as const) {
      const body = await page(api, taskOperation(api, BUILTIN).operationId, path, '');
      const items = itemsOf(taskOperation(api, BUILTIN), body) as JsonObject[];
      expect(items).toHaveLength(2_000);
      expect(items.flatMap((item) => problems(api, item)).slice(0, 10)).toEqual([]);
    }
  }, 120_000);

  it('a grown task is the same whichever tasks were read before it (each is built on its first read)', async () => {
    const { MockApp } = await import('../../src/apis/mock-functions.js');
    const other = await MockApp.create({ sessionTasks: { ark: SIZE, jsonrpc: SIZE, everruns: 2_000, praxis: 2_000 } });
    for (const api of BUILTIN_API_NAMES) {
      const session = mockOf(api, BUILTIN).demo!.session;
      const inOrder = app.store.tasks(api, session).reverse();
      const entries = other.store.tasks(api, session);
      // A stride coprime with the count visits every task once, far from creation order.
      const stride = 7919;
      expect(entries.length % stride).not.toBe(0);
      const shuffled: string[] = [];
      for (let j = 0, at = 0; j < entries.length; j++, at = (at + stride) % entries.length)
        shuffled[entries.length - 1 - at] = JSON.stringify(entries[at]!.item);
      expect(shuffled.length).toBe(inOrder.length);
      const differ = inOrder.findIndex((entry, k) => JSON.stringify(entry.item) !== shuffled[k]);
      expect(differ, `${api} task ${differ}`).toBe(-1);
    }
  }, 120_000);

  it('ids are unique and creation times follow creation order in every grown session', () => {
    for (const api of BUILTIN_API_NAMES) {
      const op = taskOperation(api, BUILTIN);
      const session = mockOf(api, BUILTIN).demo!.session;
      const oldestFirst = app.store.tasks(api, session).reverse();
      expect(new Set(oldestFirst.map((r) => String(idOf(op, r.item)))).size).toBe(oldestFirst.length);
      // The first time field is the creation (or, for Praxis background tasks, the start).
      const created = oldestFirst.map((r) => op.readTime(fieldValue(r.item, op.createdField ?? op.timeFields[0]!)));
      expect(
        created.every((ms, i) => i === 0 || ms >= created[i - 1]!),
        api,
      ).toBe(true);
    }
  });
});

describe('the task index', () => {
  it('refuses a taken id and keeps the task that holds it', async () => {
    const { MockStore } = await import('../../src/handlers/store.js');
    const { DEFAULT_DEMO } = await import('../../src/handlers/generated/demo-data.js');
    const store = new MockStore(BUILTIN);
    const [first, second] = DEFAULT_DEMO.tasks.ark as JsonObject[];
    await store.addTask('ark', 'sesn-a', first!, true);
    await expect(store.addTask('ark', 'sesn-b', { ...second!, task_id: first!.task_id }, true)).rejects.toThrow(
      `ark task ${String(first!.task_id)} already exists; task ids are unique`,
    );
    expect(store.task('ark', String(first!.task_id))?.session).toBe('sesn-a');
    expect(store.taskCount('ark')).toBe(1);
  });
});

describe('tasks numbered in a row', () => {
  it('are built on first read, found by id without an entry each, and still refuse a taken id', async () => {
    const { MockStore } = await import('../../src/handlers/store.js');
    const { DEFAULT_DEMO } = await import('../../src/handlers/generated/demo-data.js');
    const [task] = DEFAULT_DEMO.tasks.ark as JsonObject[];
    const store = new MockStore(BUILTIN);
    const built: number[] = [];
    const states = ['completed', 'running'];
    const stateAt = (k: number) => states[k % 2]!;
    store.addBuiltTasks(
      'ark',
      'sesn-a',
      5,
      (k) => {
        built.push(k);
        return { ...task!, task_id: `task-r${7 + k}`, state: stateAt(k) };
      },
      states,
    );
    // Only the first is built to grow (its id's number starts the row); state pages build only what they list.
    expect(built).toEqual([0]);
    expect(store.page('ark', { session: 'sesn-a', states: ['running'], limit: 1 }).entries.map((e) => e.seq)).toEqual([
      4,
    ]);
    expect(built).toEqual([0]);
    for (const k of [0, 1, 2, 3, 4]) expect(store.task('ark', `task-r${7 + k}`)?.item.state).toBe(stateAt(k));
    for (const id of ['task-r12', 'task-r6', 'task-q7', 'task-r07', 'task-r'])
      expect(store.task('ark', id)).toBeUndefined();
    await expect(store.addTask('ark', 'sesn-b', { ...task!, task_id: 'task-r8' }, true)).rejects.toThrow(
      'ark task task-r8 already exists',
    );
    await store.addTask('ark', 'sesn-b', { ...task!, task_id: 'task-r12' }, true);
    // A run that would take an id already there (task-r12 above, or task-r9 of the first run) adds nothing.
    for (const from of [10, 12])
      expect(() =>
        store.addBuiltTasks('ark', 'sesn-c', 3, (k) => ({ ...task!, task_id: `task-r${from + k}`, state: 'running' }), [
          'running',
        ]),
      ).toThrow(`already exists; task ids are unique`);
    expect(store.taskCount('ark')).toBe(6);
    store.removeTasks('ark', 'sesn-a');
    expect(store.task('ark', 'task-r8')).toBeUndefined();
    expect(store.task('ark', 'task-r12')?.session).toBe('sesn-b');
  });

  it('refuses a built task whose id or state is not the one it was indexed by, saying which', async () => {
    const { MockStore } = await import('../../src/handlers/store.js');
    const { DEFAULT_DEMO } = await import('../../src/handlers/generated/demo-data.js');
    const [task] = DEFAULT_DEMO.tasks.ark as JsonObject[];
    const store = new MockStore(BUILTIN);
    const ids = ['task-r7', 'task-r8', 'task-r20'];
    const states = ['running', 'failed', 'running'];
    store.addBuiltTasks('ark', 'sesn-a', 3, (k) => ({ ...task!, task_id: ids[k], state: states[k] }), ['running']);
    expect(() => store.task('ark', 'task-r8')?.item).toThrow(
      'ark task 1 of grown session sesn-a was built as task-r8 (failed) but indexed as number 8 (running)',
    );
    expect(() => store.page('ark', { session: 'sesn-a', limit: 1 }).entries[0]!.item).toThrow(
      'was built as task-r20 (running) but indexed as number 9 (running)',
    );
    expect(() => store.addBuiltTasks('ark', 'sesn-b', 2, () => ({ ...task!, task_id: 'task-x' }), ['running'])).toThrow(
      'ark task task-x starts a grown session, so its id must end in a number',
    );
  });
});
