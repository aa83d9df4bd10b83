import { readFile } from 'node:fs/promises';
import jobs from 'agent-task-contracts/examples/jobs';
import { describe, expect, it } from 'vitest';

const declared = await readFile(new URL('../../examples/jobs/index.d.ts', import.meta.url), 'utf8');
/** The string literals of one `export type NAME = …;` declaration of index.d.ts. */
function literals(pattern: RegExp): string[] {
  const match = pattern.exec(declared);
  if (!match) throw new Error(`examples/jobs/index.d.ts declares no ${pattern}`);
  return [...match[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe("the jobs example's ApiTypes entry (index.d.ts) says what its module (index.js) has", () => {
  it("its rule ids are the contract's item rules", () => {
    expect(literals(/export type JobsRuleId = ([^;]+);/).sort()).toEqual(jobs.contract.rules.map((r) => r.id).sort());
  });

  it("its law faults are the mock's", () => {
    expect(literals(/FaultIdsOf<JobsRuleId, ([^>]+)>/).sort()).toEqual(Object.keys(jobs.mock.faults).sort());
  });
});
