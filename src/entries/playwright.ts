/** `agent-task-contracts/playwright`, over the built-in API set (or `mockServerOptions.apis`). */
import '../apis/types.js';
import { BUILTIN_APIS } from '../apis/index.js';
import { type MockTest, mockTest } from '../playwright/index.js';

export * from '../playwright/index.js';

/** Playwright's `test` with a mock server per worker (`mockServer`) and its client per test (`mock`). */
export const test: MockTest = mockTest(BUILTIN_APIS);
