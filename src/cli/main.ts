/**
 * agent-task-contracts CLI. Exit codes: 0 success, 1 a check failed (conform), 2 bad usage or
 * configuration.
 */
import { writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type Command,
  type CommandIo,
  describeFlags,
  ModuleError,
  OutputClosed,
  parseArgsOptions,
  UsageError,
} from './command.js';
import { commands } from './commands.js';

const PROGRAM = 'agent-task-contracts';

function mainUsage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `usage: ${PROGRAM} <command> [flags]`,
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run \`${PROGRAM} <command> --help\` for a command's flags.`,
  ].join('\n');
}

/** What a refused command line prints: the usage, and where each flag is explained. */
function commandUsage(command: Command): string {
  const more = `Run \`${PROGRAM} ${command.name} --help\` for what each flag means and its default.`;
  return `usage: ${PROGRAM} ${command.usage}\n\n${command.summary}\n${more}`;
}

/** `--help`: the usage, then every flag with its meaning and default. */
function commandHelp(command: Command): string {
  return `usage: ${PROGRAM} ${command.usage}\n\n${command.summary}\n\n${describeFlags(command.options)}`;
}

export async function runCli(argv: string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${mainUsage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`${PROGRAM}: unknown command "${name}"\n${mainUsage()}\n`);
    return 2;
  }
  let values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: { ...parseArgsOptions(command.options), help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: command.positionals === true,
    }));
  } catch (error) {
    io.stderr(`${PROGRAM} ${name}: ${firstLine(error)}\n${commandUsage(command)}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(`${commandHelp(command)}\n`);
    return 0;
  }
  try {
    return await command.run(values, io, positionals);
  } catch (error) {
    if (error instanceof OutputClosed) return 0;
    if (error instanceof UsageError) {
      const usage = error instanceof ModuleError ? '' : `${commandUsage(command)}\n`;
      io.stderr(`${PROGRAM} ${name}: ${error.message}\n${usage}`);
      return 2;
    }
    throw error;
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * Writes all of `bytes` to file descriptor `fd` before it returns. A pipe Node has made non-blocking
 * takes part of them, or none (EAGAIN) while its reader is behind: wait a moment and write the rest.
 */
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) {
    try {
      at += writeSync(fd, bytes, at, bytes.length - at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') throw new OutputClosed('standard output was closed');
      if (code !== 'EAGAIN') throw error;
      Atomics.wait(PAUSE, 0, 0, 1);
    }
  }
}
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Runs the CLI on this process's arguments and sets its exit code. */
export async function main(): Promise<void> {
  let stopSignal: Promise<void> | undefined;
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stdoutBytes: (bytes) => writeAll(1, bytes),
    stderr: (text) => process.stderr.write(text),
    // Ctrl-C is caught only once a command asks to wait for it (mock, conform, record): one that never
    // does (generate, drawing for seconds) stops at Ctrl-C as any program does.
    get stopSignal() {
      stopSignal ??= new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
        if (startedByNpm()) whenParentExits(resolve);
      });
      return stopSignal;
    },
  });
}

/** npx, `npm exec` and `npm run` set `npm_lifecycle_event` in the environment of what they start. */
function startedByNpm(): boolean {
  return process.env.npm_lifecycle_event !== undefined;
}

/**
 * npm runs a bin through a shell, and passes a SIGTERM or SIGINT sent to npm's own pid to that shell
 * alone, which dies without passing it on: stopping `npx agent-task-contracts mock` by its pid would
 * leave the server listening. The shell lives exactly as long as npm, so its end is the signal.
 */
function whenParentExits(stop: () => void): void {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, PARENT_POLL_MS);
  watch.unref();
}
const PARENT_POLL_MS = 200;
