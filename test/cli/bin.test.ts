/** The bin serves the built bundle only while it is fresh: a source change after the build runs the sources instead. */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(async () => {
  // A checkout in miniature: the real bin, a bundle and sources that say which one ran.
  dir = await mkdtemp(join(tmpdir(), 'atc-bin-layout-'));
  await mkdir(join(dir, 'bin'));
  await cp(join(ROOT, 'bin/agent-task-contracts.js'), join(dir, 'bin/agent-task-contracts.js'));
  await mkdir(join(dir, 'dist/cli-bundle'), { recursive: true });
  await writeFile(join(dir, 'dist/cli-bundle/entry.js'), "console.log('bundle');\n");
  await mkdir(join(dir, 'src/cli'), { recursive: true });
  await writeFile(join(dir, 'src/cli/entry.ts'), "const from: string = 'source';\nconsole.log(from);\n");
  await writeFile(join(dir, 'package.json'), '{"type":"module"}');
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bin = () => run(process.execPath, [join(dir, 'bin/agent-task-contracts.js')], { cwd: dir });
const at = (path: string, seconds: number) => utimes(join(dir, path), seconds, seconds);

describe('bin/agent-task-contracts.js', () => {
  it('runs the bundle when no source is newer than the build stamp', async () => {
    await writeFile(join(dir, 'dist/.build-stamp'), 'now\n');
    await at('src/cli/entry.ts', 1_000_000);
    await at('dist/.build-stamp', 2_000_000);
    const { stdout, stderr } = await bin();
    expect(stdout.trim()).toBe('bundle');
    expect(stderr).toBe('');
  });

  it('a README.md beside the sources, changed after the build, leaves the bundle fresh', async () => {
    await writeFile(join(dir, 'src/cli/README.md'), '# the commands\n');
    await at('src/cli/README.md', 3_000_000);
    expect((await bin()).stdout.trim()).toBe('bundle');
  });

  it('never serves a stale bundle: a source changed after the build runs the sources, with a note', async () => {
    await at('dist/.build-stamp', 2_000_000);
    await at('src/cli/entry.ts', 3_000_000);
    const { stdout, stderr } = await bin();
    expect(stdout.trim()).toBe('source');
    expect(stderr).toContain('src/ changed since the last `npm run build`');
  });

  it('without a stamp (a build that did not finish) the sources run', async () => {
    await rm(join(dir, 'dist/.build-stamp'));
    expect((await bin()).stdout.trim()).toBe('source');
  });

  it('an installed package (no sources) runs its bundle', async () => {
    await rm(join(dir, 'src'), { recursive: true });
    expect((await bin()).stdout.trim()).toBe('bundle');
  });
});
