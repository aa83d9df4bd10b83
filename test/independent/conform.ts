/** Runs the conformance runner against one independent server on 127.0.0.1 (closed with the test file's closers). */

import { type ConformanceOptions, runConformance } from '../../src/entries/conformance.js';
import { hostile } from '../helpers/hostile.js';
import type { FamilyApi } from './family.js';
import { type Handler, SETUP } from './servers.js';

type RunOptions = Pick<ConformanceOptions, 'seed' | 'runs' | 'polls' | 'pollIntervalMs'>;

export async function conformAgainst(
  api: FamilyApi,
  handler: Handler,
  options: RunOptions,
  closers: (() => Promise<void>)[],
) {
  const server = await hostile(handler);
  closers.push(server.close);
  return runConformance({
    api,
    baseUrl: `${server.url}${SETUP[api].path}`,
    session: SETUP[api].session,
    ...options,
  });
}
