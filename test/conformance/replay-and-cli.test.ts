import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { cli } from '../helpers/cli.js';
import { hostile } from '../helpers/hostile.js';
import { startMock } from '../helpers/mock-server.js';
import * as servers from '../independent/servers.js';

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

describe('replay', () => {
  // Only a property case finds this break: the combinations send the thread ids the list holds and
  // one cut short (the beginning of a listed one); the property cases also draw unknown ids with a
  // dash, which this server answers with every task.
  it('a property failure carries --seed/--path that replay exactly that failure, and nothing else', async () => {
    const server = await hostile(servers.ark('unknown-dashed-thread-lists-all'));
    const options = { api: 'ark', baseUrl: `${server.url}/api/v3`, session: 'sesn-x', runs: 50, polls: 1 } as const;
    try {
      const first = await runConformance({ ...options, seed: 11 });
      const found = first.violations.find((v) => v.law === 'ark.filter-session_thread_id');
      expect(found?.replay?.path, 'found by a property case, with its path').toBeDefined();
      // Shrunk: the minimal failing request carries the filter and little else.
      expect(found!.curl).toContain('session_thread_id=');
      const sent: string[] = [];
      const replay = await runConformance({
        ...options,
        seed: found!.replay!.seed,
        path: found!.replay!.path,
        onEvent: (event) => void (event.type === 'request' && sent.push(event.url)),
      });
      expect(
        replay.violations.some(
          (v) => v.law === 'ark.filter-session_thread_id' && v.replay?.path === found!.replay!.path,
        ),
      ).toBe(true);
      // That case alone, beside the baseline walk it starts from: no refusal, probe, poll or other case.
      const list = `${server.url}/api/v3/sessions/sesn-x/tasks`;
      const query = (url: string) => new URL(url).searchParams.get('session_thread_id');
      const shrunk = query(/'([^']+)'/.exec(found!.curl)![1]!);
      const [baseline, replayed] = [sent.filter((u) => query(u) === null), sent.filter((u) => query(u) !== null)];
      expect(baseline.length).toBeGreaterThan(0);
      for (const url of baseline) expect(url.replace(/\?cursor=\d+$/, '')).toBe(list);
      expect(replayed.length).toBeGreaterThan(0);
      for (const url of replayed) expect(query(url)).toBe(shrunk);
      expect(replay.requests).toBe(sent.length);
      expect(replay.requests).toBeLessThan(first.requests / 10);
    } finally {
      await server.close();
    }
  });
});

describe('conform CLI', () => {
  it('--help says that --path replays one property case and nothing else', async () => {
    const { code, out } = await cli('conform', '--help');
    expect(code).toBe(0);
    expect(out.replace(/\s+/g, ' ')).toMatch(
      /--path P .*then sends that case alone \(no refusals, probes, polls or other cases\)/,
    );
  });

  it('exit 0 against the conforming mock, text report with the closing counts', async () => {
    mock.app.faults = new Set();
    const { code, out } = await cli(
      'conform',
      '--api',
      'everruns',
      '--base-url',
      mock.base('everruns'),
      '--session',
      'demo',
      '--runs',
      '20',
      '--polls',
      '2',
      '--poll-interval',
      '10',
    );
    expect(code).toBe(0);
    expect(out).toMatch(/\n\d+ passed, 0 failed(, \d+ skipped)?\n$/);
    expect(out).toMatch(/\d+ requests in [\d.]+ s \([\d.]+ requests\/s\)/);
  });

  it('exit 1 with a JUnit report naming the violated rule, written to --out', async () => {
    mock.app.faults = new Set(['everruns.result-path-shape']);
    const file = join(tmpdir(), `atc-junit-${process.pid}.xml`);
    const { code, out } = await cli(
      'conform',
      '--api',
      'everruns',
      '--base-url',
      mock.base('everruns'),
      '--session',
      'demo',
      '--runs',
      '10',
      '--polls',
      '1',
      '--report',
      'junit',
      '--out',
      file,
      '--header',
      'Authorization: Bearer sk-never-printed',
    );
    mock.app.faults = new Set();
    const xml = await readFile(file, 'utf8');
    await rm(file);
    expect(code).toBe(1);
    // The fault breaks the first task of each answer, so a failed task shows its result_path on one
    // page and not on another: final content changed too (everruns.final-content-fixed).
    expect(out).toMatch(/2 violated \(\d+ violations?\), \d+ not exercised; report written to/);
    expect(xml).toMatch(/<testcase classname="everruns" name="everruns.result-path-shape">\s*<failure /);
    expect(xml).not.toContain('sk-never-printed');
  });

  it('a --base-url not at the root: the hint beside the verdict of --out, on stderr beside JSON', async () => {
    const file = join(tmpdir(), `atc-hint-${process.pid}.json`);
    const args = ['conform', '--api', 'praxis', '--base-url', `${mock.base('praxis')}-typo`, '--runs', '3'];
    const written = await cli(...args, '--polls', '1', '--report', 'json', '--out', file);
    const report = JSON.parse(await readFile(file, 'utf8')) as { hint?: string };
    await rm(file);
    expect(written.code).toBe(1);
    expect(report.hint).toMatch(/^the plainest request of listSessions, GET .*-typo\/v1\/sessions, answered 404/);
    expect(written.out.endsWith(`; report written to ${file}\nhint: ${report.hint}\n`)).toBe(true);
    const printed = await cli(...args, '--polls', '1', '--report', 'json');
    expect(printed.code).toBe(1);
    expect(printed.err).toBe(`agent-task-contracts conform: hint: ${report.hint}\n`);
  });

  it('--laws and --exclude-laws select what is judged', async () => {
    mock.app.faults = new Set(['everruns.result-path-shape']);
    const excluded = await runConformance({
      api: 'everruns',
      baseUrl: mock.base('everruns'),
      session: 'demo',
      runs: 10,
      polls: 1,
      excludeLaws: ['everruns.result-path-*', 'everruns.final-content-fixed'],
    });
    const only = await runConformance({
      api: 'everruns',
      baseUrl: mock.base('everruns'),
      session: 'demo',
      runs: 10,
      polls: 1,
      laws: ['everruns.filter-*'],
    });
    mock.app.faults = new Set();
    expect(excluded.exitCode).toBe(0);
    expect(only.exitCode).toBe(0);
    expect(only.laws.every((r) => r.id.startsWith('everruns.filter-'))).toBe(true);
  });

  it.each([
    [['conform', '--api', 'ark', '--base-url', 'http://127.0.0.1:1/ark'], '--session is required for ark'],
    [['conform', '--api', 'ark', '--base-url', 'not a url', '--session', 'x'], 'is not an absolute URL'],
    [['conform', '--api', 'ark'], '--base-url is required'],
    [
      ['conform', '--api', 'ark', '--base-url', 'http://x', '--session', 'x', '--header', 'no-colon'],
      "--header must look like 'Name: value'",
    ],
    [
      ['conform', '--api', 'ark', '--base-url', 'http://x', '--session', 'x', '--laws', 'ark.nope'],
      'no law matches "ark.nope"',
    ],
    [
      ['conform', '--api', 'ark', '--base-url', 'http://x', '--session', 'x', '--path', '1:2'],
      '--path replays a failure only together with the --seed',
    ],
    [
      ['conform', '--api', 'ark', '--base-url', 'http://x', '--session', 'x', '--report', 'pdf'],
      '--report must be one of text|json|junit|html',
    ],
  ])('bad usage exits 2 with a reason: %j', async (argv, reason) => {
    const { code, out, err } = await cli(...argv);
    expect(code).toBe(2);
    expect(out + err).toContain(reason);
  });
});
