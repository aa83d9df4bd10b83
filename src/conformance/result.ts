/**
 * A conformance run's result from its final state. Kept apart from the runner and free of side
 * effects so that the verdict (exit code, counts, the coverage threshold) can be tested on a
 * hand-built state, without a server to run against.
 */

import { optional } from '../contract/optional.js';
import type { Waited } from '../http/client.js';
import { redactSecretQuery, redactValue } from '../http/redact.js';
import type { Ledger } from './ledger.js';
import type { Observations } from './observations.js';
import { describeShares } from './report.js';
import { REPORT_VERSION } from './report-version.js';
import type { ConformanceOptions, ConformanceResult } from './types.js';

/** What a run knows when it ends. */
export interface RunState {
  readonly options: ConformanceOptions;
  readonly seed: number;
  readonly ledger: Pick<Ledger, 'outcomes' | 'violations' | 'notes'> & { readonly hintText?: string };
  readonly observations: Pick<Observations, 'coverage' | 'driftEntries' | 'newValues'>;
  /** Header values: observed values may echo them, so they are masked in drift and new values. */
  readonly secrets: readonly string[];
  readonly requests: number;
  /** Throttles (a 429, a 503 with Retry-After) waited out, and the time spent waiting. */
  readonly waited?: Waited;
  readonly durationMs: number;
  /** Why the run could not judge at all (bad configuration, unreachable endpoint). */
  readonly error?: string;
  /** Why the run stopped before its end. */
  readonly incomplete?: string;
}

export function toResult(state: RunState): ConformanceResult {
  const { options, ledger, observations, error, incomplete } = state;
  // A run that could not judge reports no outcomes: "not exercised" would read as a verdict.
  const laws = error ? [] : ledger.outcomes();
  const counts = {
    passed: laws.filter((r) => r.outcome === 'passed').length,
    violated: laws.filter((r) => r.outcome === 'violated').length,
    notExercised: laws.filter((r) => r.outcome === 'not-exercised').length,
  };
  const requireExercised = options.requireExercised ?? false;
  const coverage = observations.coverage(laws);
  const belowCoverage = options.minCoverage !== undefined && !error && coverage.score < options.minCoverage;
  const notes = [...ledger.notes];
  if (belowCoverage)
    notes.push(
      `coverage ${coverage.score}% is below --min-coverage ${options.minCoverage}% ` +
        `(the mean of ${describeShares(coverage.percent)})`,
    );
  const exitCode =
    error || incomplete
      ? 2
      : counts.violated > 0 || (requireExercised && counts.notExercised > 0) || belowCoverage
        ? 1
        : 0;
  return {
    reportVersion: REPORT_VERSION,
    api: options.api,
    baseUrl: redactSecretQuery(options.baseUrl),
    ...optional('session', options.session),
    seed: state.seed,
    ...optional('shard', options.shard),
    exitCode,
    violations: ledger.violations,
    laws,
    counts,
    requireExercised,
    failOnDrift: options.failOnDrift ?? false,
    ...optional('minCoverage', options.minCoverage),
    drift: error ? [] : redactValue(observations.driftEntries(), state.secrets),
    newValues: error ? [] : redactValue(observations.newValues(), state.secrets),
    coverage,
    requests: state.requests,
    ...(state.waited && state.waited.times > 0
      ? { waited: { times: state.waited.times, ms: Math.round(state.waited.ms) } }
      : {}),
    durationMs: Math.round(state.durationMs),
    requestsPerSecond: Math.round((state.requests / Math.max(state.durationMs, 1)) * 1000 * 10) / 10,
    notes,
    ...(error ? {} : optional('hint', ledger.hintText)),
    ...(error ? { error } : {}),
    ...(incomplete ? { incomplete } : {}),
  };
}
