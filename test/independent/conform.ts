/** Runs the conformance runner against one independent server on 127.0.0.1 (closed with the test file's closers). */

import type { BuiltinFace } from '../../src/apis/index.js';
import { type ConformanceOptions, runConformance } from '../../src/conformance/index.js';
import { hostile } from '../helpers/hostile.js';
import { type Handler, SETUP } from './servers.js';

type RunOptions = Pick<ConformanceOptions, 'seed' | 'runs' | 'polls' | 'pollIntervalMs'>;

export async function conformAgainst(
  face: BuiltinFace,
  handler: Handler,
  options: RunOptions,
  closers: (() => Promise<void>)[],
) {
  const server = await hostile(handler);
  closers.push(server.close);
  return runConformance({
    face,
    baseUrl: `${server.url}${SETUP[face].path}`,
    session: SETUP[face].session,
    ...options,
  });
}
