/**
 * Set-up of every test file that shares its worker's modules with the files before it (the
 * `shared` project in vitest.config.ts): an API registered in one file would still be registered
 * in the next, whose lists of APIs, fault ids and messages would then name it. This fails the
 * file that leaves one registered, and says where it belongs.
 */
import { afterAll } from 'vitest';
import { apiNames } from '../../src/contract/registry.js';

const before = apiNames().join(', ');

afterAll(() => {
  const after = apiNames().join(', ');
  if (after !== before)
    throw new Error(
      `this file registers an API (the APIs were ${before}, now ${after}), which every later file in its worker ` +
        'would see: add it to ISOLATED in vitest.config.ts, where each file gets modules of its own',
    );
});
