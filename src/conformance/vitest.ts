/**
 * `describeConformance(name, options)`: runs the conformance check once while vitest collects
 * the suite, then declares one test per rule the run checked (each failing with that rule's
 * violations), for suites that want the contract inside their own test report.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from './runner.js';
import type { ConformanceOptions } from './types.js';

export function describeConformance(name: string, options: ConformanceOptions | (() => ConformanceOptions | Promise<ConformanceOptions>)): void {
  describe(name, async () => {
    const result = await runConformance(typeof options === 'function' ? await options() : options);
    it('reaches the endpoint and is configured correctly', () => {
      expect(result.error ?? null).toBeNull();
    });
    for (const rule of result.rules) {
      it(rule.id, () => {
        const violations = result.violations.filter((v) => v.rule === rule.id);
        expect(violations.map((v) => `${v.message} (${v.curl})`), `${rule.statement} — ${rule.source.file}: “${rule.source.sentence}”`).toEqual([]);
      });
    }
  });
}
