/**
 * Merges the JSON reports of one run's shards (`conform --shard i/n`) into the report one run
 * would have written: same API, base URL, session and seed, every shard of the same count
 * present once. A law is violated when any shard violated it, passed when any judged it, and
 * not exercised otherwise; judged counts, occurrences, drift and new values are summed;
 * violations keep shard order, the same law at the same place once; coverage is the union of
 * what the shards sent and saw; requests are summed and the duration is the longest shard's
 * (shards run side by side). The verdict (exit code, --min-coverage) is computed again.
 */
import type { DriftEntry } from '../contract/drift-entry.js';
import { summarizeCoverage } from './observations.js';
import { toResult } from './result.js';
import type { ConformanceResult, CoverageOperation, LawOutcome, NewValue, ReportedViolation } from './types.js';

export class MergeError extends Error {}

export function mergeReports(reports: readonly ConformanceResult[]): ConformanceResult {
  const first = reports[0];
  if (!first) throw new MergeError('no report to merge: give the JSON report of every shard');
  for (const r of reports)
    for (const field of ['reportVersion', 'api', 'baseUrl', 'session', 'seed'] as const)
      if (r[field] !== first[field])
        throw new MergeError(
          `the reports are not shards of one run: ${field} is ${JSON.stringify(first[field])} in the first ` +
            `and ${JSON.stringify(r[field])} in another (merge the shards of one conform command, same --seed)`,
        );
  const incomplete = [...new Set(reports.map((r) => r.incomplete).filter((m): m is string => m !== undefined))];
  const missing = missingShards(reports);
  if (missing) incomplete.push(missing);
  const error = reports.find((r) => r.error)?.error;
  const laws = mergeLaws(reports);
  return toResult({
    options: {
      api: first.api,
      baseUrl: first.baseUrl,
      ...(first.session !== undefined ? { session: first.session } : {}),
      requireExercised: first.requireExercised,
      failOnDrift: first.failOnDrift,
      ...(first.minCoverage !== undefined ? { minCoverage: first.minCoverage } : {}),
    },
    seed: first.seed,
    ledger: {
      outcomes: () => laws,
      violations: mergeViolations(reports),
      // toResult adds the --min-coverage note again, on the merged coverage.
      notes: [...new Set(reports.flatMap((r) => r.notes).filter((n) => !/is below --min-coverage/.test(n)))],
      hintText: reports.find((r) => r.hint !== undefined)?.hint,
    },
    observations: {
      coverage: (merged) => summarizeCoverage(mergeCoverage(reports), merged),
      driftEntries: () => mergeDrift(reports.flatMap((r) => r.drift)),
      newValues: () =>
        sumBy(
          reports.flatMap((r) => r.newValues),
          (v: NewValue) => `${v.operation}|${v.path}|${v.value}`,
        ),
    },
    secrets: [],
    requests: reports.reduce((n, r) => n + r.requests, 0),
    waited: {
      times: reports.reduce((n, r) => n + (r.waited?.times ?? 0), 0),
      ms: reports.reduce((n, r) => n + (r.waited?.ms ?? 0), 0),
    },
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
    ...(error !== undefined ? { error } : {}),
    ...(incomplete.length > 0 ? { incomplete: incomplete.join('; ') } : {}),
  });
}

/** Which shards of the count are not among the reports (or a report that is not a shard), said as such. */
function missingShards(reports: readonly ConformanceResult[]): string | undefined {
  const count = reports[0]?.shard?.count;
  if (count === undefined || reports.some((r) => r.shard?.count !== count))
    return reports.length > 1 ? 'the reports are not all shards of the same count (--shard i/n, same n)' : undefined;
  const indices = reports.map((r) => r.shard!.index);
  const twice = indices.filter((i, n) => indices.indexOf(i) !== n);
  if (twice.length > 0) throw new MergeError(`shard ${twice[0]}/${count} is given twice`);
  const absent = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !indices.includes(i));
  return absent.length > 0
    ? `shard ${absent.map((i) => `${i}/${count}`).join(', ')} missing from the merge`
    : undefined;
}

