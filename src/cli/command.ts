import type { ParseArgsConfig } from 'node:util';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** A CLI command: its flags for parseArgs, its help text, and what it does. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  options: OptionSpec;
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
  stderr: (text: string) => void;
  /** Resolves when the process is asked to stop (Ctrl-C); long-running commands await it. */
  stopSignal: Promise<void>;
}

/** A bad flag value: the CLI prints the reason and the command's usage and exits 2. */
export class UsageError extends Error {}

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
