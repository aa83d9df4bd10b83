/**
 * Concurrency changes when requests go out, never what is judged: the same seed gives the same
 * verdict, the same violations in the same order and the same replay lines at concurrency 1 and
 * at the default. The mock answers the same request the same way whatever came before, so
 * there everything but the timing must be equal; the family's servers change their tasks as
 * requests arrive, so there the exit code and the violations (none) must be, and no law is violated. How many requests go
 * out is timing too: a case takes another case's answer only if that was asked for after the
 * case's own last answer came (transport.ts).
 */

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { DEFAULT_CONCURRENCY } from '../../src/conformance/context.js';
import type { ConformanceOptions, ConformanceResult } from '../../src/conformance/types.js';
import type { ApiName } from '../../src/contract/registry.js';
import { runConformance } from '../../src/entries/conformance.js';
import { allFaults, type FaultId } from '../../src/handlers/faults/index.js';
import { BUILTIN, faultLaw } from '../helpers/apis.js';
import { breadth, FULL } from '../helpers/breadth.js';
import { hostile } from '../helpers/hostile.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';
import { FAMILY, FAMILY_APIS, FAMILY_SESSION, knobs } from '../independent/family.js';

/** Everything a report says but how long it took and how many requests it sent. */
const judged = (r: ConformanceResult) => ({ ...r, durationMs: 0, requestsPerSecond: 0, requests: 0 });

/**
 * The verdict: the exit code, each rule's outcome, and each violation (in report order) with
 * its place, its request and its replay line. Some faults break the answers that come after the
 * mock's first walk, so which answer is broken depends on which request came first: how many
 * subjects were judged and how often a violation occurred may then differ, the verdict may not.
 */
/**
 * The verdict where the server changes its tasks as requests arrive (the family's): whether a task
 * took a step between two reads of it depends on which requests came between, so a law over time
 * may be exercised at one concurrency and not at the other; what no law may be is violated at either.
 */
const unbroken = (r: ConformanceResult) => ({
  ...verdict(r),
  laws: r.laws.map((law) => `${law.id}: ${law.outcome === 'violated' ? 'violated' : 'not violated'}`),
});

const verdict = (r: ConformanceResult) => ({
  exitCode: r.exitCode,
  error: r.error,
  laws: r.laws.map((law) => `${law.id}: ${law.outcome}`),
  violations: r.violations.map((v) => [v.law, v.operation, v.instancePath, v.message, v.curl, v.replay?.command]),
});

/**
 * A sample of the mock's faults, one of each kind of check that finds them (told by the scopes its law
 * checks): an item rule, a filter (property cases, shrunk), paging (walks confirmed by a second walk), a
 * refusal, objects seen twice. npm test takes each kind on one API, npm run test:full on every API: all
 * faults at both concurrencies would take minutes on a loaded machine.
 */
const KINDS: readonly ((scopes: readonly string[]) => boolean)[] = [
  (scopes) => scopes.length === 1 && scopes[0] === 'page',
  (scopes) => scopes.includes('comparison'),
  (scopes) => !scopes.includes('seen') && (scopes.includes('walk') || scopes.includes('resized')),
  (scopes) => scopes.includes('error'),
  (scopes) => scopes.includes('observation') || scopes.includes('reread') || scopes.includes('reads'),
];
/** Each fault's kind (an index of KINDS; -1 for none), told once. */
const KIND_OF = new Map(
  allFaults(BUILTIN).map((f) => [f, KINDS.findIndex((kind) => kind(faultLaw(f).scopes))] as const),
);
const kindOf = (fault: FaultId) => KIND_OF.get(fault)!;
const faultOf = (api: string, kind: number) =>
  [...KIND_OF].find(([f, k]) => k === kind && f.startsWith(`${api}.`))?.[0];
const SAMPLE = breadth(
  // Kind k is looked for from the k-th API on, so that the kinds fall on different APIs.
  KINDS.map((_, k) =>
    BUILTIN_API_NAMES.map((_, a) => faultOf(BUILTIN_API_NAMES[(k + a) % BUILTIN_API_NAMES.length]!, k)).find(
      (f) => f !== undefined,
    ),
  ),
  BUILTIN_API_NAMES.flatMap((api) => KINDS.map((_, k) => faultOf(api, k))),
).filter((f): f is FaultId => f !== undefined);

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

describe(`concurrency 1 and ${DEFAULT_CONCURRENCY} judge the same`, () => {
  it(
    `on faults of each kind of check${FULL ? ' on every API' : ''} (${SAMPLE.length} of ${allFaults(BUILTIN).length})`,
    async () => {
      expect(new Set(SAMPLE.map((f) => f.split('.')[0])).size).toBe(FULL ? BUILTIN_API_NAMES.length : KINDS.length);
      expect(new Set(SAMPLE.map(kindOf))).toEqual(new Set(KINDS.map((_, k) => k)));
      for (const fault of SAMPLE) {
        const api = fault.split('.')[0] as ApiName;
        const options: ConformanceOptions = {
          api,
          baseUrl: mock.base(api),
          session: DEMO_SESSIONS[api as keyof typeof DEMO_SESSIONS],
          seed: 5,
          runs: 25,
          polls: 2,
          pollIntervalMs: 0,
          failOnDrift: true,
        };
        // Each run meets the mock as it starts: some faults remember the first walk they broke.
        const fresh = async () => {
          await mock.app.reset();
          mock.app.faults = new Set([fault]);
        };
        await fresh();
        const one = await runConformance({ ...options, concurrency: 1 });
        await fresh();
        const many = await runConformance(options);
        expect(one.exitCode, fault).toBe(1);
        expect(verdict(many), fault).toEqual(verdict(one));
      }
      await mock.app.reset();
      // Two runs a fault, each a few seconds on a loaded 2-core machine.
    },
    SAMPLE.length * 20_000,
  );

  it('on the mock without a fault, to the request', async () => {
    for (const api of BUILTIN_API_NAMES) {
      const options = { api, baseUrl: mock.base(api), session: DEMO_SESSIONS[api], seed: 9, runs: 20, polls: 2 };
      const one = await runConformance({ ...options, pollIntervalMs: 0, concurrency: 1 });
      const many = await runConformance({ ...options, pollIntervalMs: 0 });
      expect(one.exitCode, JSON.stringify(one.violations.map((v) => [v.law, v.message, v.curl]))).toBe(0);
      expect(judged(many)).toEqual(judged(one));
    }
  }, 120_000);

  it('on the family of correct servers, every API (a fresh server per run)', async () => {
    for (const api of FAMILY_APIS) {
      for (const k of fc.sample(knobs, { seed: 28, numRuns: 1 })) {
        const run = async (concurrency: number) => {
          const server = await hostile(FAMILY[api].make(k));
          try {
            return await runConformance({
              api,
              baseUrl: `${server.url}${FAMILY[api].path}`,
              session: FAMILY_SESSION[api],
              seed: k.seed,
              runs: 20,
              polls: 2,
              pollIntervalMs: 5,
              concurrency,
            });
          } finally {
            await server.close();
          }
        };
        const [one, many] = [await run(1), await run(DEFAULT_CONCURRENCY)];
        expect(unbroken(many), `${api} ${JSON.stringify(k)}`).toEqual(unbroken(one));
        expect(one.exitCode, JSON.stringify(one.violations.map((v) => [v.law, v.message, v.curl]))).toBe(0);
      }
    }
  }, 120_000);
});
