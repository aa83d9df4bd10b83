import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkItem } from '../../src/contract/index.js';
import { LIBRARY, useScenario } from '../../src/entries/scenarios.js';
import type { ScenarioPlayer } from '../../src/scenarios/player.js';
import { BUILTIN } from '../helpers/apis.js';

type Obj = Record<string, any>;
// Each scenario is served on its own host, so they can all be installed at once.
const baseFor = (name: string) => ({
  praxis: `https://${name}.test/agent`,
  everruns: `https://${name}.test/api`,
  ark: `https://${name}.test/api/v3`,
  jsonrpc: `https://${name}.test`,
  langgraph: `https://${name}.test/langgraph`,
  a2a: `https://${name}.test/a2a`,
  mcp: `https://${name}.test/mcp`,
});
const mocks = (Object.keys(LIBRARY) as (keyof typeof LIBRARY)[]).map((name) =>
  useScenario(name, { apiNames: [LIBRARY[name]!.api], baseUrl: baseFor(name) }),
);
let BASE = baseFor('none');
const server = setupServer(...mocks.flatMap((m) => m.handlers));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** One poll per call: each call is a new list call, so the scenario moves one step. */
async function poll(url: string): Promise<Obj> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as Obj;
}
const byId = (items: Obj[], key = 'id'): Obj => Object.fromEntries(items.map((i) => [i[key], i]));

async function polls(url: string, n: number, items: (body: Obj) => Obj[], key = 'id') {
  const out: Obj[] = [];
  for (let i = 0; i < n; i++) out.push(byId(items(await poll(url)), key));
  return out;
}

// Scenarios are played one at a time on their own base URLs; each test reads a fresh app.
async function fresh(name: string) {
  const mock = mocks[Object.keys(LIBRARY).indexOf(name)]!;
  await mock.reset();
  BASE = baseFor(name);
  praxisTasks = `${BASE.praxis}/v1/sessions/sesn_demo/background_tasks`;
  everruns = `${BASE.everruns}/v1/sessions/demo/tasks`;
  ark = `${BASE.ark}/sessions/sesn-demo/tasks`;
  rpc = `${BASE.jsonrpc}/tasks?session_id=demo`;
  runs = `${BASE.langgraph}/threads/0a1b2c3d-0000-4000-8000-00000000de00/runs`;
  mcp = `${BASE.mcp}/mcp`;
}

let praxisTasks = '';
let everruns = '';
let ark = '';
let rpc = '';
let runs = '';
let mcp = '';

/** One tasks/list call in the demo MCP session: its result, read from the event stream it comes in. */
async function listTasks(url: string): Promise<Obj> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': '6d637000-0000-4000-8000-00000000de00',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/list' }),
  });
  expect(res.status).toBe(200);
  return (JSON.parse(/^data: (.*)$/m.exec(await res.text())![1]!) as Obj).result as Obj;
}
const data = (b: Obj) => b.data as Obj[];

