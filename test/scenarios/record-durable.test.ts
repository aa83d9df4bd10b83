/**
 * Nothing recorded is lost: an interrupted recording, one whose API goes away, and one whose API
 * answers errors all leave a complete scenario file holding every poll received; conform
 * interrupted leaves a valid report marked incomplete.
 */

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MockApp } from '../../src/apis/mock-functions.js';
import { runCli } from '../../src/cli/main.js';
import { runConformance } from '../../src/entries/conformance.js';
import { readScenarioFile } from '../../src/node/scenario-file.js';
import { type RunningServer, startServer } from '../../src/node/server.js';
import { compileScenario } from '../../src/scenarios/compile.js';
import { LIBRARY } from '../../src/scenarios/index.js';
import { ScenarioPlayer } from '../../src/scenarios/player.js';
import type { Scenario } from '../../src/scenarios/types.js';
import { BUILTIN } from '../helpers/apis.js';
import { forward, hostile } from '../helpers/hostile.js';

const ROOT = resolve(import.meta.dirname, '../..');
const LIST = '/ark/sessions/sesn-demo/tasks';
const servers: RunningServer[] = [];
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atc-durable-'));
});
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

async function serve(scenario: unknown): Promise<{ url: string; app: MockApp; server: RunningServer }> {
  const app = await MockApp.create({
    scenario: await ScenarioPlayer.load(compileScenario(scenario, undefined, BUILTIN), BUILTIN),
  });
  const server = await startServer(app, { port: 0 });
  servers.push(server);
  return { url: server.url, app, server };
}

