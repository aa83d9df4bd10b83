/**
 * The control page the standalone mock serves at `/__mock/`: for a person building a UI, the
 * mock's state (APIs, sessions and their tasks, clock, faults, latency, outages, the playing
 * scenario and its step) and buttons that change it. It is a page of the mock's own origin
 * calling the same control API, so the API's protections hold (a page elsewhere is refused);
 * its own headers forbid framing and any request to another origin.
 */

import type { ApiSet } from '../contract/api-set.js';
import { jsonRpcBinding } from '../contract/json-rpc.js';
import { operationsIn } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { sessionParamOf } from '../contract/session-param.js';
import { type ControlBody, type ControlCall, controlRequest } from '../handlers/control-table.js';

/** What the page is given when it is served: each API's lists, and what each fault it can inject changes. */
export interface ControlPageData {
  /** Each list of each API: its path below the mock's origin, and where its session goes (path or query). */
  apis: { api: string; lists: { path: string; pathParam?: string; queryParam?: string }[] }[];
  /** Each injectable fault's effect (`changes`), by id: shown before it is ticked. */
  faultChanges: Record<string, string>;
  /**
   * The request of each call the page makes, from the method table, with `$arg0`, `$arg1` where the
   * page puts the call's arguments (an input's value, the faults ticked).
   */
  requests: Partial<Record<ControlCall, { method: string; path: string; body?: ControlBody }>>;
}

const arg = (i: number) => `$arg${i}`;

/** The calls the page makes, each with where its arguments go. */
const PAGE_CALLS: Partial<Record<ControlCall, readonly unknown[]>> = {
  state: [],
  sessions: [],
  scenarioNames: [],
  injectableFaults: [],
  reset: [],
  playScenario: [arg(0), { progression: arg(1) }],
  stopScenario: [],
  advance: [arg(0)],
  setFaults: [arg(0)],
  setLatency: [arg(0)],
  setOutages: [arg(0)],
  'clock.freeze': [],
  'clock.advance': [arg(0)],
  'clock.speed': [arg(0)],
  'clock.real': [],
};

const PAGE_REQUESTS = Object.fromEntries(
  Object.entries(PAGE_CALLS).map(([call, args]) => [call, controlRequest(call as ControlCall, args)]),
);

/** The page's data for the APIs a mock serves, from their contracts and the faults they can inject. */
export function controlPageData(
  apis: ApiSet,
  served: readonly ApiName[],
  faults: Readonly<Record<string, readonly string[]>>,
  changes: ReadonlyMap<string, string>,
): ControlPageData {
  return {
    apis: served.map((api) => ({
      api,
      // A link is a GET: a list called over JSON-RPC has none.
      lists: operationsIn(apis, api)
        .filter((op) => jsonRpcBinding(op) === undefined)
        .map((op) => {
          const pathParam = sessionParamOf(op);
          return {
            path: `/${api}${op.path}`,
            ...(pathParam ? { pathParam } : {}),
            ...(op.session.in === 'query' ? { queryParam: op.session.param } : {}),
          };
        }),
    })),
    faultChanges: Object.fromEntries(
      Object.values(faults)
        .flat()
        .map((id) => [id, changes.get(id) ?? '']),
    ),
    requests: PAGE_REQUESTS,
  };
}

export const CONTROL_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; " +
    "frame-ancestors 'none'; form-action 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
