/**
 * The script of a worker thread of `generate` (src/cli/generate-threads.ts): it installs the API
 * set as the CLI does, loads the run's --api files, and drafts the chunks it is asked for.
 */
import { parentPort, workerData } from 'node:worker_threads';
import '../apis/install.js';
import { loadApiFiles } from '../cli/api-file.js';
import type { Job } from '../cli/generate-threads.js';
import { BulkRun } from '../generators/bulk.js';
import { draftChunk } from '../generators/parallel.js';

const job = workerData as Job;
await loadApiFiles([...job.apiFiles]);
const run = new BulkRun(job.face, job.target, job.options);
parentPort!.on('message', ({ from, to }: { from: number; to: number }) => {
  const chunk = draftChunk(run, from, to);
  parentPort!.postMessage(chunk, [chunk.bytes.buffer as ArrayBuffer, chunk.ends.buffer as ArrayBuffer]);
});
