/**
 * `generate --threads`: a helper that fails leaves its blocks to the main thread, which writes the
 * lines one thread writes and says why (the helpers that work are tested from the packed tarball,
 * whose built CLI has the helper's module: test/package/pack.test.ts).
 */

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HelperThreads } from '../../src/cli/generate-threads.js';
import { BLOCK } from '../../src/generators/bulk.js';
import { drawLines } from '../../src/generators/lines.js';
import { BUILTIN } from '../helpers/apis.js';

const run = {
  api: 'praxis',
  target: 'task',
  count: 5 * BLOCK + 7,
  seed: 3,
  edge: false,
  apiFiles: [],
  cwd: '.',
} as const;

/** Waits (blocking, as the main thread's writes do) until the helper has taken its blocks. */
function untilClaimed(signal: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + 20_000; !existsSync(signal) && Date.now() < until; ) Atomics.wait(pause, 0, 0, 10);
}

async function written(helper: string) {
  const chunks: Buffer[] = [];
  let notes = '';
  const signal = join(await mkdtemp(join(tmpdir(), 'atc-threads-')), 'claimed');
  process.env.ATC_TEST_SIGNAL = signal;
  const helpers = new HelperThreads(run, BUILTIN, 2, new URL(`../fixtures/helpers/${helper}`, import.meta.url));
  const done = await helpers.write(
    (bytes) => {
      // The first write waits for the helper, so that it holds blocks the main thread has not drawn.
      if (chunks.length === 0) untilClaimed(signal);
      chunks.push(Buffer.from(bytes));
    },
    (text) => (notes += text),
  );
  delete process.env.ATC_TEST_SIGNAL;
  await rm(dirname(signal), { recursive: true, force: true });
  return { text: Buffer.concat(chunks).toString('utf8'), notes, ...done };
}

const oneThread = () =>
  [...drawLines('praxis', 'task', { count: run.count, seed: run.seed, apis: BUILTIN })]
    .map((line) => `${line}\n`)
    .join('');

describe('generate on several threads, when a helper fails', () => {
  it('a helper that dies holding blocks: the main thread draws them, the same lines, and says so', async () => {
    const { text, notes, blocks, byHelpers } = await written('takes-blocks-then-dies.mjs');
    expect(blocks).toBe(6);
    expect(byHelpers).toBe(0);
    expect(text === oneThread()).toBe(true);
    expect(notes).toBe(
      'note: a helper thread of generate stopped (it exited with code 3); this thread drew its blocks\n',
    );
  }, 30_000);

  it("a helper that reports an error: its message's first line is in the note", async () => {
    const { text, notes } = await written('posts-an-error.mjs');
    expect(text === oneThread()).toBe(true);
    expect(notes).toBe(
      'note: a helper thread of generate stopped (Error: the helper could not draw); this thread drew its blocks\n',
    );
  }, 30_000);
});
