/**
 * `describeConformance(name, options)`: runs the conformance check once while vitest collects
 * the suite, then declares one test per law of the catalogue: a violated law fails with its
 * violations, a passed one passes, and one the run could not exercise is skipped with the
 * reason in its name (or fails, with `requireExercised`).
 */
import { describe, expect, it } from 'vitest';
import { requestsOf } from './curl.js';
import { runConformance } from './runner.js';
import type { ConformanceOptions, ConformanceResult, LawOutcome, ReportedViolation } from './types.js';

/**
 * One violation as a failed test prints it: the message, the request as curl, and how to run the
 * same case again, as options for describeConformance and as the command line.
 */
export function failureLine(result: Pick<ConformanceResult, 'seed'>, violation: ReportedViolation): string {
  const replay = violation.replay;
  const options = JSON.stringify({ seed: replay?.seed ?? result.seed, ...(replay?.path ? { path: replay.path } : {}) });
  const command = replay ? `; or ${replay.command}` : '';
  const requests = requestsOf(violation).join(' ; then ');
  return `${violation.message} (${requests}) — replay: pass ${options} to describeConformance${command}`;
}

/**
 * The body of one law's test: it fails listing the law's violations as failureLine prints them
 * (with the seed to run again), or when the law judged nothing.
 */
export function expectLaw(result: ConformanceResult, law: LawOutcome): void {
  const violations = result.violations.filter((v) => v.law === law.id);
  expect(
    violations.map((v) => failureLine(result, v)),
    `${law.statement} — ${law.source.file}: “${law.source.sentence}” (run with seed ${result.seed})`,
  ).toEqual([]);
  expect(law.judged, `${law.id} judged nothing: ${law.reason ?? ''}`).toBeGreaterThan(0);
}

type Options = ConformanceOptions;

export function describeConformance(name: string, options: Options | (() => Options | Promise<Options>)): void {
  describe(name, async () => {
    const resolved = typeof options === 'function' ? await options() : options;
    const result = await runConformance(resolved);
    it('reaches the endpoint and is configured correctly', () => {
      expect(result.error ?? null).toBeNull();
    });
    for (const law of result.laws) {
      const unexercised = law.outcome === 'not-exercised';
      const title = unexercised ? `${law.id} (not exercised: ${law.reason ?? 'nothing to judge'})` : law.id;
      it.skipIf(unexercised && !result.requireExercised)(title, () => expectLaw(result, law));
    }
  });
}
