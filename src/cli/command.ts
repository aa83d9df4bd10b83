import type { ParseArgsConfig } from 'node:util';

type ParseArgsOption = NonNullable<ParseArgsConfig['options']>[string];

/** One flag: what parseArgs reads, and what `--help` says of it. */
export type Flag = ParseArgsOption & {
  /** What the flag does, one sentence. */
  help: string;
  /** The value's placeholder in `--help` (`N`, `MS`, `URL`); absent for a boolean. */
  value?: string;
  /**
   * What applies when the flag is absent, when parseArgs has no `default` for it (a default the
   * command or the runner works out: "100", "a random seed", "required", "none").
   */
  otherwise?: string;
};

/** A CLI command: its flags for parseArgs, its help text, and what it does. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** Every flag, described: `--help` lists each with its meaning and default (a test holds every flag to it). */
  options: Record<string, Flag>;
  /** The command takes arguments beside its flags (file names). */
  positionals?: boolean;
  /** Returns the process exit code. */
  run(
    values: Record<string, string | boolean | string[] | boolean[] | undefined>,
    io: CommandIo,
    positionals: readonly string[],
  ): Promise<number>;
}

export interface CommandIo {
  stdout: (text: string) => void;
  /**
   * Writes bytes to standard output before it returns, so the caller may reuse them: for a command
   * that writes much (`generate`); `stdout` takes their text where this is not given.
   */
  stdoutBytes?: (bytes: Uint8Array) => void;
  stderr: (text: string) => void;
  /** Resolves when the process is asked to stop (Ctrl-C); long-running commands await it. */
  stopSignal: Promise<void>;
}

/** A bad flag value: the CLI prints the reason and the command's usage and exits 2. */
export class UsageError extends Error {}

/** A module file `--api` names that cannot be used as one: the CLI prints the reason alone and exits 2. */
export class ModuleError extends UsageError {}

/** Standard output's reader has gone (`generate … | head`): the command stops, and the CLI exits 0. */
export class OutputClosed extends Error {}

export function requireString(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

export function parseInteger(
  values: Record<string, unknown>,
  name: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const text = String(raw);
  if (!/^-?\d+$/.test(text)) throw new UsageError(`--${name} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function parseChoice<T extends string>(
  values: Record<string, unknown>,
  name: string,
  choices: readonly T[],
): T | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (!(choices as readonly string[]).includes(String(raw)))
    throw new UsageError(`--${name} must be one of ${choices.join('|')}, got "${String(raw)}"`);
  return raw as T;
}

/** The flags as parseArgs takes them (their help left out). */
export function parseArgsOptions(options: Readonly<Record<string, Flag>>): Record<string, ParseArgsOption> {
  return Object.fromEntries(
    Object.entries(options).map(([name, { help: _help, value: _value, otherwise: _otherwise, ...spec }]) => [
      name,
      spec,
    ]),
  );
}

/** What a flag defaults to, as `--help` says it. */
export function flagDefault(flag: Flag): string | undefined {
  if (flag.default !== undefined) return Array.isArray(flag.default) ? flag.default.join(', ') : String(flag.default);
  return flag.otherwise;
}

/** The `flags:` section of a command's `--help`: each flag, its value, its meaning and its default. */
export function describeFlags(options: Readonly<Record<string, Flag>>): string {
  const rows = Object.entries(options).map(([name, flag]) => {
    const head = `--${name}${flag.value ? ` ${flag.value}` : ''}${flag.multiple ? ' (repeatable)' : ''}`;
    const dflt = flagDefault(flag);
    const after = dflt === undefined ? '' : dflt === 'required' ? ' (required)' : ` (default: ${dflt})`;
    return [head, `${flag.help}${after}`] as const;
  });
  rows.push(['-h, --help', 'Print this help and exit 0.']);
  const width = Math.max(...rows.map(([head]) => head.length));
  return ['flags:', ...rows.map(([head, text]) => `  ${head.padEnd(width)}  ${text}`)].join('\n');
}
