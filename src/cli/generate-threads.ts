/**
 * `generate` on more than one thread: worker threads draft chunks of objects (their script is
 * src/entries/generate-worker.ts), the main thread takes them in order and writes them (see
 * src/generators/parallel.ts), so the output is what one thread writes for the seed. Only the built
 * script can run in a worker: run from sources (tsx, vitest), `threadsFor` gives 1.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Face } from '../contract/faces.js';
import type { RuleTarget } from '../contract/rules/types.js';
import { BulkRun, CHUNK, type DrawOptions } from '../generators/bulk.js';
import { type DraftChunk, takeChunk } from '../generators/parallel.js';

/** The workers' script, built beside this module (dist/cli/ and dist/cli-bundle/ both sit in dist/). */
const WORKER = new URL('../entries/generate-worker.js', import.meta.url);

/** What a worker is told: the run it drafts for. */
export interface Job {
  atcGenerate: true;
  face: Face;
  target: RuleTarget;
  options: DrawOptions;
  apiFiles: readonly string[];
}

/** Chunks a worker may have drafted and not yet taken. */
const AHEAD = 2;
/** Below this many objects, starting threads costs more than it saves. */
const MIN_PARALLEL = 20_000;

/** How many threads draft a run of `count` objects. */
export function threadsFor(count: number): number {
  if (count < MIN_PARALLEL || !import.meta.url.endsWith('.js') || !existsSync(fileURLToPath(WORKER))) return 1;
  return Math.min(4, Math.max(1, availableParallelism()));
}

/** Writes the lines of a run drafted by `threads` workers; resolves when all are written. */
export async function writeInParallel(
  job: Omit<Job, 'atcGenerate'>,
  threads: number,
  write: (bytes: Uint8Array) => void,
): Promise<void> {
  const { count } = job.options;
  const chunks = Math.ceil(count / CHUNK);
  const waiting = new Map<number, { resolve: (c: DraftChunk) => void; reject: (e: unknown) => void }>();
  const arrived = new Map<number, DraftChunk>();
  let failure: unknown;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(WORKER, { workerData: { atcGenerate: true, ...job } satisfies Job });
    worker.on('message', (chunk: DraftChunk) => {
      const w = waiting.get(chunk.from / CHUNK);
      if (w) w.resolve(chunk);
      else arrived.set(chunk.from / CHUNK, chunk);
    });
    worker.on('error', (error) => {
      failure = error;
      for (const w of waiting.values()) w.reject(error);
    });
    return worker;
  });
  const ask = (c: number) => {
    if (c < chunks) workers[c % threads]!.postMessage({ from: c * CHUNK, to: Math.min(count, (c + 1) * CHUNK) });
  };
  const chunkAt = (c: number) =>
    new Promise<DraftChunk>((resolve, reject) => {
      if (failure !== undefined) return reject(failure);
      const got = arrived.get(c);
      if (got) {
        arrived.delete(c);
        return resolve(got);
      }
      waiting.set(c, {
        resolve: (chunk) => {
          waiting.delete(c);
          resolve(chunk);
        },
        reject,
      });
    });
  try {
    for (let c = 0; c < threads * AHEAD; c++) ask(c);
    // The main thread's run makes again the objects whose drafted ids came before.
    const run = new BulkRun(job.face, job.target, job.options);
    for (let c = 0; c < chunks; c++) {
      const chunk = await chunkAt(c);
      ask(c + threads * AHEAD);
      for (const bytes of takeChunk(run, chunk)) write(bytes);
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
