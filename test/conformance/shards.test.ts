/**
 * `--shard i/n` splits one run's cases: the shards' reports, merged, judge what one run judges
 * (the same verdict, the same outcome for every rule, the same violations), and the CLI merges
 * their JSON files and refuses reports that are not shards of one run. The shards share the work:
 * the shard plan puts every case in exactly one shard and spreads the long ones, so that no shard
 * takes much longer than the others (the polls and the reads back to back included).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeReports } from '../../src/conformance/merge.js';
import { renderJunit } from '../../src/conformance/report.js';
import { ShardPlan } from '../../src/conformance/shard-plan.js';
import type { ConformanceOptions, ConformanceResult } from '../../src/conformance/types.js';
import { runConformance } from '../../src/entries/conformance.js';
import type { FaultId } from '../../src/handlers/faults/index.js';
import { cli } from '../helpers/cli.js';
import { DEMO_SESSIONS, startMock } from '../helpers/mock-server.js';

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.server.close();
});

const verdict = (r: ConformanceResult) => ({
  exitCode: r.exitCode,
  laws: r.laws.map((law) => `${law.id}: ${law.outcome}`),
  violations: r.violations.map((v) => `${v.law} ${v.operation} ${v.instancePath}`).sort(),
  sent: r.coverage.operations.map((o) => o.parameters.sent),
});

async function shardsAndWhole(options: ConformanceOptions, count: number, faults: FaultId[] = []) {
  const run = async (extra: Partial<ConformanceOptions>) => {
    await mock.app.reset();
    mock.app.faults = new Set(faults);
    return runConformance({ ...options, ...extra });
  };
  const whole = await run({});
  const shards: ConformanceResult[] = [];
  for (let index = 1; index <= count; index++) shards.push(await run({ shard: { index, count } }));
  return { whole, shards };
}

const base = (api: 'ark' | 'jsonrpc' | 'praxis'): ConformanceOptions => ({
  api,
  baseUrl: mock.base(api),
  ...(DEMO_SESSIONS[api] ? { session: DEMO_SESSIONS[api] } : {}),
  seed: 4,
  runs: 30,
  polls: 2,
  pollIntervalMs: 0,
});

describe('the union of the shards judges what one run judges', () => {
  it('on the mock, without a fault and with faults of each kind', async () => {
    const cases: [ConformanceOptions, FaultId[]][] = [
      [base('praxis'), []],
      [base('ark'), ['ark.filter-state', 'ark.invalid-limit-rejected', 'ark.finished-at-only-when-terminal']],
      [base('jsonrpc'), ['jsonrpc.no-duplicates-across-pages']],
      [base('praxis'), ['praxis.sessions.counters-never-decrease']],
    ];
    for (const [options, faults] of cases) {
      const { whole, shards } = await shardsAndWhole(options, 3, faults);
      const merged = mergeReports(shards);
      expect(verdict(merged), faults.join(',')).toEqual(verdict(whole));
      expect(merged.shard).toBeUndefined();
      if (faults.length > 0) expect(whole.exitCode).toBe(1);
      // Each shard sends part of the cases: none of them all (the baseline is walked by every shard).
      for (const shard of shards) expect(shard.requests).toBeLessThan(whole.requests);
    }
    await mock.app.reset();
  }, 120_000);

  it('one shard of one is the whole run', async () => {
    const { whole, shards } = await shardsAndWhole(base('ark'), 1);
    expect({ ...shards[0], shard: undefined, durationMs: 0, requestsPerSecond: 0 }).toEqual({
      ...whole,
      shard: undefined,
      durationMs: 0,
      requestsPerSecond: 0,
    });
  }, 60_000);

  it('a missing shard leaves the merge incomplete (exit 2); JUnit names each shard', async () => {
    const { shards } = await shardsAndWhole(base('ark'), 2);
    const partial = mergeReports([shards[0]!]);
    expect(partial.exitCode).toBe(2);
    expect(partial.incomplete).toMatch(/shard 2\/2 missing/);
    expect(renderJunit(shards[1]!)).toContain('<testsuite name="conform ark (shard 2/2)"');
    expect(() => mergeReports([shards[0]!, shards[0]!])).toThrow(/shard 1\/2 is given twice/);
    const schema = JSON.parse(
      readFileSync(new URL('../../schemas/conformance-report.schema.json', import.meta.url), 'utf8'),
    );
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    for (const report of [shards[1]!, mergeReports(shards), partial]) {
      validate(JSON.parse(JSON.stringify(report)));
      expect(validate.errors ?? []).toEqual([]);
    }
    expect(() => mergeReports([shards[0]!, { ...shards[1]!, seed: 5 }])).toThrow(/seed is 4 in the first and 5/);
  }, 60_000);
});

describe('the CLI', () => {
  it('conform --shard i/n writes reports that merge-reports merges; bad values are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atc-shards-'));
    try {
      const common = ['conform', '--api', 'ark', '--base-url', mock.base('ark'), '--session', 'sesn-demo'];
      const quick = ['--seed', '3', '--runs', '10', '--polls', '1', '--report', 'json'];
      for (const i of [1, 2]) await cli(...common, ...quick, '--shard', `${i}/2`, '--out', join(dir, `${i}.json`));
      const files = [join(dir, '1.json'), join(dir, '2.json')];
      const merged = await cli('merge-reports', ...files, '--report', 'json', '--out', join(dir, 'all.json'));
      expect(merged.code).toBe(0);
      const all = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')) as ConformanceResult;
      expect(all.counts.violated).toBe(0);
      expect(all.counts.passed).toBeGreaterThan(10);
      expect([all.reportVersion, all.api]).toEqual([2, 'ark']);
      // A report of another format is refused, naming the file.
      const { reportVersion: _version, ...rest } = JSON.parse(readFileSync(files[1]!, 'utf8')) as ConformanceResult;
      writeFileSync(join(dir, 'v1.json'), JSON.stringify({ ...rest, reportVersion: 1 }));
      const older = await cli('merge-reports', files[0]!, join(dir, 'v1.json'));
      expect(older.code).toBe(2);
      expect(older.err).toContain('v1.json is not a conform JSON report (reportVersion 2)');
      const bad = await cli(...common, '--shard', '3/2');
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/--shard must be i\/n with 1 ≤ i ≤ n/);
      const notJson = await cli('merge-reports', join(dir, 'missing.json'));
      expect(notJson.code).toBe(2);
      expect(notJson.err).toMatch(/missing.json: cannot be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the shard plan', () => {
  /** Each shard's plan of the same batches (after a reservation of `reserved`): the owner of each case. */
  const owners = (count: number, reserved: number, batches: readonly number[][]): number[][] => {
    const plans = Array.from({ length: count }, (_, i) => new ShardPlan({ index: i + 1, count }, 8));
    for (const plan of plans) plan.reserve(reserved);
    return batches.map((costs) => {
      const mine = plans.map((plan) => plan.own(costs));
      return costs.map((_, c) => {
        const holders = mine.flatMap((own, s) => (own[c] ? [s] : []));
        expect(holders, `case ${c} of ${costs.length}`).toHaveLength(1);
        return holders[0]!;
      });
    });
  };
  const costs = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 0, maxLength: 60 });

  it('puts every case in exactly one shard, whatever the batches and costs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.nat(50), fc.array(costs, { maxLength: 5 }), (n, r, batches) => {
        owners(n, r, batches);
      }),
    );
  });

  it('balances one batch: the shards end at most the costliest case apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), costs, (n, batch) => {
        const [owner] = owners(n, 0, [batch]);
        // A shard's part: its longest case, or all of them 8 at once (the plan's own measure).
        const ends = Array.from({ length: n }, (_, s) => {
          const mine = batch.filter((_, c) => owner![c] === s);
          return Math.max(0, ...mine, mine.reduce((a, b) => a + b, 0) / 8);
        });
        expect(Math.max(...ends) - Math.min(...ends)).toBeLessThanOrEqual(Math.max(0, ...batch));
      }),
    );
  });

  it("keeps the cases of one group (a walk's parts and the case that joins them) in one shard", () => {
    const cases = fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.nat(5)), { maxLength: 60 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), cases, (n, batch) => {
        // Group 0 is none: a case of its own.
        const groups = Array.from({ length: 6 }, (_, g) => (g === 0 ? undefined : {}));
        const costs = batch.map(([cost]) => cost);
        const plans = Array.from({ length: n }, (_, i) => new ShardPlan({ index: i + 1, count: n }, 8));
        const mine = plans.map((plan) =>
          plan.own(
            costs,
            batch.map(([, g]) => groups[g]),
          ),
        );
        const owner = batch.map((_, c) => {
          const holders = mine.flatMap((own, s) => (own[c] ? [s] : []));
          expect(holders, `case ${c} of ${batch.length}`).toHaveLength(1);
          return holders[0]!;
        });
        batch.forEach(([, g], c) => {
          if (g > 0) expect(owner[c], `case ${c}, group ${g}`).toBe(owner[batch.findIndex(([, h]) => h === g)]);
        });
      }),
    );
  });

  it('counts what a shard took before: the one with the long walk takes none of the next batch', () => {
    const [first, second] = owners(4, 0, [[60, 4, 4, 4, 3, 2, 1], Array.from({ length: 40 }, () => 6)]);
    const long = first![0]!;
    expect(second!.filter((s) => s === long)).toEqual([]);
    // The other three share the next batch.
    for (const s of [0, 1, 2, 3].filter((s) => s !== long))
      expect(second!.filter((o) => o === s).length, `shard ${s + 1}`).toBeGreaterThanOrEqual(10);
  });

  it("counts a poll's wait as no work: the shard that holds it takes a long walk as well", () => {
    // Two shards of one place each: two walks of 7 requests, and a poll of one request due 7 requests in.
    const plans = [1, 2].map((index) => new ShardPlan({ index, count: 2 }, 1));
    const mine = plans.map((plan) => plan.own([1, 7, 7], [], [7, 0, 0]));
    const owner = [0, 1, 2].map((c) => mine.findIndex((own) => own[c]));
    // Its wait counted as 7 requests of work, the poll took a shard alone and the other both walks (14).
    expect(owner[0]).toBe(owner[1]);
    expect(owner[2]).not.toBe(owner[1]);
  });

  it('puts the reads back to back where the plan ends soonest, once the batches are planned', () => {
    const plans = [1, 2, 3].map((index) => new ShardPlan({ index, count: 3 }, 1));
    // One place a shard: the walk of 9 requests takes a shard alone, the other two take 4 and 3.
    const mine = plans.map((plan) => plan.own([9, 4, 3]));
    const owner = [0, 1, 2].map((c) => mine.findIndex((own) => own[c]));
    const reads = plans.map((plan) => [plan.reserve(2), plan.reserve(2), plan.reserve(2)]);
    // Every shard reserves alike; the reads go to the shards with the least planned, never the long walk's.
    for (const r of reads) expect(r).toEqual(reads[0]);
    expect(reads[0]).not.toContain(owner[0]);
    expect(reads[0]!.filter((s) => s === owner[2]).length).toBe(2);
  });

  it("plans a list's next poll where it waits least: not after the same list's poll in the same shard", () => {
    const plans = [1, 2].map((index) => new ShardPlan({ index, count: 2 }, 8));
    // Polls due 7 requests after the list's last walk: the baseline's (the plan's start), or the poll before.
    const first = plans.map((plan) => plan.own([1, 1], [], [7, 7], ['a', 'b']));
    const second = plans.map((plan) => plan.own([1, 1], [], [7, 7], ['a', 'b']));
    const shardOf = (mine: boolean[][], c: number) => mine.findIndex((own) => own[c]);
    for (const c of [0, 1]) expect(shardOf(second, c), `list ${c}`).not.toBe(shardOf(first, c));
  });
});

describe('the shards share the work', () => {
  // How long each shard takes is the bench's to measure (npm run bench, BENCH_ONLY=shards): a timed test
  // fails on a loaded machine. What a test can hold is the requests: each shard sends a share of them.
  it("no shard of four sends more than half the whole run's requests; merged they judge what it judges", async () => {
    const options: ConformanceOptions = {
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 28,
      runs: 20,
      polls: 4,
      pollIntervalMs: 200,
    };
    const whole = await runConformance(options);
    const shards: ConformanceResult[] = [];
    for (let index = 1; index <= 4; index++)
      shards.push(await runConformance({ ...options, shard: { index, count: 4 } }));
    const shares = shards.map((s) => Math.round((100 * s.requests) / whole.requests));
    const sent = `shards sent ${shares.join(', ')}% of the whole run's requests`;
    expect(Math.max(...shares), sent).toBeLessThanOrEqual(50);
    expect(verdict(mergeReports(shards))).toEqual(verdict(whole));
  }, 60_000);
});
