/**
 * `--shard i/n` splits one run's cases: the shards' reports, merged, judge what one run judges
 * (the same verdict, the same outcome for every rule, the same violations), and the CLI merges
 * their JSON files and refuses reports that are not shards of one run.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeReports } from '../../src/conformance/merge.js';
import { renderJunit } from '../../src/conformance/report.js';
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
  rules: r.rules.map((rule) => `${rule.id}: ${rule.outcome}`),
  violations: r.violations.map((v) => `${v.rule} ${v.operation} ${v.instancePath}`).sort(),
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
