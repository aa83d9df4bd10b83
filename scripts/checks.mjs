// npm run checks (the first half of npm test): the checks that read the sources without running
// them. Each is one process, most of them on one core, so they run two at a time, the longest
// first, instead of one after another; each one's output is printed whole when it ends. All of
// them run even when one fails, so one run names every failure. The layer boundaries and
// check:sentences are not here: vitest runs both (test/structure/boundaries.test.ts,
// test/sentences/check.test.ts) with the same verdict.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Incremental: a later run checks again only what changed since (a third of the time when nothing
// did), and reports the errors it found before from node_modules/.cache, which a fresh install has not.
const tsc = (project, name) => [
  'tsc',
  '-p',
  project,
  '--incremental',
  '--tsBuildInfoFile',
  `node_modules/.cache/tsc/${name}`,
];

/** [what it checks, the command, how to run it alone], the longest first. */
const CHECKS = [
  ['type check', tsc('.', 'root.tsbuildinfo'), 'npm run typecheck'],
  [
    'type check of the example app',
    tsc('examples/task-board', 'task-board.tsbuildinfo'),
    'npx tsc -p examples/task-board',
  ],
  ['type check of the shipped example module', tsc('examples/jobs', 'jobs.tsbuildinfo'), 'npx tsc -p examples/jobs'],
  ['generated files are fresh', ['tsx', 'scripts/generate.ts', '--check'], 'npm run generate'],
  ['unused code and exports', ['knip'], 'npm run check:exports'],
  ['lint and format', ['biome', 'check', '--error-on-warnings', '.'], 'npm run lint'],
];

const PATH = `${root}node_modules/.bin:${process.env.PATH ?? ''}`;

function run([name, [command, ...args], alone]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, PATH } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let ended = false;
    const end = (ok, note = '') => {
      if (ended) return; // a command that cannot start emits 'error', then 'close'
      ended = true;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${ok ? '✓' : '✗'} ${name} (${[command, ...args.slice(0, 2)].join(' ')}, ${seconds} s)${note}`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(ok ? undefined : `${name}: run \`${alone}\``);
    };
    child.on('error', (error) => end(false, `: ${error.message}`));
    child.on('close', (code) => end(code === 0));
  });
}

const queue = [...CHECKS];
const failures = [];
const lane = async () => {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const failure = await run(check);
    if (failure) failures.push(failure);
  }
};
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, lane));
if (failures.length > 0) {
  console.error(
    `\n${failures.length} of ${CHECKS.length} checks failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`,
  );
  process.exit(1);
}
