import { MockApp } from '../../src/apis/mock-functions.js';

import type { MockOptions } from '../../src/handlers/app.js';
import { type RunningServer, type ServerOptions, startServer } from '../../src/node/server.js';

/** The standalone mock on an ephemeral 127.0.0.1 port. */
export async function startMock(
  options: MockOptions = {},
  serverOptions: Omit<ServerOptions, 'host' | 'port'> = {},
): Promise<{ app: MockApp; server: RunningServer; base: (api: string) => string }> {
  const app = await MockApp.create(options);
  const server = await startServer(app, { ...serverOptions, host: '127.0.0.1', port: 0 });
  return { app, server, base: (api) => `${server.url}/${api}` };
}

/** The session each built-in API's demo data is judged on (src/apis/mocks.ts). */
export { DEMO_SESSIONS } from '../../src/apis/mocks.js';