header { background: #1d2330; color: #fff; padding: 10px 16px; display: flex; gap: 16px; align-items: baseline; }
header h1 { font-size: 16px; margin: 0; }
header code { color: #9fd0ff; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 12px; padding: 12px; }
section.wide { grid-column: span 2; }
section { background: #fff; border: 1px solid #dde1e8; border-radius: 6px; padding: 10px 12px; }
h2 { font-size: 14px; margin: 0 0 8px; }
table { border-collapse: collapse; width: 100%; }
td, th { text-align: left; padding: 2px 6px; border-bottom: 1px solid #eef0f3; vertical-align: top; }
.row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
button { padding: 3px 10px; }
input[type=number] { width: 90px; }
.muted { color: #6b7385; }
#error { color: #a4161a; white-space: pre-wrap; }
#error:empty { display: none; }
#faults-now { white-space: pre-line; }
details { margin: 4px 0; }
label.fault { display: block; font-family: ui-monospace, monospace; font-size: 12px; margin: 3px 0; }
label.fault .changes { display: block; margin-left: 22px; font-family: system-ui, sans-serif; color: #6b7385; }
td.lists a { display: block; font-family: ui-monospace, monospace; font-size: 12px; }
tr.playing td:first-child::after { content: ' ▶'; color: #2a7d3f; }
`;

/** The page's script: reads the state over the control API every second and makes the calls clicked. */
const SCRIPT = `
const $ = (id) => document.getElementById(id);
const PAGE = JSON.parse($('page-data').textContent);
/** A request's body with the call's arguments in place of $arg0, $arg1. */
const fill = (value, args) => typeof value === 'string' && /^\\$arg\\d$/.test(value) ? args[Number(value.slice(4))]
  : Array.isArray(value) ? value.map((v) => fill(v, args))
  : value !== null && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, args)])) : value;
/** One call of the control surface, as the method table's request for it. */
const control = async (call, ...args) => {
  const { method, path, body } = PAGE.requests[call];
  const res = await fetch('/__mock' + path, method === 'POST'
    ? { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(fill(body, args)) }
    : { method });
  const answer = await res.json();
  if (!res.ok) throw new Error(answer.error || ('answered ' + res.status));
  return answer;
};
const act = async (call, ...args) => {
  try {
    await control(call, ...args);
    $('error').textContent = '';
  } catch (error) {
    $('error').textContent = String(error.message);
  }
  await refresh();
};
const cell = (tr, text) => {
  const td = document.createElement('td');
  td.textContent = text;
  tr.append(td);
  return td;
};
/** A link to each list of the API that answers: its session filled in with the session given. */
const listLinks = (api, session) => {
  const entry = PAGE.apis.find((a) => a.api === api);
  return (entry ? entry.lists : []).flatMap((list) => {
    if ((list.pathParam || list.queryParam) && !session) return [];
    let path = list.pathParam ? list.path.replace('{' + list.pathParam + '}', encodeURIComponent(session)) : list.path;
    if (list.queryParam) path += '?' + new URLSearchParams({ [list.queryParam]: session });
    const a = document.createElement('a');
    a.href = location.origin + path;
    a.textContent = path;
    a.target = '_blank';
    return [a];
  });
};
const describeOutage = (kind) => 'status' in kind ? String(kind.status) : kind.networkError ? 'network error'
  : 'timeoutMs' in kind ? 'timeout after ' + kind.timeoutMs + ' ms' : 'delay ' + kind.delayMs + ' ms';
let faultsShown = '';
async function refresh() {
  const [state, sessions] = await Promise.all([control('state'), control('sessions')]);
  const apis = $('apis');
  apis.replaceChildren();
  for (const api of Object.keys(state.tasks)) {
    const tr = document.createElement('tr');
    tr.dataset.api = api;
    // While a scenario plays on an API, its counts are the scenario's: what a request is answered from.
    const playing = state.scenario && state.scenario.api === api;
    tr.className = playing ? 'playing' : '';
    cell(tr, api).title = playing ? 'serves the scenario ' + state.scenario.name : 'serves its data';
    // The sessions holding the most tasks first: the ones a UI lists.
    const list = [...(sessions[api] || [])].sort((a, b) => b.tasks - a.tasks);
    const lists = cell(tr, '');
    lists.className = 'lists';
    for (const link of listLinks(api, list[0] && list[0].session)) lists.append(link);
    cell(tr, String(state.tasks[api]));
    const shown = list.slice(0, 4).map((s) => s.session + ' (' + s.tasks + ')').join(', ');
    const more = list.length > 4 ? ', and ' + (list.length - 4) + ' more' : '';
    cell(tr, list.length + (list.length === 1 ? ' session: ' : ' sessions: ') + shown + more).className = 'sessions';
    apis.append(tr);
  }
  const clock = state.clock;
  $('clock').textContent = new Date(clock.now).toISOString() + ' · ' + clock.mode +
    (clock.mode === 'scaled' ? ' ×' + clock.speed : '');
  $('clock').dataset.now = String(clock.now);
  $('clock').dataset.mode = clock.mode;
  $('latency-now').textContent = state.latencyMs + ' ms';
  const scenario = state.scenario;
  $('scenario-now').textContent = scenario
    ? scenario.name + ' on ' + scenario.api + ' · step ' + ((scenario.step || 0) + 1) + ' of ' + scenario.steps +
      (scenario.progression ? ' · ' + scenario.progression : '')
    : 'none (every API serves its data)';
  $('scenario-now').dataset.step = scenario ? String(scenario.step || 0) : '';
  $('outages-now').textContent = state.outages.length === 0 ? 'none' : state.outages.map((a) =>
    (a.api || 'every API') + (a.operation ? ' ' + a.operation : '') + (a.path ? ' ' + a.path : '') + ': ' +
    describeOutage(a.kind) + (a.remaining === null ? ', every request' : ', next ' + a.remaining)).join('\\n');
  const now = JSON.stringify(state.faults);
  if (now !== faultsShown) {
    faultsShown = now;
    for (const box of document.querySelectorAll('input[data-fault]')) box.checked = state.faults.includes(box.value);
  }
  // Each fault with what it changes, so a UI's broken state is not a guess.
  $('faults-now').textContent = state.faultEffects.length === 0 ? 'none' : state.faultEffects.map((f) => f.id + ': ' +
    f.changes + (f.broke ? ' (broke ' + f.broke.objects + ' of ' + f.broke.of + ' since the reset)' : '')).join('\\n');
  $('seed').textContent = String(state.seed);
}
async function start() {
  const [{ library }, faults] = await Promise.all([control('scenarioNames'), control('injectableFaults')]);
  for (const name of library) $('scenario').append(new Option(name, name));
  for (const api of Object.keys(faults)) {
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = api + ' (' + faults[api].length + ')';
    details.append(summary);
    for (const id of faults[api]) {
      const label = document.createElement('label');
      label.className = 'fault';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.value = id;
      box.dataset.fault = id;
      box.addEventListener('change', () => {
        const on = [...document.querySelectorAll('input[data-fault]:checked')].map((b) => b.value);
        act('setFaults', on);
      });
      const changes = document.createElement('span');
      changes.className = 'changes';
      changes.textContent = PAGE.faultChanges[id] || '';
      label.append(box, ' ' + id, changes);
      details.append(label);
    }
    $('faults').append(details);
  }
  $('play').onclick = () => act('playScenario', $('scenario').value, $('progression').value);
  $('step').onclick = () => act('advance', 1);
  $('stop').onclick = () => act('stopScenario');
  $('freeze').onclick = () => act('clock.freeze');
  $('advance-clock').onclick = () => act('clock.advance', Number($('advance-ms').value));
  $('speed').onclick = () => act('clock.speed', Number($('speed-factor').value));
  $('real').onclick = () => act('clock.real');
  $('set-latency').onclick = () => act('setLatency', Number($('latency').value));
  $('clear-outages').onclick = () => act('setOutages', []);
  // A status, a delay or a timeout takes its number; a network error none.
  const OUTAGE_VALUES = { status: 503, delayMs: 2000, timeoutMs: 10000 };
  $('outage-kind').onchange = () => {
    const kind = $('outage-kind').value;
    $('outage-value').hidden = kind === 'networkError';
    if (kind in OUTAGE_VALUES) $('outage-value').value = String(OUTAGE_VALUES[kind]);
  };
  $('outage').onclick = () => {
    const kind = $('outage-kind').value;
    act('setOutages', [{
      api: $('outage-api').value, times: Number($('outage-times').value),
      [kind]: kind === 'networkError' ? true : Number($('outage-value').value),
    }]);
  };
  $('reset').onclick = () => act('reset');
  await refresh();
  document.body.dataset.ready = 'yes';
  setInterval(() => refresh().catch((error) => ($('error').textContent = String(error.message))), 1000);
}
start().catch((error) => ($('error').textContent = String(error.message)));
`;

/** The page, for `GET /__mock/`. */
export function controlPage(data: ControlPageData): string {
  const options = data.apis.map(({ api }) => `<option>${api}</option>`).join('');
  // JSON in a script element: no "</script>" (nor any tag) can end it early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>agent-task-contracts mock</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body>
<header><h1>agent-task-contracts mock</h1><span>seed <code id="seed"></code></span>
<button id="reset" title="POST /__mock/reset: back to how the mock was started">Reset</button></header>
<div id="error" role="alert"></div>
<main>
<section class="wide"><h2>APIs</h2><table><thead>
<tr><th>API</th><th>lists (the session with the most tasks)</th><th>tasks</th><th>sessions (tasks)</th></tr></thead>
<tbody id="apis"></tbody></table></section>
<section><h2>Scenario</h2><div id="scenario-now"></div>
<div class="row"><select id="scenario"></select><select id="progression">
<option value="manual">manual (Step moves it)</option><option value="request">request (each poll)</option>
<option value="time">time (the clock)</option></select></div>
<div class="row"><button id="play">Play</button><button id="step">Step</button><button id="stop">Stop</button></div>
</section>
<section><h2>Clock</h2><div id="clock"></div>
<div class="row"><button id="freeze">Freeze</button><input id="advance-ms" type="number" value="30000" min="0">
<button id="advance-clock">Advance ms</button></div>
<div class="row"><input id="speed-factor" type="number" value="10" min="0.1"><button id="speed">Speed ×</button>
<button id="real">Real time</button></div></section>
<section><h2>Latency</h2><div id="latency-now"></div>
<div class="row"><input id="latency" type="number" value="250" min="0" max="60000">
<button id="set-latency">Set latency ms</button></div></section>
<section><h2>Outages</h2><div id="outages-now" style="white-space: pre-wrap"></div>
<div class="row"><select id="outage-api">${options}</select><select id="outage-kind">
<option value="status">status</option><option value="delayMs">delay ms</option>
<option value="timeoutMs">timeout ms</option><option value="networkError">network error</option></select>
<input id="outage-value" type="number" value="503" min="0"></div>
<div class="row"><span>next</span><input id="outage-times" type="number" value="1" min="1"><span>requests</span>
<button id="outage">Set</button><button id="clear-outages">Clear</button></div></section>
<section><h2>Faults</h2><div id="faults-now" class="muted"></div><div id="faults"></div></section>
</main>
<script type="application/json" id="page-data">${json}</script>
<script>${SCRIPT}</script>
</body></html>`;
}
