/**
 * How replay lines start: the command that ran this CLI, so that a printed line runs as printed
 * from the same place (a bare name works only where the package is installed globally).
 */
import { isAbsolute, relative, sep } from 'node:path';

/** What a replay line starts with when nothing says how the CLI was run (the programmatic API). */
export const DEFAULT_REPLAY_COMMAND = 'npx agent-task-contracts';

const NAME = 'agent-task-contracts';

interface Process {
  /** process.argv: the node binary, then the script it runs (the bin as invoked, symlinks kept). */
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/**
 * The command prefix that runs this CLI the way this process was started:
 * `npx agent-task-contracts` from a project's node_modules (npx, an npm script, the bin's path;
 * npx's own cache is a node_modules too),
 * `npm run cli --` or `node bin/agent-task-contracts.js` from a checkout, and the bare name from
 * a global install (a bin on PATH outside any node_modules).
 */
export function invocationOf({ argv, env, cwd }: Process): string {
  const script = argv[1] ?? '';
  const parts = script.split(/[\\/]/);
  // npm's variables reach every process an npm command starts (a test runner's children too), so
  // the script's path decides; they only tell `npm run cli` apart from another way to run the sources.
  if (parts.includes('node_modules')) return DEFAULT_REPLAY_COMMAND;
  if (parts.slice(-2).join('/') === `bin/${NAME}.js`) return `node ${shellPath(script, cwd)}`;
  if (parts.slice(-3).join('/') === 'src/cli/entry.ts')
    return env.npm_lifecycle_event === 'cli' && env.npm_package_name === NAME
      ? 'npm run cli --'
      : `npx tsx ${shellPath(script, cwd)}`;
  return NAME;
}

/** A script's path as a shell word, relative to the working directory when it lies under it. */
function shellPath(script: string, cwd: string): string {
  const near = relative(cwd, script);
  const path = isAbsolute(near) || near.startsWith('..') ? script : near.split(sep).join('/');
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
