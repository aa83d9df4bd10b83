/**
 * `agent-task-contracts/browser`, over the built-in API set. The contract side is installed at once
 * (`checkItem`, `validateResponseBody`); the mock side with the worker, so an app's first chunk holds
 * no mock behaviour it has not started.
 */
import '../apis/types.js';
import '../apis/install-contracts.js';
import { startMockWorker as startWorker, type WorkerOptions } from '../browser/index.js';

export { VENDOR_BASE_URLS } from '../apis/contracts.js';
export * from '../browser/index.js';

/**
 * Starts MSW's service worker over the built-in APIs (their demo data, or `options.scenario`); resolves
 * when it intercepts requests. Scenario support and data generation are loaded only when asked for.
 */
export async function startMockWorker(options: WorkerOptions = {}): ReturnType<typeof startWorker> {
  await import('../apis/install.js');
  return startWorker(options);
}
