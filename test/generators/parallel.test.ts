import { describe, expect, it } from 'vitest';
import '../../src/apis/install.js';
import type { RuleTarget } from '../../src/contract/rules/types.js';
import { BulkRun, CHUNK, drawLines } from '../../src/generators/bulk.js';
import { draftChunk, takeChunk } from '../../src/generators/parallel.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

/** What `generate` writes when its chunks are drafted apart (by `threads` runs, in any order) and taken in order. */
function drafted(face: string, target: RuleTarget, options: { count: number; seed: number; edge: boolean }) {
  const threads = [new BulkRun(face, target, options), new BulkRun(face, target, options)];
  const chunks = [];
  // The second run drafts its chunks first: the order of drafting must not matter.
  for (let c = Math.ceil(options.count / CHUNK) - 1; c >= 0; c--)
    chunks[c] = draftChunk(threads[c % 2]!, c * CHUNK, Math.min(options.count, (c + 1) * CHUNK));
  const whole = new BulkRun(face, target, options);
  const decoder = new TextDecoder();
  return chunks.flatMap((chunk) => [...takeChunk(whole, chunk)].map((bytes) => decoder.decode(bytes))).join('');
}

describe(`generate on several threads (seed ${SEED}; set PROPERTY_SEED to replay)`, () => {
  for (const [face, target, edge] of [
    ['praxis', 'session', true],
    ['ark', 'task', false],
    ['everruns', 'task', true],
  ] as const)
    it(`${face} ${target}${edge ? ' --edge' : ''}: chunks drafted apart give the lines of one thread`, () => {
      const options = { count: 2 * CHUNK + 300, seed: SEED, edge };
      const one = [...drawLines(face, target, options)].join('');
      expect(drafted(face, target, options)).toBe(one);
    });
});
