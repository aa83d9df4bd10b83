/**
 * A Playwright Test fixture: each worker starts the standalone mock server once, on a free port
 * of 127.0.0.1, and each test gets `mock`, its control over HTTP (`MockControl`), reset after the
 * test. `@playwright/test` is an optional peer dependency: only this entry imports it.
 *
 * ```ts
 * import { test, expect } from 'agent-task-contracts/playwright';
 * test('shows an unknown task', async ({ page, mock }) => {
 *   await mock.addTasks('ark', 'sesn-x', [{ state: 'unknown' }]);
 *   …
 * });
 * ```
 */
import {
  test as base,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { MockApp, type MockOptions } from '../handlers/app.js';
import { connectMock, type RemoteMock } from '../node/control.js';
import { startServer } from '../node/server.js';

/**
 * How each worker's server starts (a Playwright option: `test.use({ mockServerOptions: { seed: 7 } })`
 * in a file's scope, or in the config's `use`).
 */
export type MockServerOptions = Pick<MockOptions, 'apis' | 'seed' | 'faults' | 'latencyMs' | 'sessionTasks'>;

/** The worker's running server. */
export interface MockServer {
  /** The server's root, e.g. `http://127.0.0.1:41877`. */
  url: string;
}

export interface MockFixtures {
  /** The worker's mock server, driven over HTTP (`MockControl`, as in process); reset after each test. */
  mock: RemoteMock;
}

export interface MockWorkerFixtures {
  mockServerOptions: MockServerOptions;
  mockServer: MockServer;
}

/** Playwright's `test` with the mock's fixtures. */
export type MockTest = TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & MockFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & MockWorkerFixtures
>;

/** The fixtures over an API set (`apis`), which `mockServerOptions.apis` may replace. */
export function mockTest(apis: NonNullable<MockOptions['apis']>): MockTest {
  return base.extend<MockFixtures, MockWorkerFixtures>({
    mockServerOptions: [{}, { scope: 'worker', option: true }],
    mockServer: [
      async ({ mockServerOptions }, use) => {
        const app = await MockApp.create({ ...mockServerOptions, apis: mockServerOptions.apis ?? apis });
        const server = await startServer(app, { host: '127.0.0.1', port: 0 });
        try {
          await use({ url: server.url });
        } finally {
          await server.close();
        }
      },
      { scope: 'worker' },
    ],
    mock: async ({ mockServer }, use) => {
      const mock = await connectMock(mockServer.url);
      try {
        await use(mock);
      } finally {
        await mock.reset();
      }
    },
  });
}

export { expect } from '@playwright/test';
export type { ClockState, ControlClock } from '../handlers/clock.js';
export { ControlError } from '../handlers/control-error.js';
export type { MockControl, SessionCount } from '../handlers/mock-control.js';
export type { Outage, OutageKind } from '../handlers/outages.js';
export type { PlayOptions } from '../handlers/timeline.js';
export type { RemoteMock } from '../node/control.js';
