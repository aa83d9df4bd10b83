import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MockApp } from '../../src/apis/mock-functions.js';
import { runCli } from '../../src/cli/main.js';
import type { ApiName } from '../../src/contract/index.js';
import { runConformance } from '../../src/entries/conformance.js';
import { recordScenario } from '../../src/node/record.js';
import { readScenarioFile } from '../../src/node/scenarios.js';
import { type RunningServer, startServer } from '../../src/node/server.js';
import { compileScenario } from '../../src/scenarios/compile.js';
import { ScenarioError } from '../../src/scenarios/error.js';
import { LIBRARY, type ScenarioName } from '../../src/scenarios/index.js';
import { ScenarioPlayer } from '../../src/scenarios/player.js';
import { BUILTIN } from '../helpers/apis.js';
import { forward, hostile } from '../helpers/hostile.js';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function serve(scenario: unknown): Promise<{ url: string; app: MockApp }> {
  const app = await MockApp.create({
    scenario: await ScenarioPlayer.load(compileScenario(scenario, undefined, BUILTIN), BUILTIN),
  });
  const server = await startServer(app, { port: 0 });
  servers.push(server);
  return { url: server.url, app };
}

/** Records Ark on a mock of its own. */
async function recordArk(app: MockApp, session: string, polls: number) {
  const server = await startServer(app, { port: 0 });
  servers.push(server);
  return recordScenario({ api: 'ark', apis: BUILTIN, baseUrl: `${server.url}/ark`, session, polls, intervalMs: 0 });
}

const CASES: { name: ScenarioName; api: ApiName; session?: string; lists: string[] }[] = [
  { name: 'praxis-subagent-lost', api: 'praxis', lists: ['/v1/sessions', '/v1/sessions/sesn_demo/background_tasks'] },
  { name: 'everruns-awaiting-input-answered', api: 'everruns', session: 'demo', lists: ['/v1/sessions/demo/tasks'] },
  { name: 'ark-unknown-comes-back', api: 'ark', session: 'sesn-demo', lists: ['/sessions/sesn-demo/tasks'] },
  { name: 'jsonrpc-input-required-resumed', api: 'jsonrpc', session: 'demo', lists: ['/tasks?session_id=demo'] },
];

