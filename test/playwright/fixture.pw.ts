import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { ControlError, expect, test } from '../../src/entries/playwright.js';

// A small same-origin app: the page is served at the mock's origin (Playwright answers its URL),
// its fetches go to the mock server itself. It polls one Ark list and shows each task's state.
const APP = `<!doctype html><meta charset="utf-8"><title>tasks</title><ul id="tasks"></ul><script type="module">
  const list = document.getElementById('tasks');
  const session = new URLSearchParams(location.search).get('session');
  async function poll() {
    const res = await fetch('/ark/sessions/' + session + '/tasks');
    const body = await res.json();
    list.dataset.status = String(res.status);
    list.replaceChildren(...(body.items ?? []).map((task) => Object.assign(document.createElement('li'), { textContent: task.task_id + ' ' + task.state })));
    setTimeout(poll, 100);
  }
  poll();
</script>`;

test.beforeEach(async ({ page, mock }) => {
  await page.route(`${mock.url}/app/**`, (route) => route.fulfill({ contentType: 'text/html', body: APP }));
});

let firstUrl: string | undefined;

test('addTasks: the page shows exactly the added tasks', async ({ page, mock }) => {
  firstUrl = mock.url;
  expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(mock.baseUrl).toEqual(Object.fromEntries(BUILTIN_API_NAMES.map((api) => [api, `${mock.url}/${api}`])));
  const tasks = await mock.addTasks('ark', 'sesn-x', [
    { task_id: 'task-a', state: 'unknown' },
    { task_id: 'task-b', state: 'running' },
  ]);
  expect(tasks.map((task) => task.state)).toEqual(['unknown', 'running']);
  await page.goto(`${mock.url}/app/?session=sesn-x`);
  await expect(page.locator('#tasks li')).toHaveText(['task-b running', 'task-a unknown']);
});

test('reset after each test: the session added by the previous test is gone, on the same server', async ({
  page,
  mock,
}) => {
  expect(mock.url).toBe(firstUrl);
  await page.goto(`${mock.url}/app/?session=sesn-x`);
  await expect(page.locator('#tasks')).toHaveAttribute('data-status', '404');
});

test('scenario: a manual scenario moves on when the test says so', async ({ page, mock }) => {
  await mock.playScenario('ark-unknown-comes-back', { progression: 'manual' });
  await page.goto(`${mock.url}/app/?session=sesn-demo`);
  const render = page.locator('#tasks li', { hasText: 'task-render' });
  await expect(render).toHaveText('task-render running');
  await mock.advance();
  await expect(render).toHaveText('task-render unknown');
  // Polling every 100 ms does not move it: only advance() does.
  await page.waitForTimeout(400);
  await expect(render).toHaveText('task-render unknown');
});

test('faults and latency: the page sees the broken answers; a misspelt fault throws with the suggestion', async ({
  mock,
  request,
}) => {
  await mock.setFaults(['ark.finished-at-only-when-terminal']);
  await mock.setLatency(50);
  const state = await mock.state();
  expect(state.faults).toEqual(['ark.finished-at-only-when-terminal']);
  expect(state.latencyMs).toBe(50);
  const body = await (await request.get(`${mock.baseUrl.ark}/sessions/sesn-demo/tasks?state=running`)).json();
  expect(body.items.some((task: { finished_at?: number }) => task.finished_at !== undefined)).toBe(true);
  // A misspelt id is a compile error; at run time (plain JavaScript) the server refuses it.
  const misspelt = ['ark.order-newest-frist'] as unknown as Parameters<typeof mock.setFaults>[0];
  const error = await mock.setFaults(misspelt).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ControlError);
  expect((error as Error).message).toContain('did you mean "ark.order-newest-first"?');
});

test('clock: freeze, advance and read the virtual clock', async ({ mock }) => {
  expect((await mock.clock.freeze('2026-11-30T09:00:00Z')).iso).toBe('2026-11-30T09:00:00.000Z');
  expect((await mock.clock.advance(30_000)).iso).toBe('2026-11-30T09:00:30.000Z');
  expect((await mock.clock.state()).mode).toBe('frozen');
});

test('the previous tests left nothing behind', async ({ mock }) => {
  const state = await mock.state();
  expect(state.faults).toEqual([]);
  expect(state.latencyMs).toBe(0);
  expect(state.scenario).toBeNull();
  expect(state.clock.mode).toBe('real');
});
