/**
 * A task board over the four APIs. The page calls the vendors' real URLs; MSW's service worker,
 * started with agent-task-contracts' handlers, answers them from the demo data or from the
 * scenario named by `?scenario=`. Every response is checked against the contract, and a
 * response that breaks it puts its panel in the error state. `?demo=clock` shows a typed
 * override driven by the mock's virtual clock: a button moves the clock, and the task with it.
 */
import {
  type ApiName,
  checkItem,
  isScenarioName,
  LIBRARY,
  type OperationIdOf,
  startMockWorker,
  VENDOR_BASE_URLS,
  validateResponseBody,
} from 'agent-task-contracts/browser';
import { api, pages } from 'agent-task-contracts/overrides';

type Item = Record<string, unknown>;

interface Panel {
  api: ApiName;
  title: string;
  url: string;
  operationId: OperationIdOf<ApiName>;
  items(body: unknown): Item[];
  id(item: Item): string;
  label(item: Item): string;
  state(item: Item): string;
}

const params = new URLSearchParams(location.search);
const scenario = params.get('scenario') ?? undefined;
const clockDemo = params.get('demo') === 'clock';
const pollMs = Number(params.get('poll') ?? 2000);

const PANELS: Panel[] = [
  {
    api: 'praxis',
    title: 'Praxis — background tasks of sesn_demo',
    url: `${VENDOR_BASE_URLS.praxis}/v1/sessions/sesn_demo/background_tasks`,
    operationId: 'listBackgroundTasks',
    items: (b) => (b as { data: Item[] }).data,
    id: (t) => String(t.id),
    label: (t) => `${String(t.title)} (${String(t.kind)})`,
    state: (t) => String(t.status),
  },
  {
    api: 'everruns',
    title: 'Everruns — tasks of session demo',
    url: `${VENDOR_BASE_URLS.everruns}/v1/sessions/demo/tasks`,
    operationId: 'listTasks',
    items: (b) => b as Item[],
    id: (t) => String(t.id),
    label: (t) => String(t.display_name),
    state: (t) => String(t.state),
  },
  {
    api: 'ark',
    title: 'Ark — tasks of sesn-demo',
    url: `${VENDOR_BASE_URLS.ark}/sessions/sesn-demo/tasks?limit=10`,
    operationId: 'listTasks',
    items: (b) => (b as { items: Item[] }).items,
    id: (t) => String(t.task_id),
    label: (t) => String((t.tool as Item).name),
    state: (t) => String(t.state),
  },
  {
    api: 'jsonrpc',
    title: 'JSON-RPC — tasks of session demo',
    url: `${VENDOR_BASE_URLS.jsonrpc}/tasks?session_id=demo&limit=10`,
    operationId: 'listTasks',
    items: (b) => (b as { result: Item[] }).result,
    id: (t) => String(t.id),
    label: (t) => String(t.user_id),
    state: (t) => String(t.status),
  },
];

function render(panel: Panel, section: HTMLElement, items: Item[]) {
  const rows = items.map((t) => {
    const tr = document.createElement('tr');
    tr.dataset.id = panel.id(t);
    const id = document.createElement('td');
    id.className = 'id';
    id.textContent = panel.id(t);
    const label = document.createElement('td');
    label.textContent = panel.label(t);
    const state = document.createElement('td');
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.dataset.state = panel.state(t);
    badge.textContent = panel.state(t);
    state.append(badge);
    tr.append(id, label, state);
    return tr;
  });
  section.querySelector('tbody')!.replaceChildren(...rows);
}

