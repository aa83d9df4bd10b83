/** `agent-task-contracts/playwright`, over the built-in API set (or `mockServerOptions.apis`). */
import '../apis/types.js';
import { BUILTIN_APIS } from '../apis/index.js';
import { mockTest } from '../playwright/index.js';

export * from '../playwright/index.js';

/** Playwright's `test` with a mock server per worker (`mockServer`) and its client per test (`mock`). */
export const test = mockTest(BUILTIN_APIS);
