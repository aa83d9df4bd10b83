/**
 * The control surface as a state machine (model-based): any sequence of control calls, refused
 * requests, list requests and JSON-RPC requests (handshakes, sessions, batches, notifications), made on a
 * mock in process and one over HTTP through the one
 * interface (`MockControl`), which must agree call by call and with a small model. A bounded run
 * here; `npm run test:chaos` runs it for ten minutes (ATC_CHAOS_MS). Failures shrink and print the
 * seed to replay with ATC_MODEL_SEED.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { controlProperty } from '../helpers/control-model.js';

const SEED = Number(process.env.ATC_MODEL_SEED ?? Date.now() % 1_000_000);
const CHAOS_MS = Number(process.env.ATC_CHAOS_MS ?? 0);

describe(`the control surface as a state machine (fast-check seed ${SEED}; rerun with ATC_MODEL_SEED=${SEED})`, () => {
  it(
    'in process and over HTTP, call by call',
    async () => {
      const property = controlProperty(40);
      if (CHAOS_MS <= 0) {
        await fc.assert(property, { seed: SEED, numRuns: 20 });
        return;
      }
      const deadline = Date.now() + CHAOS_MS;
      for (let seed = SEED; Date.now() < deadline; seed++) await fc.assert(property, { seed, numRuns: 20 });
    },
    CHAOS_MS + 60_000,
  );
});