describe('record -> replay round trip', () => {
  for (const c of CASES) {
    it(`${c.name}: the replay answers every list exactly as the original did, and conforms over time`, async () => {
      const original = await serve(LIBRARY[c.name]);
      const polls = LIBRARY[c.name]!.timeline.length + 2;
      const recording = await recordScenario({
        api: c.api,
        apis: BUILTIN,
        baseUrl: `${original.url}/${c.api}`,
        session: c.session,
        polls,
        intervalMs: 0,
        headers: { Authorization: 'Bearer sk-round-trip-secret' },
      });
      expect(recording.violations).toEqual([]);
      expect(JSON.stringify(recording.scenario)).not.toContain('sk-round-trip-secret');
      const replay = await serve(recording.scenario);
      await original.app.reset();
      for (let poll = 0; poll < polls; poll++) {
        for (const list of c.lists) {
          const [a, b] = await Promise.all([
            fetch(`${original.url}/${c.api}${list}`),
            fetch(`${replay.url}/${c.api}${list}`),
          ]);
          expect({ status: b.status, body: await b.text() }).toEqual({ status: a.status, body: await a.text() });
        }
      }
      await replay.app.reset();
      const result = await runConformance({
        api: c.api,
        baseUrl: `${replay.url}/${c.api}`,
        session: c.api === 'jsonrpc' ? undefined : c.session,
        seed: 3,
        runs: 30,
        polls: 3,
        pollIntervalMs: 5,
      });
      expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
    });
  }

  it('a recording of a misbehaving API lists the violations and marks their steps fault', async () => {
    const app = await MockApp.create({ faults: ['ark.finished-at-only-when-terminal'] });
    const recording = await recordArk(app, 'sesn-demo', 2);
    expect(recording.violations.some((v) => v.includes('ark.finished-at-only-when-terminal'))).toBe(true);
    expect(recording.scenario.fault).toBe(true);
    expect(() => compileScenario(recording.scenario, undefined, BUILTIN)).not.toThrow();
  });

  for (const fault of ['ark.order-newest-first', 'ark.no-duplicates-across-pages', 'ark.default-limit'] as const)
    it(`a recording judges what each walk shows, beside its objects: ${fault}`, async () => {
      const app = await MockApp.create({ faults: [fault] });
      await app.addTasks(
        'ark',
        'sesn-walk',
        Array.from({ length: 45 }, () => ({ state: 'running' })),
      );
      const recording = await recordArk(app, 'sesn-walk', 2);
      const broken = recording.violations.filter((v) => v.includes(`: ${fault}: `));
      expect(broken.length, recording.violations.join('\n')).toBeGreaterThan(0);
      expect(broken[0]).toMatch(/^poll 1, \/sessions\/sesn-walk\/tasks: listTasks( \/items(\/\d+)?)?: /);
      expect(recording.scenario.fault).toBe(true);
      const law = recording.laws.find((l) => l.id === fault)!;
      expect(law.judged).toBeGreaterThan(0);
      expect(law.violations).toBe(broken.length);
    });

  it('a list whose order moves (A2A) records no finding across the pages of one walk: one walk cannot confirm it', async () => {
    // Between the two pages of every walk, the demo tasks move on: each unfinished one records a new status and
    // moves to the top of the list, past the page token, as a live list may ("most recently updated tasks first").
    const app = await MockApp.create();
    const mock = await startServer(app, { port: 0 });
    servers.push(mock);
    let moved: Promise<void> = Promise.resolve();
    const proxy = await hostile((req, res) => {
      const url = new URL(req.url!, mock.url);
      const later = url.searchParams.has('pageToken');
      void (later ? moved : Promise.resolve())
        .then(() => forward(res, `${mock.url}/a2a${url.pathname}${url.search}`, (body) => body, req))
        .then(() => {
          if (!later) moved = app.advance();
        });
    });
    try {
      const recording = await recordScenario({
        api: 'a2a',
        apis: BUILTIN,
        baseUrl: proxy.url,
        session: 'ctx-demo',
        polls: 3,
        intervalMs: 0,
      });
      expect(recording.violations).toEqual([]);
      expect(recording.laws.find((l) => l.id === 'a2a.order-newest-first')?.judged).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });

  it('a recording of a correct API says which walk laws it judged, and why the others judged nothing', async () => {
    const app = await MockApp.create();
    const recording = await recordArk(app, 'sesn-demo', 1);
    expect(recording.violations).toEqual([]);
    const ids = recording.laws.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['ark.order-newest-first', 'ark.paging-terminates', 'ark.ids-unique']));
    expect(ids).not.toContain('ark.finished-at-only-when-terminal');
    for (const law of recording.laws) expect(law.judged > 0 || law.unexercised !== undefined, law.id).toBe(true);
  });

  it('the record CLI writes YAML, masks --redact fields and never writes header values', async () => {
    const { url } = await serve(LIBRARY['ark-unknown-comes-back']);
    const dir = await mkdtemp(join(tmpdir(), 'atc-record-'));
    const out = join(dir, 'rec.yaml');
    let stdout = '';
    let stderr = '';
    const code = await runCli(
      [
        'record',
        '--api',
        'ark',
        '--base-url',
        `${url}/ark`,
        '--session',
        'sesn-demo',
        '--polls',
        '2',
        '--interval',
        '0',
        '--out',
        out,
        '--header',
        'X-Api-Key: ak-very-secret-1',
        '--redact',
        '/tool/description',
      ],
      {
        stdout: (t) => (stdout += t),
        stderr: (t) => (stderr += t),
        stopSignal: new Promise(() => {}),
      },
    );
    const text = await readFile(out, 'utf8');
    // The modeline names the package's own schema file, relative to the recording, so an editor loads it.
    const ref = /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1];
    expect(ref).toMatch(/^\.\.?\//);
    expect(resolve(dir, ref!)).toBe(fileURLToPath(new URL('../../scenarios/schema.json', import.meta.url)));
    await rm(dir, { recursive: true });
    expect(code).toBe(0);
    expect(stdout).toMatch(/wrote .*rec\.yaml: 2 polls/);
    expect(stdout).toMatch(/^judged on every walk and page: .*ark\.items-belong-to-session \(2, 0 broken\)/m);
    expect(stdout).toMatch(/^judged nothing: .*ark\.order-newest-first \(no answer listed two items\)/m);
    expect(text).not.toContain('ak-very-secret-1');
    const scenario = parse(text);
    expect(scenario.tasks[0].task.tool.description).toBe('[redacted]');
    expect(stderr).toContain('poll 2/2');
  });
});

