import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../../src/apis/mocks.js';
import { validateResponseBody } from '../../src/contract/index.js';
import { demoMock } from '../../src/entries/handlers.js';
import { api, apiError, delay, networkError, pages } from '../../src/entries/overrides.js';
import type {
  ArkTaskPage,
  JsonRpcListTasksResponse,
  McpListTasksResult,
  PraxisSessionList,
} from '../../src/types/index.js';
import { BUILTIN } from '../helpers/apis.js';

const ARK = 'https://ark.cn-beijing.volces.com/api/v3';
const server = setupServer(...demoMock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

describe('typed per-test overrides', () => {
  it('override one operation in one test; the mock answers again after resetHandlers', async () => {
    server.use(
      api.ark.get('/sessions/{session_id}/tasks', ({ request, response }) =>
        response(200).json(pages.ark([{ state: 'unknown' }], request)),
      ),
    );
    const overridden = (await (await fetch(`${ARK}/sessions/sesn-demo/tasks`)).json()) as ArkTaskPage;
    expect(overridden.items.map((t) => t.state)).toEqual(['unknown']);
    expect(validateResponseBody('ark', 'listTasks', 200, overridden, undefined, BUILTIN)).toEqual([]);
    server.resetHandlers();
    expect(
      ((await (await fetch(`${ARK}/sessions/sesn-demo/tasks`)).json()) as ArkTaskPage).items.length,
    ).toBeGreaterThan(1);
  });

  it('a page of given tasks has a cursor that walks them all (Ark, JSON-RPC, Praxis sessions)', async () => {
    const tasks = [
      { state: 'running' as const },
      { state: 'queued' as const },
      { state: 'failed' as const },
      { state: 'succeeded' as const },
      { state: 'unknown' as const },
    ];
    server.use(
      api.ark.get('/sessions/{session_id}/tasks', ({ request, response }) =>
        response(200).json(pages.ark(tasks, request)),
      ),
    );
    const seen: string[] = [];
    let cursor: number | undefined;
    for (let n = 0; n < 10; n++) {
      const page = (await (
        await fetch(`${ARK}/sessions/sesn-demo/tasks?limit=2${cursor === undefined ? '' : `&cursor=${cursor}`}`)
      ).json()) as ArkTaskPage;
      seen.push(...page.items.map((t) => t.state));
      if (page.next_cursor === undefined) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(tasks.map((t) => t.state));

    server.use(
      api.jsonrpc.get('/tasks', ({ request, response }) =>
        response(200).json(pages.jsonrpc([{ id: 'a' }, { id: 'b' }, { id: 'c' }], request)),
      ),
    );
    const first = (await (await fetch('https://jsonrpc.invalid/tasks?limit=2')).json()) as JsonRpcListTasksResponse;
    const second = (await (
      await fetch('https://jsonrpc.invalid/tasks?limit=2&starting_after=b')
    ).json()) as JsonRpcListTasksResponse;
    expect([...first.result!, ...second.result!].map((t) => t.id)).toEqual(['a', 'b', 'c']);
    const back = (await (
      await fetch('https://jsonrpc.invalid/tasks?limit=2&ending_before=c')
    ).json()) as JsonRpcListTasksResponse;
    expect(back.result!.map((t) => t.id)).toEqual(['a', 'b']);
    const nowhere = (await (
      await fetch('https://jsonrpc.invalid/tasks?starting_after=zzz')
    ).json()) as JsonRpcListTasksResponse;
    expect(nowhere.result).toEqual([]);

    const demo = (
      (await (await fetch('https://api.praxis.invalid/agent/v1/sessions?limit=3')).json()) as PraxisSessionList
    ).data;
    server.use(
      api.praxis.get('/v1/sessions', ({ request, response }) =>
        response(200).json(pages.praxisSessions(demo, request)),
      ),
    );
    const one = (await (
      await fetch('https://api.praxis.invalid/agent/v1/sessions?limit=2')
    ).json()) as PraxisSessionList;
    const two = (await (
      await fetch(`https://api.praxis.invalid/agent/v1/sessions?limit=2&page=${one.next_page}`)
    ).json()) as PraxisSessionList;
    expect([...one.data, ...two.data].map((s) => s.id)).toEqual(demo.map((s) => s.id));
    expect(two.next_page).toBeNull();
  });

  it('MCP: a tasks/list result of given tasks (pages.mcp), in the JSON-RPC response the override writes', async () => {
    const statuses = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
    const tasks = Array.from({ length: 12 }, (_, i) => ({ status: statuses[i % statuses.length]! }));
    server.use(
      api.mcp.post('/mcp', async ({ request, response }) => {
        const call = (await request.clone().json()) as { id: number; method: string; params?: { cursor?: string } };
        // The handshake and the rest are the mock's.
        if (call.method !== 'tasks/list') return undefined;
        const result = pages.mcp(tasks, call.params);
        const error = { code: -32602, message: 'Invalid params: no such cursor' };
        return response.untyped(Response.json({ jsonrpc: '2.0', id: call.id, ...(result ? { result } : { error }) }));
      }),
    );
    const list = async (params: object) =>
      (await (
        await fetch('http://localhost:3000/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'mcp-session-id': DEMO.mcp.session },
          body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tasks/list', params }),
        })
      ).json()) as { result?: McpListTasksResult; error?: { code: number } };
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 5; n++) {
      const { result } = await list(cursor === undefined ? {} : { cursor });
      seen.push(...result!.tasks.map((task) => task.status));
      expect(validateResponseBody('mcp', 'tasksList', 200, result, undefined, BUILTIN)).toEqual([]);
      cursor = result!.nextCursor;
      if (cursor === undefined) break;
    }
    expect(seen).toEqual(tasks.map((task) => task.status));
    expect((await list({ cursor: 'no-such-task' })).error?.code).toBe(-32602);
  });

  it("each API's own error body, a network error and a delay", async () => {
    server.use(api.praxis.get('/v1/sessions/{session_id}/background_tasks', () => apiError('praxis', 404)));
    const res = await fetch('https://api.praxis.invalid/agent/v1/sessions/sesn_demo/background_tasks');
    expect(res.status).toBe(404);
    expect(validateResponseBody('praxis', 'listBackgroundTasks', 404, await res.json(), undefined, BUILTIN)).toEqual(
      [],
    );
    server.use(api.jsonrpc.get('/tasks', () => apiError('jsonrpc', 422)));
    const unprocessable = await fetch('https://jsonrpc.invalid/tasks');
    expect(validateResponseBody('jsonrpc', 'listTasks', 422, await unprocessable.json(), undefined, BUILTIN)).toEqual(
      [],
    );
    server.use(api.everruns.get('/v1/sessions/{session_id}/tasks', () => networkError()));
    await expect(fetch('https://app.everruns.com/api/v1/sessions/demo/tasks')).rejects.toThrow(TypeError);

    vi.useFakeTimers();
    server.use(
      api.ark.get('/sessions/{session_id}/tasks', async ({ request, response }) => {
        await delay(2_000);
        return response(200).json(pages.ark([{ state: 'running' }], request));
      }),
    );
    let done = false;
    const pending = fetch(`${ARK}/sessions/sesn-demo/tasks`).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(done).toBe(true);
  });

  it('a partial that cannot be valid fails the override with the field and the rule', () => {
    expect(() => pages.ark([{ state: 'queued', started_at: 1_780_000_000_000 }], 'https://x.invalid/')).toThrow(
      /tasks\[0\]\.started_at breaks ark\.started-at-absent-before-start/,
    );
  });
});