function mergeLaws(reports: readonly ConformanceResult[]): LawOutcome[] {
  const byId = new Map<string, LawOutcome>();
  for (const law of reports.flatMap((r) => r.laws)) {
    const seen = byId.get(law.id);
    const judged = (seen?.judged ?? 0) + law.judged;
    const violations = (seen?.violations ?? 0) + law.violations;
    const outcome = violations > 0 ? 'violated' : judged > 0 ? 'passed' : 'not-exercised';
    const { reason: _, ...base } = seen ?? law;
    byId.set(law.id, {
      ...base,
      outcome,
      judged,
      violations,
      ...(outcome === 'not-exercised' && law.reason !== undefined ? { reason: law.reason } : {}),
    });
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** The same law at the same place (array indices aside) once, as one run's ledger keeps it. */
function mergeViolations(reports: readonly ConformanceResult[]): ReportedViolation[] {
  const byKey = new Map<string, ReportedViolation>();
  for (const v of reports.flatMap((r) => r.violations)) {
    const key = `${v.law}|${v.operation}|${v.instancePath.replace(/\/\d+(?=\/|$)/g, '/*')}`;
    const seen = byKey.get(key);
    if (seen) seen.occurrences += v.occurrences;
    else byKey.set(key, { ...v });
  }
  return [...byKey.values()];
}

function sumBy<T extends { count: number }>(items: readonly T[], key: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const seen = byKey.get(key(item));
    if (seen) seen.count += item.count;
    else byKey.set(key(item), { ...item });
  }
  return [...byKey.values()];
}

const mergeDrift = (drift: readonly DriftEntry[]) =>
  sumBy(drift, (d) => `${d.operation}|${d.kind}|${d.path}|${d.kind === 'value' ? JSON.stringify(d.example) : ''}`);

/** What any shard sent, saw or provoked, per operation; what is missing is what none did. */
function mergeCoverage(reports: readonly ConformanceResult[]): CoverageOperation[] {
  const union = <T>(lists: readonly (readonly T[])[]) => [...new Set(lists.flat())];
  const part = <T>(documented: readonly T[], lists: readonly (readonly T[])[]) => {
    const seen = new Set(lists.flat());
    return { seen: documented.filter((d) => seen.has(d)), missing: documented.filter((d) => !seen.has(d)) };
  };
  return reports[0]!.coverage.operations.map((op) => {
    const all = reports.map((r) => r.coverage.operations.find((o) => o.operationId === op.operationId) ?? op);
    const sent: Record<string, string[]> = {};
    for (const p of op.parameters.documented) {
      const kinds = union(all.map((o) => o.parameters.sent[p] ?? []));
      if (kinds.length > 0) sent[p] = kinds.sort();
    }
    const paths = union(all.map((o) => o.values.map((v) => v.path)));
    const values = paths.map((path) => {
      const each = all.flatMap((o) => o.values.filter((v) => v.path === path));
      const documented = each[0]!.documented;
      const { seen, missing } = part(
        documented,
        each.map((v) => v.seen),
      );
      return { path, documented, seen: [...seen].sort(), missing };
    });
    const states = op.states && {
      documented: op.states.documented,
      ...part(
        op.states.documented,
        all.map((o) => o.states?.seen ?? []),
      ),
    };
    const transitions = {
      documented: op.transitions.documented,
      ...part(
        op.transitions.documented,
        all.map((o) => o.transitions.seen),
      ),
    };
    const provoked = part(
      op.errors.documented,
      all.map((o) => o.errors.provoked),
    );
    return {
      operationId: op.operationId,
      parameters: {
        documented: op.parameters.documented,
        sent,
        missing: op.parameters.documented.filter((p) => !(p in sent)),
      },
      values,
      ...(states ? { states } : {}),
      transitions,
      errors: { documented: op.errors.documented, provoked: provoked.seen, missing: provoked.missing },
    };
  });
}
