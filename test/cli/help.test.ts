/** `--help` on every command lists every flag with what it means and its default. */
import { describe, expect, it } from 'vitest';
import { flagDefault } from '../../src/cli/command.js';
import { commands } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/main.js';

async function help(name: string): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli([name, '--help'], {
    stdout: (t) => (out += t),
    stderr: (t) => (out += t),
    stopSignal: new Promise<void>(() => {}),
  });
  return { code, out };
}

describe('--help', () => {
  for (const command of commands)
    it(`${command.name}: every flag has a meaning and a default, and --help prints both`, async () => {
      const { code, out } = await help(command.name);
      expect(code).toBe(0);
      expect(out).toContain(`usage: agent-task-contracts ${command.name}`);
      for (const [name, flag] of Object.entries(command.options)) {
        expect(flag.help, `--${name}`).toMatch(/^[A-Z].*\.$/);
        const dflt = flagDefault(flag);
        expect(dflt, `--${name} says what applies without it`).toBeDefined();
        const line = out.split('\n').find((l) => l.trimStart().startsWith(`--${name} `) || l.trim() === `--${name}`);
        expect(line, `--${name} in --help`).toBeDefined();
        expect(line).toContain(flag.help);
        expect(line).toContain(dflt === 'required' ? '(required)' : `(default: ${dflt})`);
      }
      expect(out).toMatch(/-h, --help +Print this help/);
    });

  it('a refused command line points at --help instead of printing every flag', async () => {
    let err = '';
    const code = await runCli(['conform', '--no-such-flag'], {
      stdout: () => {},
      stderr: (t) => (err += t),
      stopSignal: new Promise<void>(() => {}),
    });
    expect(code).toBe(2);
    expect(err).toContain('Run `agent-task-contracts conform --help` for what each flag means and its default.');
    expect(err).not.toContain('flags:');
  });
});
