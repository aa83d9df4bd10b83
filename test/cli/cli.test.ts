import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { cli as run } from '../helpers/cli.js';

describe('CLI', () => {
  it('--help lists the commands and exits 0', async () => {
    const { code, out } = await run('--help');
    expect(code).toBe(0);
    expect(out).toContain('usage: agent-task-contracts <command>');
  });
  it('an unknown command exits 2 with a one-line reason and the usage', async () => {
    const { code, err } = await run('frobnicate');
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe('agent-task-contracts: unknown command "frobnicate"');
    expect(err).toContain('usage:');
  });
  it('no command at all exits 2', async () => {
    expect((await run()).code).toBe(2);
  });
});

describe('generate', () => {
  it('writes N lines of NDJSON, the same for the same seed', async () => {
    const a = await run('generate', '--api', 'ark', '--what', 'task', '--count', '5', '--seed', '7');
    const b = await run('generate', '--api', 'ark', '--what', 'task', '--count', '5', '--seed', '7');
    expect(a.code).toBe(0);
    const lines = a.out.trim().split('\n');
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('task_id');
    expect(a.out).toBe(b.out);
  });
  it('--threads takes 1 to 16 (two threads against one: test/package/pack.test.ts)', async () => {
    for (const bad of ['0', '17', 'two']) {
      const { code, err } = await run('generate', '--api', 'ark', '--what', 'task', '--threads', bad);
      expect(code).toBe(2);
      expect(err.split('\n')[0]).toMatch(/--threads must be (between 1 and 16|a whole number)/);
    }
  });
  it('--break writes objects that break the rule', async () => {
    const { code, out } = await run(
      'generate',
      '--api',
      'praxis',
      '--what',
      'task',
      '--break',
      'praxis.cancellable-only-when-running',
      '--count',
      '3',
    );
    expect(code).toBe(0);
    for (const line of out.trim().split('\n')) {
      const task = JSON.parse(line);
      expect(task.cancellable).toBe(true);
      expect(task.status).not.toBe('running');
    }
  });
  it('requests and lifecycles', async () => {
    const r = await run('generate', '--api', 'praxis', '--what', 'request', '--count', '20');
    expect(
      r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).operation),
    ).toContain('listSessions');
    const l = await run(
      'generate',
      '--api',
      'jsonrpc',
      '--what',
      'lifecycle',
      '--break',
      'lifecycle-forward',
      '--count',
      '2',
    );
    expect(JSON.parse(l.out.split('\n')[0]!).breaks).toEqual(['jsonrpc.lifecycle-forward']);
  });
  it.each([
    [
      ['generate', '--api', 'nope', '--what', 'task'],
      '--api nope: no API of that name; the APIs are praxis|everruns|ark|jsonrpc|langgraph',
    ],
    [
      ['generate', '--api', 'ark', '--api', 'praxis', '--what', 'task'],
      '--api ark and --api praxis name 2 APIs; give one',
    ],
    [['generate', '--what', 'task'], `--api NAME is required: one of ${BUILTIN_API_NAMES.join('|')}, or a module file`],
    [['generate', '--api', 'ark', '--what', 'session'], 'ark has no session objects'],
    [['generate', '--api', 'ark', '--what', 'task', '--count', 'many'], '--count must be a whole number, got "many"'],
    [
      ['generate', '--api', 'ark', '--what', 'task', '--break', 'praxis.cancellable-only-when-running'],
      'is not an ark task rule',
    ],
    [['generate', '--api', 'ark', '--what', 'task', '--bogus'], "Unknown option '--bogus'"],
  ])('bad flags exit 2 with a reason: %j', async (argv, reason) => {
    const { code, err } = await run(...argv);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toContain(reason);
    expect(err).toContain('usage: agent-task-contracts generate');
  });
});
