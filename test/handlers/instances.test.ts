import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { MockApp } from '../../src/apis/mock-functions.js';
import { fieldValue, setField, taskOperation } from '../../src/contract/operations.js';
import type { JsonObject } from '../../src/contract/rules/types.js';
import { controlResponse } from '../../src/handlers/control.js';
import { BUILTIN } from '../helpers/apis.js';

const listArk = (app: MockApp, session: string) =>
  app.respond('ark', { method: 'GET', path: `/sessions/${session}/tasks`, query: new URLSearchParams('limit=5') });

describe('two mocks in one test run share no state', () => {
  it('each answers from its own data, request ids and faults, with requests interleaved', async () => {
    const [a, b] = await Promise.all([
      MockApp.create({ seed: 1 }),
      MockApp.create({ seed: 2, faults: ['ark.limit-respected'] }),
    ]);
    const sessionA = a.store.sessionsOf('ark')[0]!;
    const sessionB = b.store.sessionsOf('ark')[0]!;
    const idField = taskOperation('ark', BUILTIN).idField;
    const idsOf = (body: unknown) => (body as { items: JsonObject[] }).items.map((t) => String(fieldValue(t, idField)));
    for (let round = 0; round < 3; round++) {
      const fromA = listArk(a, sessionA);
      const fromB = listArk(b, sessionB);
      expect(idsOf(fromA.body)).toHaveLength(5);
      // The fault asked of b only: one more item than the limit.
      expect(idsOf(fromB.body)).toHaveLength(6);
      expect(JSON.stringify(fromA.body)).toBe(JSON.stringify(listArk(a, sessionA).body));
      expect((fromA.body as { items: unknown[] }).items).not.toEqual(
        (fromB.body as { items: unknown[] }).items.slice(0, 5),
      );
    }
    // Anthropic request ids count each mock's own requests.
    const missing = (app: MockApp) =>
      app.respond('praxis', {
        method: 'GET',
        path: '/v1/sessions/sesn_nope/background_tasks',
        query: new URLSearchParams(),
      });
    expect((missing(a).body as { request_id: string }).request_id).toBe('req_mock00000007');
    expect((missing(a).body as { request_id: string }).request_id).toBe('req_mock00000008');
    expect((missing(b).body as { request_id: string }).request_id).toBe('req_mock00000004');
  });

  it('records checked by one store are checked again by another (no shared marks)', async () => {
    const [a, b] = await Promise.all([MockApp.create({ seed: 3 }), MockApp.create({ seed: 3 })]);
    for (const api of BUILTIN_API_NAMES) expect(a.store.taskCount(api)).toBe(b.store.taskCount(api));
    const session = a.store.sessionsOf('everruns')[0]!;
    const task = a.store.tasks('everruns', session)[0]!.item;
    // The same session and seq in b, but an item that breaks the contract: b must refuse it.
    const withId = (item: typeof task, id: number) => {
      const changed = structuredClone(item);
      setField(changed, taskOperation('everruns', BUILTIN).idField, id);
      return changed;
    };
    await expect(b.store.addTask('everruns', session, withId(task, 12))).rejects.toThrow(/breaks the contract/);
  });
});

describe('scenario support is plugged in, not built into the mock', () => {
  it('a mock created without a loader says how to get one; a loader plugged in plays by name', async () => {
    const bare = await MockApp.create();
    const refused = await controlResponse(bare, 'POST', '/scenario', { name: 'ark-unknown-comes-back' });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toMatch(/without scenario support.*startServer.*useScenario/);
    const { scenarioLoader } = await import('../../src/scenarios/index.js');
    const plugged = await MockApp.create({ scenarios: scenarioLoader });
    await plugged.playScenario('ark-unknown-comes-back');
    expect((await plugged.state()).scenario).toMatchObject({ name: 'ark-unknown-comes-back', api: 'ark' });
    const wrong = await controlResponse(plugged, 'POST', '/scenario', { nam: 'x' });
    expect((wrong.body as { library: string[] }).library).toContain('ark-unknown-comes-back');
  });
});

describe('added tasks and the clock on the standalone server', () => {
  it('POST /__mock/tasks and /__mock/clock over HTTP', async () => {
    const { startMock } = await import('../helpers/mock-server.js');
    const mock = await startMock();
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${mock.server.url}/__mock${path}`, { method: 'POST', body: JSON.stringify(body) });
      expect((await post('/clock', { freeze: '2030-01-01T00:00:00Z' })).status).toBe(200);
      const added = await post('/tasks', {
        api: 'ark',
        session: 'sesn-http',
        tasks: [{ state: 'unknown' }, { state: 'running' }],
      });
      expect(added.status).toBe(200);
      const page = (await (await fetch(`${mock.base('ark')}/sessions/sesn-http/tasks`)).json()) as {
        items: { state: string; created_at: number }[];
      };
      expect(page.items.map((t) => t.state)).toEqual(['running', 'unknown']);
      // Added tasks were created just before the clock's now.
      expect(page.items[0]!.created_at).toBeLessThan(Date.UTC(2030, 0, 1));
      expect(page.items[0]!.created_at).toBeGreaterThan(Date.UTC(2030, 0, 1) - 5 * 60_000);
      const bad = await post('/tasks', { api: 'ark', session: 'sesn-http', tasks: [{ state: 'done' }] });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain('tasks[0].state breaks ark.schema');
      expect(((await (await fetch(`${mock.server.url}/__mock/clock`)).json()) as { iso: string }).iso).toBe(
        '2030-01-01T00:00:00.000Z',
      );
    } finally {
      await mock.server.close();
    }
  });
});
