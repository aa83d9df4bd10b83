/**
 * `agent-task-contracts/browser`, over the built-in API set. The contract side is loaded at once
 * (`checkItem`, `validateResponseBody`); the mock side with the worker, so an app's first chunk holds
 * no mock behaviour it has not started.
 */
import '../apis/types.js';
import { startMockWorker as startWorker, type WorkerOptions } from '../browser/index.js';

export { checkItem, validateResponseBody } from '../apis/contract-functions.js';
export { VENDOR_BASE_URLS } from '../apis/contracts.js';
export * from '../browser/index.js';

/**
 * Starts MSW's service worker over the built-in APIs (or `options.apis`: their demo data, or
 * `options.scenario`); resolves when it intercepts requests. Scenario support and data generation
 * are loaded only when asked for.
 */
export async function startMockWorker(options: WorkerOptions = {}): ReturnType<typeof startWorker> {
  const apis = options.apis ?? (await import('../apis/index.js')).BUILTIN_APIS;
  return startWorker({ ...options, apis });
}
