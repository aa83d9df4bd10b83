/** A describeConformance failure says how to run the same case again: its seed (and path), in code and as a command. */
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/runner.js';
import { failureLine } from '../../src/conformance/vitest.js';
import { startMock } from '../helpers/mock-server.js';

const mock = await startMock({ faults: ['ark.order-newest-first'] });
afterAll(async () => {
  await mock.server.close();
});

describe('describeConformance failures', () => {
  it('print the seed and the replay line of each violation', async () => {
    const result = await runConformance({
      face: 'ark',
      baseUrl: mock.base('ark'),
      session: 'sesn-demo',
      seed: 9,
      runs: 5,
      polls: 1,
    });
    const violation = result.violations.find((v) => v.rule === 'ark.order-newest-first')!;
    const line = failureLine(result, violation);
    expect(line).toContain(violation.message);
    expect(line).toContain(violation.curl);
    expect(line).toMatch(/ — replay: pass \{"seed":9(,"path":"[^"]+")?\} to describeConformance/);
    if (violation.replay) expect(line).toContain(`; or ${violation.replay.command}`);
    expect(line).toMatch(/--seed 9/);
  });
});