describe('the record CLI on a misbehaving API', () => {
  it('prints the first 20 violations and counts the rest', async () => {
    const server = await startServer(await MockApp.create({ faults: ['ark.order-newest-first'] }), {
      host: '127.0.0.1',
      port: 0,
    });
    const dir = await mkdtemp(join(tmpdir(), 'atc-record-many-'));
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: (t: string) => (stdout += t),
      stderr: (t: string) => (stderr += t),
      stopSignal: new Promise<void>(() => {}),
    };
    const args = ['--api', 'ark', '--base-url', `${server.url}/ark`, '--session', 'sesn-demo', '--polls', '1'];
    try {
      expect(await runCli(['record', ...args, '--interval', '0', '--out', join(dir, 'rec.yaml')], io)).toBe(0);
    } finally {
      await server.close();
      await rm(dir, { recursive: true });
    }
    const broken = Number(/ark\.order-newest-first \(\d+, (\d+) broken\)/.exec(stdout)?.[1]);
    expect(broken).toBeGreaterThan(20);
    expect(stderr.match(/^violation: /gm)).toHaveLength(20);
    expect(stderr).toContain(`… and ${broken - 20} more violations`);
    expect(stdout).toContain(`${broken} contract violations`);
  });
});

describe('a JSON recording', () => {
  it('names the schema by a path that resolves, and replays with it', async () => {
    const { url } = await serve(LIBRARY['ark-unknown-comes-back']);
    const dir = await mkdtemp(join(tmpdir(), 'atc-record-json-'));
    const out = join(dir, 'rec.json');
    const io = { stdout: () => {}, stderr: () => {}, stopSignal: new Promise<void>(() => {}) };
    const args = ['--api', 'ark', '--base-url', `${url}/ark`, '--session', 'sesn-demo', '--polls', '1', '--out', out];
    try {
      expect(await runCli(['record', ...args], io)).toBe(0);
      const written = JSON.parse(await readFile(out, 'utf8')) as { $schema: string };
      const schema = JSON.parse(await readFile(resolve(dir, written.$schema), 'utf8')) as { title: string };
      expect(schema.title).toBe('agent-task-contracts scenario');
      expect((await readScenarioFile(out, BUILTIN)).scenario.name).toBe('recorded-ark');
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});

describe('scenario files: errors name the file, the pointer and the reason', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const write = async (content: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'atc-scn-'));
    dirs.push(dir);
    const file = join(dir, 'bad.yaml');
    await writeFile(file, content);
    return file;
  };
  const base =
    'name: bad\napi: jsonrpc\nsessions: [{ id: demo }]\ntasks:\n  - { session: demo, task: { id: t1, user_id: u, status: completed, output: [] } }\n';

  it.each([
    ['api: nope\nname: x\ntimeline: []\n', '/api', 'unknown API "nope"; the APIs are praxis, everruns, ark, jsonrpc'],
    [
      `${base}timeline:\n  - set: { t1: { status: working } }\n`,
      '/timeline/0/set/t1/status',
      'does not allow completed -> working',
    ],
    [`${base}timeline:\n  - set: { t9: { status: working } }\n`, '/timeline/0/set/t9', 'no task t9'],
    [
      `${base}timeline:\n  - set: { t1: { created_at: 1764410400000 } }\n`,
      '/timeline/0/set/t1/created_at',
      'jsonrpc.created-at-unix-seconds',
    ],
    [`${base}timeline:\n  - faults: [ark.nope]\n`, '/timeline/0/faults/0', 'unknown fault'],
    ['name: x\napi: [oops\n', '', 'not valid YAML or JSON'],
    // Every problem is named, each member by name: no other word for `api` is read.
    [
      'name: x\nface: ark\ntimeline: []\n',
      '',
      "must have required property 'api'; and (root): must NOT have additional properties: face",
    ],
    ['name: x\napi: ark\ntimeline: [{ sett: {} }]\n', '/timeline/0', 'must NOT have additional properties: sett'],
  ])('%#: %s', async (content, pointer, reason) => {
    const file = await write(content);
    const error = await readScenarioFile(file, BUILTIN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioError);
    const e = error as ScenarioError;
    expect(e.file).toBe(file);
    expect(e.pointer).toBe(pointer);
    expect(e.reason).toContain(reason);
  });

  it('a transition the lifecycle forbids is accepted when the step is marked fault', async () => {
    const file = await write(`${base}timeline:\n  - fault: true\n    set: { t1: { status: working } }\n`);
    const { timeline } = await readScenarioFile(file, BUILTIN);
    expect(timeline.steps[1]!.tasks[0]!.task.status).toBe('working');
  });

  it('time progression moves one step per stepMs (fake clock)', async () => {
    const scenario = { ...LIBRARY['jsonrpc-paused-expired']!, progression: 'time' as const, stepMs: 1000 };
    const player = await ScenarioPlayer.load(compileScenario(scenario, undefined, BUILTIN), BUILTIN);
    const request = { method: 'GET', path: '/tasks', query: new URLSearchParams() };
    expect(player.view(request, 10_000).step).toBe(0);
    expect(player.view(request, 10_999).step).toBe(0);
    expect(player.view(request, 11_000).step).toBe(1);
    expect(player.view(request, 99_000).step).toBe(2);
  });
});

