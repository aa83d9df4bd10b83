// A helper thread of `generate` (generate-threads.ts): draws the blocks it takes and posts their bytes.
import { workerData } from 'node:worker_threads';
import { spanOf } from '../generators/bulk.js';
import { awaitTurn, drawBlock, type FromHelper, type HelperData, NEXT } from './generate-threads.js';
import { LineBytes } from './line-bytes.js';

const { run, state, port } = workerData as HelperData;
try {
  // The same set as the main thread's: the built-in modules and the same files.
  const { apis } = await (await import('./api-file.js')).loadApiFiles(run.apiFiles, run.cwd);
  const shared = new Int32Array(state);
  let chunks: Uint8Array[] = [];
  const bytes = new LineBytes((chunk) => chunks.push(chunk), false);
  const { blocks } = spanOf({ count: run.count });
  for (let block = Atomics.add(shared, NEXT, 1); block < blocks; block = Atomics.add(shared, NEXT, 1)) {
    awaitTurn(shared, block);
    drawBlock(run, block, bytes, apis);
    const message: FromHelper = { block, chunks };
    port.postMessage(
      message,
      chunks.map((chunk) => chunk.buffer as ArrayBuffer),
    );
    chunks = [];
  }
} catch (error) {
  const message: FromHelper = { error: (error as Error).stack ?? String(error) };
  port.postMessage(message);
}
port.close();