describe('the scenario library, replayed in Node with MSW', () => {
  it('praxis-subagent-lost', async () => {
    await fresh('praxis-subagent-lost');
    const [s0, s1, s2, s3] = await polls(praxisTasks, 4, data);
    expect([s0!.bgt_research.status, s0!.bgt_build.status]).toEqual(['running', 'running']);
    expect(s0!.bgt_research.thread_id).toBe('thread_research');
    expect(s1!.bgt_build).toMatchObject({ status: 'completed', cancellable: false });
    expect(typeof s1!.bgt_build.ended_at).toBe('string');
    expect(s1!.bgt_research.status).toBe('running');
    // Lost is not an end: its end is not known, so it has none (a lost task may be found again).
    expect(s2!.bgt_research).toMatchObject({ status: 'lost', cancellable: false, ended_at: null });
    expect(s3).toEqual(s2); // past the last step the state stays
  });

  it('praxis-result-pending-delivered', async () => {
    await fresh('praxis-result-pending-delivered');
    const steps = await polls(praxisTasks, 3, data);
    expect(steps.map((s) => s.bgt_tests.status)).toEqual(['running', 'result_pending', 'completed']);
    expect(steps[1]!.bgt_tests.ended_at).not.toBeNull();
    expect(steps[2]!.bgt_tests.notified_at).toBe('2026-11-29T09:05:00.000Z');
  });

  it('praxis-cancel-while-running', async () => {
    await fresh('praxis-cancel-while-running');
    const [before, after] = await polls(praxisTasks, 2, data);
    expect(before!.bgt_server).toMatchObject({ status: 'running', cancellable: true, ended_at: null });
    expect(after!.bgt_server).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(Date.parse(after!.bgt_server.ended_at)).toBeGreaterThanOrEqual(Date.parse(after!.bgt_server.started_at));
  });

  it('praxis-monitor-trigger-count', async () => {
    await fresh('praxis-monitor-trigger-count');
    const steps = await polls(praxisTasks, 4, data);
    expect(steps.map((s) => s.bgt_watch.trigger_count)).toEqual([null, 1, 3, 3]);
    expect(steps.map((s) => s.bgt_watch.status)).toEqual(['running', 'running', 'running', 'cancelled']);
  });

  it('praxis-session-list-archived: pages, archived sessions never listed', async () => {
    await fresh('praxis-session-list-archived');
    const walk = async () => {
      const ids: string[] = [];
      let page: string | null = null;
      let pages = 0;
      do {
        const body: Obj = await poll(
          `${BASE.praxis}/v1/sessions?limit=5${page ? `&page=${encodeURIComponent(page)}` : ''}`,
        );
        ids.push(...(body.data as Obj[]).map((s) => s.id as string));
        for (const s of body.data as Obj[]) expect(s.archived_at).toBeNull();
        page = body.next_page as string | null;
        pages++;
      } while (page);
      return { ids, pages };
    };
    const first = await walk();
    expect(first.ids).toHaveLength(12);
    expect(first.pages).toBe(3);
    expect(first.ids).not.toContain('sesn_old1');
    expect(first.ids[0]).toBe('sesn_list12');
    const second = await walk();
    expect(second.ids).toHaveLength(11);
    expect(second.ids).not.toContain('sesn_list03');
    const third = await walk();
    expect(third.ids[0]).toBe('sesn_fresh');
  });

  const array = (b: Obj) => b as unknown as Obj[];

  it('everruns-awaiting-input-answered', async () => {
    await fresh('everruns-awaiting-input-answered');
    const steps = await polls(everruns, 4, array);
    expect(steps.map((s) => s.task_plan.state)).toEqual(['running', 'awaiting_input', 'running', 'succeeded']);
    expect(steps[1]!.task_plan.input_request.prompt).toBe('Which database should I migrate first?');
    expect(steps[2]!.task_plan.input_request).toBeNull();
    expect(steps[3]!.task_plan.summary).toBe('Migrated orders then users.');
  });

  it('everruns-failure-kinds', async () => {
    await fresh('everruns-failure-kinds');
    const steps = await polls(everruns, 4, array);
    expect(steps[0]!.task_slow.state).toBe('running');
    expect([steps[1]!.task_slow.error.kind, steps[2]!.task_remote.error.kind, steps[3]!.task_child.error.kind]).toEqual(
      ['timeout', 'rejection', 'orphaned'],
    );
    expect(Object.values(steps[3]!).map((t) => t.state)).toEqual(['failed', 'failed', 'failed']);
  });

  it('everruns-cancel-requested', async () => {
    await fresh('everruns-cancel-requested');
    const steps = await polls(everruns, 3, array);
    expect(steps.map((s) => s.task_index.state)).toEqual(['running', 'running', 'canceled']);
    expect(steps.map((s) => s.task_index.cancel_requested_at)).toEqual([
      null,
      '2026-11-29T09:30:00.000Z',
      '2026-11-29T09:30:00.000Z',
    ]);
  });

  it('everruns-progress-steps', async () => {
    await fresh('everruns-progress-steps');
    const steps = await polls(everruns, 4, array);
    expect(steps.map((s) => s.task_release.progress.current)).toEqual([0, 1, 2, 3]);
    expect(steps[1]!.task_release.progress.steps.map((l: Obj) => l.status)).toEqual(['done', 'in_progress', 'pending']);
    expect(steps[3]!.task_release.state).toBe('succeeded');
  });

  const items = (b: Obj) => b.items as Obj[];

  it('ark-unknown-comes-back', async () => {
    await fresh('ark-unknown-comes-back');
    const steps = await polls(ark, 4, items, 'task_id');
    const t = steps.map((s) => s['task-render']!);
    expect(t.map((x) => x.state)).toEqual(['running', 'unknown', 'running', 'succeeded']);
    expect(t[1]).toMatchObject({ error_code: 'upstream', error_message: 'lost contact with the render farm' });
    expect(t[1]).not.toHaveProperty('finished_at');
    expect(t[2]).not.toHaveProperty('error_code');
    expect(typeof t[3]!.finished_at).toBe('number');
  });

  it('ark-paging-while-added: pages stay consistent while tasks arrive at the top', async () => {
    await fresh('ark-paging-while-added');
    const walk = async () => {
      const first = await poll(ark);
      expect(first.items).toHaveLength(20);
      const second = await poll(`${ark}?cursor=${first.next_cursor}`);
      expect(second).not.toHaveProperty('next_cursor');
      return [...first.items, ...second.items].map((t: Obj) => t.task_id as string);
    };
    const a = await walk();
    expect(a).toHaveLength(25);
    expect(new Set(a).size).toBe(25);
    expect(a[0]).toBe('task-p25');
    const b = await walk();
    expect(b).toHaveLength(27);
    expect(b.slice(0, 2)).toEqual(['task-new12', 'task-new11']);
  });

  const result = (b: Obj) => b.result as Obj[];

  it('jsonrpc-input-required-resumed', async () => {
    await fresh('jsonrpc-input-required-resumed');
    const steps = await polls(rpc, 4, result);
    expect(steps.map((s) => s.task_ask.status)).toEqual(['working', 'input-required', 'working', 'completed']);
    expect(steps[1]!.task_ask.input_required_call_ids).toEqual(['call_approve']);
  });

  it('a2a-input-required-resumed: each status recorded anew', async () => {
    await fresh('a2a-input-required-resumed');
    const steps = await polls(`${BASE.a2a}/tasks?contextId=ctx-scenario`, 4, (b) => b.tasks as Obj[]);
    const status = steps.map((s) => s['task-resumed']!.status);
    expect(status.map((s) => s.state)).toEqual([
      'TASK_STATE_WORKING',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_WORKING',
      'TASK_STATE_COMPLETED',
    ]);
    const times = status.map((s) => Date.parse(s.timestamp));
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
  });

  it('jsonrpc-paused-expired', async () => {
    await fresh('jsonrpc-paused-expired');
    expect((await polls(rpc, 3, result)).map((s) => s.task_pause.status)).toEqual(['working', 'paused', 'expired']);
  });

  it('jsonrpc-queued-canceled', async () => {
    await fresh('jsonrpc-queued-canceled');
    expect((await polls(rpc, 3, result)).map((s) => s.task_queue.status)).toEqual(['created', 'queued', 'canceled']);
  });

  it('langgraph-run-interrupted-resumed: interrupted is not final, and every change updates the run', async () => {
    await fresh('langgraph-run-interrupted-resumed');
    const steps = (await polls(runs, 5, (b) => b as unknown as Obj[], 'run_id')).map(
      (s) => s['5c0f3e2a-7b1d-4c9e-8a6f-1d2e3f4a5b6c']!,
    );
    expect(steps.map((run) => run.status)).toEqual(['pending', 'running', 'interrupted', 'running', 'success']);
    const updated = steps.map((run) => Date.parse(run.updated_at));
    expect(updated).toEqual([...updated].sort((a, b) => a - b));
    expect(new Set(updated).size).toBe(5);
  });

  it('mcp-task-input-required-resumed: input_required is left for working, and every change updates the task', async () => {
    await fresh('mcp-task-input-required-resumed');
    const steps: Obj[] = [];
    for (let i = 0; i < 4; i++)
      steps.push(byId((await listTasks(mcp)).tasks as Obj[], 'taskId')['786512e29e0d44bd8f29789f320fe840']!);
    expect(steps.map((task) => task.status)).toEqual(['working', 'input_required', 'working', 'completed']);
    expect(steps.map((task) => task.statusMessage)).toEqual([
      'started',
      'waiting for an answer',
      'working on it',
      'done',
    ]);
    const updated = steps.map((task) => Date.parse(task.lastUpdatedAt));
    expect(updated).toEqual([...updated].sort((a, b) => a - b));
    expect(new Set(updated).size).toBe(4);
  });

  it('ark-contract-broken: the second poll breaks the contract', async () => {
    await fresh('ark-contract-broken');
    const [first, second] = await polls(ark, 2, items, 'task_id');
    expect(checkItem('ark', 'task', first!['task-render'], undefined, BUILTIN)).toEqual([]);
    expect(checkItem('ark', 'task', second!['task-render'], undefined, BUILTIN).map((v) => v.law)).toEqual([
      'ark.finished-at-only-when-terminal',
    ]);
  });

  it('every library scenario has a test here', () => {
    const tested = [
      'ark-contract-broken',
      'praxis-subagent-lost',
      'praxis-result-pending-delivered',
      'praxis-cancel-while-running',
      'praxis-monitor-trigger-count',
      'praxis-session-list-archived',
      'everruns-awaiting-input-answered',
      'everruns-failure-kinds',
      'everruns-cancel-requested',
      'everruns-progress-steps',
      'ark-unknown-comes-back',
      'ark-paging-while-added',
      'jsonrpc-input-required-resumed',
      'a2a-input-required-resumed',
      'jsonrpc-paused-expired',
      'jsonrpc-queued-canceled',
      'langgraph-run-interrupted-resumed',
      'mcp-task-input-required-resumed',
    ];
    expect(Object.keys(LIBRARY).sort()).toEqual(tested.sort());
  });

  it('every object a scenario stores passes the rules (faults are injected when served)', async () => {
    for (const mock of mocks) {
      const app = await mock.app();
      for (const state of (app.scenario as ScenarioPlayer).timeline.steps)
        for (const { task } of state.tasks)
          expect(checkItem(app.scenario!.api, 'task', task, undefined, BUILTIN)).toEqual([]);
    }
  });
});
