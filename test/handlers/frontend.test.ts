import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandlers, demoMock } from '../../src/entries/handlers.js';
import { useScenario } from '../../src/entries/scenarios.js';
import { controlResponse } from '../../src/handlers/control.js';
import type {
  ArkTaskPage,
  EverrunsTaskList,
  JsonRpcListTasksResponse,
  PraxisBackgroundTaskList,
} from '../../src/types/index.js';

const ARK = 'https://ark.cn-beijing.volces.com/api/v3';
const server = setupServer(...demoMock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await demoMock.reset();
  vi.useRealTimers();
});
afterAll(() => server.close());

const get = async <T>(url: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
};

describe('added tasks', () => {
  it('puts exactly the given tasks in a session, completed and valid, for every API', async () => {
    const ark = await demoMock.addTasks('ark', 'sesn-x', [
      { state: 'unknown' },
      { state: 'running', tool: { name: 'bash' } },
    ]);
    expect(ark.map((t) => t.state)).toEqual(['unknown', 'running']);
    const page = await get<ArkTaskPage>(`${ARK}/sessions/sesn-x/tasks`);
    // Newest first: the last partial was created last.
    expect(page.body.items.map((t) => [t.state, t.tool.name])).toEqual([
      ['running', 'bash'],
      ['unknown', ark[0]!.tool.name],
    ]);
    await demoMock.addTasks('everruns', 'sess-1', [{ state: 'awaiting_input' }]);
    expect(
      (await get<EverrunsTaskList>('https://app.everruns.com/api/v1/sessions/sess-1/tasks')).body.map((t) => t.state),
    ).toEqual(['awaiting_input']);
    await demoMock.addTasks('jsonrpc', 'conv-1', [{ status: 'paused' }, { status: 'working' }]);
    expect(
      (await get<JsonRpcListTasksResponse>('https://jsonrpc.invalid/tasks?session_id=conv-1')).body.result!.map(
        (t) => t.status,
      ),
    ).toEqual(['working', 'paused']);
    await demoMock.addTasks('praxis', 'sesn_added', [{ status: 'lost', kind: 'subagent' }]);
    const praxis = await get<PraxisBackgroundTaskList>(
      'https://api.praxis.invalid/agent/v1/sessions/sesn_added/background_tasks',
    );
    expect(praxis.body.data.map((t) => [t.status, t.kind])).toEqual([['lost', 'subagent']]);
  });

  it('adding tasks again replaces the session; reset removes it', async () => {
    await demoMock.addTasks('ark', 'sesn-x', [{ state: 'queued' }, { state: 'queued' }]);
    await demoMock.addTasks('ark', 'sesn-x', [{ state: 'failed' }]);
    expect((await get<ArkTaskPage>(`${ARK}/sessions/sesn-x/tasks`)).body.items.map((t) => t.state)).toEqual(['failed']);
    await demoMock.reset();
    expect((await get<unknown>(`${ARK}/sessions/sesn-x/tasks`)).status).toBe(404);
  });

  it('an invalid partial fails with the task, the field, the rule and the reason', async () => {
    // @ts-expect-error: not an Ark state
    await expect(demoMock.addTasks('ark', 'sesn-x', [{ state: 'done' }])).rejects.toThrow(
      /ark sesn-x tasks\[0\]\.state breaks ark\.schema: .*allowed values.*\(got "done"\)/,
    );
    // A rule, not the schema: a queued task has no started_at (002).
    await expect(
      demoMock.addTasks('ark', 'sesn-x', [{ state: 'running' }, { state: 'queued', started_at: 1_780_000_000_000 }]),
    ).rejects.toThrow(
      /tasks\[1\]\.started_at breaks ark\.started-at-absent-before-start: started_at is returned for a queued task/,
    );
    await expect(
      demoMock.addTasks('ark', 'sesn-x', [{ task_id: 'task-twice' }, { task_id: 'task-twice' }]),
    ).rejects.toThrow(/task task-twice is given twice/);
    await expect(demoMock.addTasks('ark', 'sesn-x', [{ task_id: 'twice' }])).rejects.toThrow(
      /tasks\[0\]\.task_id breaks ark\.schema: .*must match pattern "\^task-"/,
    );
  });

  it('POST /__mock/tasks does the same over the control API', async () => {
    const app = await demoMock.app();
    const ok = await controlResponse(app, 'POST', '/tasks', {
      api: 'everruns',
      session: 'sess-2',
      tasks: [{ state: 'queued' }],
      seed: 3,
    });
    expect(ok.status).toBe(200);
    const bad = await controlResponse(app, 'POST', '/tasks', {
      api: 'everruns',
      session: 'sess-2',
      tasks: [{ state: 'paused' }],
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toMatch(/tasks\[0\]\.state breaks everruns\.schema/);
    expect((await controlResponse(app, 'POST', '/tasks', { api: 'nope' })).status).toBe(400);
    // In process the same refusal throws, with the same words.
    await expect(app.addTasks('everruns', 'sess-2', [{ state: 'paused' as 'queued' }])).rejects.toThrow(
      (bad.body as { error: string }).error,
    );
  });
});

describe('the virtual clock', () => {
  it('a time scenario plays in virtual seconds: frozen, then advanced', async () => {
    const mock = useScenario('ark-unknown-comes-back', {
      progression: 'time',
      stepMs: 30_000,
      baseUrl: { ark: 'https://clock.test/api/v3' },
    });
    server.use(...mock.handlers);
    await mock.clock.freeze(Date.parse('2026-11-30T09:00:00Z'));
    const states = async () =>
      (await get<ArkTaskPage>('https://clock.test/api/v3/sessions/sesn-demo/tasks')).body.items.map((t) => t.state);
    const first = await states();
    expect(await states()).toEqual(first);
    await mock.clock.advance(30_000);
    expect(await states()).not.toEqual(first);
  });

  it('follows vitest fake timers, latency included', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-30T09:00:00Z') });
    const mock = createHandlers({ baseUrl: { ark: 'https://slow.test/api/v3' }, latencyMs: 5_000 });
    server.use(...mock.handlers);
    let answered = false;
    const pending = fetch('https://slow.test/api/v3/sessions/sesn-demo/tasks').then((res) => {
      answered = true;
      return res.status;
    });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await pending).toBe(200);
    expect(mock.clock.now()).toBe(Date.parse('2026-11-30T09:00:05Z'));
  });

  it('a frozen clock holds latency until it is advanced; added and advanced tasks take the clock time', async () => {
    const mock = createHandlers({ baseUrl: { everruns: 'https://frozen.test/api' } });
    server.use(...mock.handlers);
    const at = Date.parse('2031-01-01T00:00:00Z');
    await mock.clock.freeze(at);
    const [task] = await mock.addTasks('everruns', 'sess-c', [{ state: 'running' }]);
    expect(Date.parse(task!.created_at)).toBeLessThan(at);
    expect(Date.parse(task!.created_at)).toBeGreaterThan(at - 5 * 60_000);
    await mock.clock.advance(60_000);
    await mock.advance();
    const after = (await get<EverrunsTaskList>('https://frozen.test/api/v1/sessions/sess-c/tasks')).body[0]!;
    expect(after.state).not.toBe('running');
    expect(Date.parse(after.updated_at)).toBe(at + 60_000);
    // A second: the 50 ms wait below is far shorter, and the test waits it out whole.
    (await mock.app()).latencyMs = 1_000;
    let answered = false;
    const pending = fetch('https://frozen.test/api/v1/sessions/sess-c/tasks').then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    await mock.clock.advance(1_000);
    await pending;
    expect(answered).toBe(true);
  });

  it('/__mock/clock freezes, advances, speeds up and goes back to real time; bad bodies say what is expected', async () => {
    const app = await demoMock.app();
    expect((await controlResponse(app, 'POST', '/clock', { freeze: '2030-05-01T00:00:00Z' })).status).toBe(200);
    expect(await app.clock.state()).toMatchObject({ mode: 'frozen', iso: '2030-05-01T00:00:00.000Z' });
    await controlResponse(app, 'POST', '/clock', { advanceMs: 1500 });
    expect((await app.clock.state()).iso).toBe('2030-05-01T00:00:01.500Z');
    await controlResponse(app, 'POST', '/clock', { speed: 10 });
    expect(await app.clock.state()).toMatchObject({ mode: 'scaled', speed: 10 });
    await controlResponse(app, 'POST', '/clock', { real: true });
    expect(Math.abs(app.clock.now() - Date.now())).toBeLessThan(1000);
    const bad = await controlResponse(app, 'POST', '/clock', { advanceMs: -1 });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toContain('advanceMs');
    expect((await controlResponse(app, 'GET', '/clock', undefined)).body).toMatchObject({ mode: 'real' });
  });
});

describe('scenarios immune to extra requests (React StrictMode)', () => {
  it('a manual scenario stays on its step however often it is asked, and moves on advance()', async () => {
    const mock = useScenario('praxis-result-pending-delivered', {
      progression: 'manual',
      baseUrl: { praxis: 'https://strict.test/agent' },
    });
    server.use(...mock.handlers);
    const url = 'https://strict.test/agent/v1/sessions/sesn_demo/background_tasks';
    const statuses = async () => (await get<PraxisBackgroundTaskList>(url)).body.data.map((t) => t.status);
    // StrictMode mounts twice: two polls at once, then the component's own polls.
    const [a, b] = await Promise.all([statuses(), statuses()]);
    expect(b).toEqual(a);
    expect(await statuses()).toEqual(a);
    await mock.advance();
    const next = await statuses();
    expect(next).not.toEqual(a);
    await mock.reset();
    expect(await statuses()).toEqual(a);
  });
});
