// A helper thread of `generate` (generate-threads.ts): draws the blocks it takes and posts their bytes.
import '../apis/install.js';
import { workerData } from 'node:worker_threads';
import { spanOf } from '../generators/bulk.js';
import { drawBlock, type FromHelper, type HelperData } from './generate-threads.js';

const { run, claims, port } = workerData as HelperData;
try {
  // Only a run with module files loads the module reader (and what it imports).
  if (run.apiFiles.length > 0) await (await import('./api-file.js')).loadApiFiles(run.apiFiles, run.cwd);
  const next = new Int32Array(claims);
  const { blocks } = spanOf({ count: run.count, seed: run.seed });
  for (let block = Atomics.add(next, 0, 1); block < blocks; block = Atomics.add(next, 0, 1)) {
    const chunks: Uint8Array[] = [];
    drawBlock(run, block, (chunk) => chunks.push(chunk), false);
    const message: FromHelper = { block, chunks };
    port.postMessage(
      message,
      chunks.map((chunk) => chunk.buffer as ArrayBuffer),
    );
  }
} catch (error) {
  const message: FromHelper = { error: (error as Error).stack ?? String(error) };
  port.postMessage(message);
}
port.close();
