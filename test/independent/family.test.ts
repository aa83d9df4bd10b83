/**
 * The runner over a family of correct servers generated from the contract (see family.ts):
 * every one of them, on every API, with and without a session, gets no violation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/index.js';
import { BUILTIN_FACES } from '../../src/contract/faces.js';
import { hostile } from '../helpers/hostile.js';
import { FAMILY, FAMILY_SESSION, knobs } from './family.js';

const SEED = Number(process.env.ATC_FAMILY_SEED ?? Date.now() % 1_000_000);

describe(`a family of correct servers conforms (fast-check seed ${SEED}; rerun with ATC_FAMILY_SEED=${SEED})`, () => {
  for (const face of BUILTIN_FACES) {
    const sessions = face === 'ark' || face === 'everruns' ? [FAMILY_SESSION[face]] : [FAMILY_SESSION[face], undefined];
    for (const session of sessions) {
      it(`${face}, ${session ? `--session ${session}` : 'no --session'}`, async () => {
        await fc.assert(
          fc.asyncProperty(knobs, fc.integer({ min: 1, max: 2 ** 30 }), async (k, runSeed) => {
            const server = await hostile(FAMILY[face].make(k));
            try {
              const result = await runConformance({
                face,
                baseUrl: `${server.url}${FAMILY[face].path}`,
                ...(session ? { session } : {}),
                seed: runSeed,
                runs: 30,
                polls: 2,
                pollIntervalMs: 5,
                timeoutMs: 5_000,
              });
              expect(result.error ?? null).toBeNull();
              expect(
                result.violations.map((v) => `${v.rule}: ${v.message} — ${v.curl} — ${v.replay?.command ?? ''}`),
              ).toEqual([]);
              expect(result.counts.passed).toBeGreaterThan(8);
            } finally {
              await server.close();
            }
          }),
          { seed: SEED, numRuns: 6, endOnFailure: true },
        );
      }, 120_000);
    }
  }
});
