/**
 * A describeConformance failure says how to run the same case again: its seed (and path), in code
 * and as a command, in the message of the rule's failed test.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { expectLaw, failureLine } from '../../src/conformance/vitest.js';
import { runConformance } from '../../src/entries/conformance.js';
import { startMock } from '../helpers/mock-server.js';

const mock = await startMock({ faults: ['ark.order-newest-first'] });
afterAll(async () => {
  await mock.server.close();
});

describe('describeConformance failures', () => {
  it('print the seed and the replay line of each violation', async () => {
    const result = await runConformance({
      api: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 9,
      runs: 5,
      polls: 1,
    });
    const violation = result.violations.find((v) => v.law === 'ark.order-newest-first')!;
    const line = failureLine(result, violation);
    expect(line).toContain(violation.message);
    expect(line).toContain(violation.curl);
    expect(line).toMatch(/ — replay: pass \{"seed":9(,"path":"[^"]+")?\} to describeConformance/);
    if (violation.replay) expect(line).toContain(`; or ${violation.replay.command}`);
    expect(line).toMatch(/--seed 9/);
    // What the failed test of that rule prints: the seed in its message, and these lines in its diff.
    const rule = result.laws.find((r) => r.id === 'ark.order-newest-first')!;
    let failure: { message?: string; actual?: unknown } = {};
    try {
      expectLaw(result, rule);
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.message).toContain('(run with seed 9)');
    const printed = result.violations.filter((v) => v.law === rule.id).map((v) => failureLine(result, v));
    expect(failure.actual).toEqual(printed);
    expect(printed).toContain(line);
    const passed = result.laws.find((r) => r.outcome === 'passed' && r.judged > 0)!;
    expect(() => expectLaw(result, passed)).not.toThrow();
  });
});
