// A helper thread of `generate` (generate-threads.ts): draws the blocks it takes and posts their bytes.
import '../apis/install.js';
import { workerData } from 'node:worker_threads';
import { spanOf } from '../generators/bulk.js';
import { awaitTurn, drawBlock, type FromHelper, type HelperData, NEXT } from './generate-threads.js';

const { run, state, port } = workerData as HelperData;
try {
  // Only a run with module files loads the module reader (and what it imports).
  if (run.apiFiles.length > 0) await (await import('./api-file.js')).loadApiFiles(run.apiFiles, run.cwd);
  const shared = new Int32Array(state);
  const { blocks } = spanOf({ count: run.count, seed: run.seed });
  for (let block = Atomics.add(shared, NEXT, 1); block < blocks; block = Atomics.add(shared, NEXT, 1)) {
    awaitTurn(shared, block);
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