/** Runs `record` in process; `stopAfter` resolves the stop signal once that many polls are printed. */
async function record(args: string[], options: { stopAfter?: number; onPoll?: (n: number) => void } = {}) {
  let stdout = '';
  let stderr = '';
  let stop = () => {};
  const stopSignal = new Promise<void>((r) => (stop = r));
  const code = await runCli(['record', ...args], {
    stdout: (t) => (stdout += t),
    stderr: (t) => {
      stderr += t;
      const n = Number(/poll (\d+)\//.exec(t)?.[1]);
      if (Number.isInteger(n)) {
        options.onPoll?.(n);
        if (options.stopAfter !== undefined && n >= options.stopAfter) stop();
      }
    },
    stopSignal,
  });
  return { code, stdout, stderr };
}

/** The file, loaded as `mock --scenario FILE` loads it, answers the first `polls` polls exactly as the original did. */
async function expectSameLists(file: string, polls: number) {
  const original = await serve(LIBRARY['ark-unknown-comes-back']);
  const app = await MockApp.create({
    scenario: await ScenarioPlayer.load((await readScenarioFile(file, BUILTIN)).timeline, BUILTIN),
  });
  const server = await startServer(app, { port: 0 });
  servers.push(server);
  const replay = { url: server.url, app };
  for (let poll = 0; poll < polls; poll++) {
    const [a, b] = await Promise.all([fetch(`${original.url}${LIST}`), fetch(`${replay.url}${LIST}`)]);
    expect({ poll, status: b.status, body: await b.text() }).toEqual({ poll, status: a.status, body: await a.text() });
  }
  await replay.app.reset();
  const result = await runConformance({
    api: 'ark',
    baseUrl: `${replay.url}/ark`,
    session: 'sesn-demo',
    seed: 3,
    runs: 20,
    polls: 3,
    pollIntervalMs: 5,
  });
  expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
}

describe('record keeps every poll it received', () => {
  it('interrupted after 3 of 100 polls: a complete file with those 3 polls, saying why; exit 1', async () => {
    const { url } = await serve(LIBRARY['ark-unknown-comes-back']);
    const out = join(dir, 'interrupted.yaml');
    const { code, stdout } = await record(
      [
        '--api',
        'ark',
        '--base-url',
        `${url}/ark`,
        '--session',
        'sesn-demo',
        '--polls',
        '100',
        '--interval',
        '20',
        '--out',
        out,
      ],
      { stopAfter: 3 },
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(/recording ended early \(interrupted\)/);
    expect(stdout).toMatch(/wrote .*interrupted\.yaml: 3 polls/);
    const text = await readFile(out, 'utf8');
    expect(text).toMatch(/^# recording ended early \(interrupted\) at \d{4}-/m);
    const scenario = parse(text) as Scenario;
    expect(scenario.timeline).toHaveLength(2);
    expect(scenario.description).toContain('3 of 100 polls');
    expect((await readdir(dir)).filter((f) => f.includes('.partial'))).toEqual([]);
    await expectSameLists(out, 3);
  });

  it('the API goes away after 4 polls: the file holds those 4 polls and says so', async () => {
    const original = await serve(LIBRARY['ark-unknown-comes-back']);
    const out = join(dir, 'gone.json');
    const { code, stdout } = await record(
      [
        '--api',
        'ark',
        '--base-url',
        `${original.url}/ark`,
        '--session',
        'sesn-demo',
        '--polls',
        '50',
        '--interval',
        '10',
        '--out',
        out,
      ],
      {
        onPoll: (n) => {
          if (n === 4) void original.server.close();
        },
      },
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(/\(connection-lost\): the API went away after poll 4/);
    const scenario = JSON.parse(await readFile(out, 'utf8')) as Scenario;
    expect(scenario.timeline).toHaveLength(3);
    expect(scenario.description).toMatch(/ended early \(connection-lost\)/);
    await expectSameLists(out, 4);
  });

  it("a 500 and a 429 in the middle are recorded as those polls' answers and replayed as received", async () => {
    const upstream = await serve(LIBRARY['ark-unknown-comes-back']);
    // Request 2 is a 500; requests 3-6 (one poll: the client retries a 429 three times) are 429s.
    const proxy = await hostile((req, res, n) => {
      if (n === 2) {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end('{"error":{"code":"InternalError","message":"boom"}}');
      }
      if (n >= 3 && n <= 6) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
        return res.end('{"error":{"code":"TooManyRequests"}}');
      }
      void forward(res, `${upstream.url}${req.url}`);
    });
    const out = join(dir, 'errors.yaml');
    const { code, stderr } = await record([
      '--api',
      'ark',
      '--base-url',
      `${proxy.url}/ark`,
      '--session',
      'sesn-demo',
      '--polls',
      '5',
      '--interval',
      '0',
      '--out',
      out,
    ]);
    await proxy.close();
    expect(code).toBe(0);
    expect(stderr).toMatch(/poll 2\/5: \/sessions\/sesn-demo\/tasks answered 500 \(recorded as a fault step\)/);
    const scenario = parse(await readFile(out, 'utf8')) as Scenario;
    expect(scenario.timeline[0]).toMatchObject({
      fault: true,
      answers: [
        { path: '/sessions/sesn-demo/tasks', status: 500, body: { error: { code: 'InternalError', message: 'boom' } } },
      ],
    });
    expect(scenario.timeline[1]).toMatchObject({ fault: true, answers: [{ status: 429, retryAfter: '0' }] });
    const replay = await serve(scenario);
    const seen = [];
    for (let poll = 0; poll < 5; poll++) {
      const r = await fetch(`${replay.url}${LIST}`);
      seen.push({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() });
    }
    expect(seen.map((s) => s.status)).toEqual([200, 500, 429, 200, 200]);
    expect(seen[1]!.body).toEqual({ error: { code: 'InternalError', message: 'boom' } });
    expect(seen[2]!.retryAfter).toBe('0');
  });

  it('more errors than the budget end the recording early, with every poll kept', async () => {
    const proxy = await hostile((_req, res, n) => {
      res.writeHead(n === 1 ? 200 : 503, { 'content-type': 'application/json' });
      res.end(n === 1 ? '{"items":[]}' : '{"error":"down"}');
    });
    const out = join(dir, 'budget.yaml');
    const { code, stdout } = await record([
      '--api',
      'ark',
      '--base-url',
      `${proxy.url}/ark`,
      '--session',
      'sesn-demo',
      '--polls',
      '20',
      '--interval',
      '0',
      '--error-budget',
      '2',
      '--out',
      out,
    ]);
    await proxy.close();
    expect(code).toBe(1);
    expect(stdout).toMatch(/\(error-budget\): more than 2 polls were answered by an error/);
    const scenario = parse(await readFile(out, 'utf8')) as Scenario;
    expect(scenario.timeline).toHaveLength(3);
    expect(() => compileScenario(scenario, undefined, BUILTIN)).not.toThrow();
  });

  it('an unwritable --out fails before the first poll, with a clear message; an existing file is untouched', async () => {
    const proxy = await hostile((_req, res) => res.end('{"items":[]}'));
    for (const out of [join(dir, 'no-such-folder', 'rec.yaml'), dir]) {
      const { code, stdout, stderr } = await record([
        '--api',
        'ark',
        '--base-url',
        `${proxy.url}/ark`,
        '--session',
        'sesn-demo',
        '--polls',
        '2',
        '--out',
        out,
      ]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/cannot write --out|is a directory; give a file name/);
    }
    expect(proxy.requests()).toBe(0);
    const existing = join(dir, 'keep.yaml');
    await writeFile(existing, 'name: earlier\n');
    const { code } = await record([
      '--api',
      'ark',
      '--base-url',
      'http://127.0.0.1:9/ark',
      '--session',
      'sesn-demo',
      '--polls',
      '2',
      '--out',
      existing,
    ]);
    expect(code).toBe(2);
    expect(await readFile(existing, 'utf8')).toBe('name: earlier\n');
    await proxy.close();
  });

  it('Ctrl-C on the real command: the file on disk holds the polls so far', async () => {
    const { url } = await serve(LIBRARY['ark-unknown-comes-back']);
    const out = join(dir, 'sigint.yaml');
    await mkdir(dir, { recursive: true });
    // Node itself with tsx loaded, not tsx's wrapper process: Ctrl-C reaches the command as it does once
    // built, where the wrapper relaying it exited 130 on a loaded machine.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        `${ROOT}/src/cli/entry.ts`,
        'record',
        '--api',
        'ark',
        '--base-url',
        `${url}/ark`,
        '--session',
        'sesn-demo',
        '--polls',
        '1000',
        '--interval',
        '30',
        '--out',
        out,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    await new Promise<void>((resolveSeen) => {
      child.stderr.on('data', (d: Buffer) => {
        if (/poll 2\//.test(d.toString())) resolveSeen();
      });
    });
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(stdout).toMatch(/recording ended early \(interrupted\)/);
    const scenario = parse(await readFile(out, 'utf8')) as Scenario;
    expect(scenario.timeline.length).toBeGreaterThanOrEqual(1);
    expect(() => compileScenario(scenario, undefined, BUILTIN)).not.toThrow();
  }, 30_000);
});

describe('conform interrupted', () => {
  it('writes its JUnit report with what was judged so far, marked incomplete, and exits 2', async () => {
    const app = await MockApp.create();
    const server = await startServer(app, { port: 0 });
    servers.push(server);
    const out = join(dir, 'partial.xml');
    let stop = () => {};
    const stopSignal = new Promise<void>((r) => (stop = r));
    setTimeout(() => stop(), 400);
    let stdout = '';
    const code = await runCli(
      [
        'conform',
        '--api',
        'ark',
        '--base-url',
        `${server.url}/ark`,
        '--session',
        'sesn-demo',
        '--runs',
        '5000',
        '--polls',
        '50',
        '--poll-interval',
        '200',
        '--report',
        'junit',
        '--out',
        out,
      ],
      {
        stdout: (t) => (stdout += t),
        stderr: () => {},
        stopSignal,
      },
    );
    expect(code).toBe(2);
    expect(stdout).toMatch(/^INCOMPLETE: interrupted after \d+ ms/);
    const xml = await readFile(out, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
    expect(xml).toContain('<property name="complete" value="false"/>');
    expect(xml).toMatch(/<testcase classname="ark" name="run complete"><error message="INCOMPLETE: interrupted/);
    expect((xml.match(/<testcase /g) ?? []).length).toBe((xml.match(/<\/testcase>/g) ?? []).length);
    expect(xml).toMatch(/name="ark.status-code">\s*<system-out>passed: \d+ subjects judged/);
  });
});

describe('record lists drift', () => {
  it('an undocumented field the API sends is listed in the file and on stderr, and the file still replays', async () => {
    const app = await MockApp.create({ faults: ['ark.no-undocumented-fields'] });
    const server = await startServer(app, { port: 0 });
    servers.push(server);
    const out = join(dir, 'drift.yaml');
    const { code, stderr } = await record([
      '--api',
      'ark',
      '--base-url',
      `${server.url}/ark`,
      '--session',
      'sesn-demo',
      '--polls',
      '2',
      '--interval',
      '0',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /drift: listTasks field \/items\/\*\/x_undocumented_field: \d+ times, e\.g\. "added by the vendor"/,
    );
    const text = await readFile(out, 'utf8');
    expect(text).toMatch(/^# drift: listTasks field \/items\/\*\/x_undocumented_field: \d+ times/m);
    expect((parse(text) as Scenario).description).toContain(
      'Drift (fields and values the spec does not declare): listTasks field /items/*/x_undocumented_field',
    );
    expect(() => compileScenario(parse(text), undefined, BUILTIN)).not.toThrow();
  });
});