describe('scenarios on the standalone server', () => {
  it('/__mock/scenario loads a library scenario; /__mock/reset goes back to the start (no scenario), and loading again plays from step 0', async () => {
    const app = await MockApp.create();
    const server = await startServer(app, { port: 0 });
    servers.push(server);
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}/__mock${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post('/scenario', { name: 'jsonrpc-queued-canceled' })).status).toBe(200);
    const statuses = async () => {
      const out: string[] = [];
      for (let i = 0; i < 3; i++)
        out.push(
          (
            (await (await fetch(`${server.url}/jsonrpc/tasks?session_id=demo`)).json()) as {
              result: { status: string }[];
            }
          ).result[0]!.status,
        );
      return out;
    };
    expect(await statuses()).toEqual(['created', 'queued', 'canceled']);
    await post('/reset', {});
    expect(((await (await fetch(`${server.url}/__mock/state`)).json()) as { scenario: unknown }).scenario).toBeNull();
    expect((await post('/scenario', { name: 'jsonrpc-queued-canceled' })).status).toBe(200);
    expect(await statuses()).toEqual(['created', 'queued', 'canceled']);
    const bad = await post('/scenario', { name: 'no-such-scenario' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('unknown scenario "no-such-scenario"');
  });

  it('mock --scenario with a bad file exits 2 naming the file and pointer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atc-scn-cli-'));
    const file = join(dir, 'bad.yaml');
    await writeFile(file, 'name: bad\napi: ark\ntimeline: [ { set: { nope: { state: running } } } ]\n');
    let err = '';
    const code = await runCli(['mock', '--port', '0', '--scenario', file], {
      stdout: () => {},
      stderr: (t) => (err += t),
      stopSignal: Promise.resolve(),
    });
    await rm(dir, { recursive: true });
    expect(code).toBe(2);
    expect(err).toContain(`${file}: /timeline/0/set/nope: no task nope`);
  });
});
