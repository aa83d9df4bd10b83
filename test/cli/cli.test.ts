import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t), stopSignal: new Promise(() => {}) });
  return { code, out, err };
}

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
