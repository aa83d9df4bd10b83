/**
 * The control surface as a state machine (model-based): any sequence of control calls and list
 * requests, in process and over HTTP. A bounded run here; `npm run test:chaos` runs it for ten
 * minutes (ATC_CHAOS_MS). Failures shrink and print the seed to replay with ATC_MODEL_SEED.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { controlProperty, inProcess, overHttp } from '../helpers/control-model.js';

const SEED = Number(process.env.ATC_MODEL_SEED ?? Date.now() % 1_000_000);
const CHAOS_MS = Number(process.env.ATC_CHAOS_MS ?? 0);

/** Runs the property for a number of runs, or again and again with new seeds until the chaos budget is spent. */
async function check(property: ReturnType<typeof controlProperty>, numRuns: number): Promise<void> {
  if (CHAOS_MS <= 0) {
    await fc.assert(property, { seed: SEED, numRuns });
    return;
  }
  const deadline = Date.now() + CHAOS_MS / 2;
  for (let seed = SEED; Date.now() < deadline; seed++) await fc.assert(property, { seed, numRuns: 20 });
}

describe(`the control surface as a state machine (fast-check seed ${SEED}; rerun with ATC_MODEL_SEED=${SEED})`, () => {
  it(
    'in process (MockApp)',
    async () => {
      await check(controlProperty(inProcess, 40), 40);
    },
    CHAOS_MS + 60_000,
  );

  it(
    'over HTTP (the standalone server)',
    async () => {
      await check(controlProperty(overHttp, 40), 15);
    },
    CHAOS_MS + 60_000,
  );
});