async function poll(panel: Panel, section: HTMLElement) {
  const error = section.querySelector('.error')!;
  try {
    const response = await fetch(panel.url);
    const body: unknown = await response.json();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    const violations = validateResponseBody(panel.api, panel.operationId, 200, body, 'documented') ?? [];
    for (const item of panel.items(body)) violations.push(...checkItem(panel.api, 'task', item));
    render(panel, section, panel.items(body));
    if (violations.length > 0) {
      section.dataset.error = violations[0]!.law;
      error.textContent = `The API broke its contract: ${violations[0]!.law} — ${violations[0]!.message}`;
    } else {
      delete section.dataset.error;
    }
  } catch (e) {
    section.dataset.error = 'request';
    error.textContent = `The API could not be read: ${String(e)}`;
  }
}

async function start() {
  const status = document.getElementById('status')!;
  if (scenario && !isScenarioName(scenario)) {
    status.textContent = `unknown scenario "${scenario}"; try one of: ${Object.keys(LIBRARY).join(', ')}`;
    return;
  }
  const mock = await startMockWorker({ ...(scenario && isScenarioName(scenario) ? { scenario } : {}), quiet: true });
  // For the console (and the end-to-end test): `await taskBoardMock.addTasks('everruns', 'demo', [{ state: 'awaiting_input' }])`.
  (window as unknown as { taskBoardMock: Mock }).taskBoardMock = mock;
  if (clockDemo) installClockDemo(mock);
  document.body.dataset.worker = 'ready';
  status.textContent = scenario
    ? `scenario ${scenario}, polling every ${pollMs} ms`
    : clockDemo
      ? "a typed override on the mock's virtual clock: the button moves the clock"
      : `demo data, polling every ${pollMs} ms`;
  const board = document.getElementById('board')!;
  // With a scenario, only its API's panel is shown: the timeline is what the page is about.
  const panels =
    scenario && isScenarioName(scenario)
      ? PANELS.filter((p) => p.api === LIBRARY[scenario].api)
      : clockDemo
        ? PANELS.filter((p) => p.api === 'ark')
        : PANELS;
  for (const panel of panels) {
    const section = document.createElement('section');
    section.dataset.api = panel.api;
    section.innerHTML = `<h2></h2><div class="error" role="alert"></div><table><tbody></tbody></table>`;
    section.querySelector('h2')!.textContent = panel.title;
    board.append(section);
    await poll(panel, section);
    setInterval(() => void poll(panel, section), pollMs);
    if (clockDemo) addClockButton(board, () => poll(panel, section));
  }
}

type Mock = Awaited<ReturnType<typeof startMockWorker>>;
let clockMock: Mock | undefined;

/**
 * One Ark task whose state follows the mock's clock: queued, then running 30 s later, then
 * succeeded. The override is typed from the Ark spec (a misspelt field or state would not compile).
 */
function installClockDemo(mock: Mock) {
  clockMock = mock;
  // Held from the next line on: the clock changes before its promise is made.
  void mock.clock.freeze(Date.parse('2026-11-30T09:00:00Z'));
  const start = mock.clock.now();
  const steps = ['queued', 'running', 'succeeded'] as const;
  mock.worker.use(
    api.ark.get('/sessions/{session_id}/tasks', ({ request, response }) => {
      const state = steps[Math.min(steps.length - 1, Math.floor((mock.clock.now() - start) / 30_000))];
      return response(200).json(
        pages.ark(
          [{ task_id: 'task-build', state, tool: { name: 'bash', description: 'Builds the release artefacts' } }],
          request,
        ),
      );
    }),
  );
}

function addClockButton(board: HTMLElement, refresh: () => Promise<void>) {
  const bar = document.createElement('p');
  const button = document.createElement('button');
  button.id = 'advance-clock';
  button.textContent = 'Advance the clock 30 s';
  const time = document.createElement('span');
  time.id = 'clock';
  const show = (at: number | undefined) => {
    time.textContent = ` mock time ${at === undefined ? '' : new Date(at).toISOString()}`;
  };
  button.addEventListener('click', async () => {
    show((await clockMock?.clock.advance(30_000))?.now);
    void refresh();
  });
  show(clockMock?.clock.now());
  bar.append(button, time);
  board.before(bar);
}

void start();
