import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { runConformance } from '../../src/entries/conformance.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

describe('the mock conforms to the contract', () => {
  for (const api of BUILTIN_API_NAMES) {
    for (const seed of [1, 20261129]) {
      it(`${api}, seed ${seed}: exit 0, every rule of the API exercised`, async () => {
        mock.app.faults = new Set();
        const result = await runConformance({
          api,
          baseUrl: mock.base(api),
          session: DEMO_SESSIONS[api],
          seed,
          runs: 60,
          polls: 2,
          pollIntervalMs: 20,
        });
        expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
        expect(result.exitCode).toBe(0);
        expect(result.laws.length).toBeGreaterThan(10);
        expect(result.requests).toBeGreaterThan(20);
        // The demo data is static between polls here, so only laws about change (and a rule about
        // a field the demo data never sets) may go unjudged; everything else is judged.
        const unjudged = result.laws.filter((r) => r.outcome === 'not-exercised').map((r) => r.id);
        expect(
          unjudged.filter((id) => !id.endsWith('.lifecycle-forward') && id !== 'everruns.root-session-not-self'),
        ).toEqual([]);
      });
    }
  }

  it('a default run (100 runs, 3 polls) takes under 10 s per API and reports requests and requests/s', async () => {
    mock.app.faults = new Set();
    const result = await runConformance({
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 3,
      pollIntervalMs: 200,
    });
    expect(result.exitCode).toBe(0);
    expect(result.durationMs).toBeLessThan(10_000);
    expect(result.requestsPerSecond).toBeGreaterThan(0);
  });
});

// Every fault the mock offers is caught by its id in test/conformance/replay-as-printed.test.ts,
// which also runs the requests printed for it.
