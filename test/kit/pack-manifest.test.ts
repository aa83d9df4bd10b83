/** `npm pack`'s prepack step refuses a manifest naming a file the package would not hold. */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atc-manifest-'));
  await mkdir(join(dir, 'scripts'));
  await mkdir(join(dir, 'node_modules'));
  await mkdir(join(dir, 'dist/kit'), { recursive: true });
  await copyFile(
    fileURLToPath(new URL('../../scripts/pack-manifest.mjs', import.meta.url)),
    join(dir, 'scripts/x.mjs'),
  );
  await writeFile(join(dir, 'dist/kit/index.js'), '');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const manifest = (extra: object) =>
  writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'p', scripts: { prepare: 'x' }, files: ['dist'], ...extra }, null, 2),
  );
const strip = () => run(process.execPath, [join(dir, 'scripts/x.mjs'), 'strip'], { cwd: dir });

describe('pack-manifest strip', () => {
  it('names each exports target and files entry that does not exist, and leaves package.json as it was', async () => {
    await manifest({
      exports: { './kit': { types: './dist/kit/index.d.ts', default: './dist/kit/index.js' } },
      files: ['dist', 'examples/jobs', '!dist/**/*.map'],
    });
    const before = await readFile(join(dir, 'package.json'), 'utf8');
    const error = await strip().then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr.trim().split('\n')).toEqual([
      'package.json exports ./kit types: ./dist/kit/index.d.ts does not exist; build it or fix the entry',
      'package.json files: examples/jobs does not exist; build it or fix the entry',
    ]);
    expect(await readFile(join(dir, 'package.json'), 'utf8')).toBe(before);
  });

  it('strips the install-time scripts when every file is there', async () => {
    await manifest({ exports: { './kit': './dist/kit/index.js' } });
    await strip();
    expect(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')).scripts).toEqual({});
    await run(process.execPath, [join(dir, 'scripts/x.mjs'), 'restore'], { cwd: dir });
    expect(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')).scripts).toEqual({ prepare: 'x' });
  });
});
