import { readFile } from 'node:fs/promises';
import jobs from 'agent-task-contracts/examples/jobs';
import { describe, expect, it } from 'vitest';

const generated = await readFile(new URL('../../examples/jobs/jobs-ids.d.ts', import.meta.url), 'utf8');
/** The string literals of one `export type NAME = …;` declaration of jobs-ids.d.ts. */
function literals(name: string): string[] {
  const match = new RegExp(`export type ${name} = ([^;]+);`).exec(generated);
  if (!match) throw new Error(`examples/jobs/jobs-ids.d.ts declares no ${name}`);
  return [...match[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

// Each id is written once, in the module; its ApiTypes entry (index.d.ts) reads them from jobs-ids.d.ts.
describe("the jobs example's ApiTypes entry says what its module (index.js) has", () => {
  it("its rule ids are the contract's item rules", () => {
    expect(literals('JobsRuleId').sort()).toEqual(jobs.contract.rules.map((r) => r.id).sort());
  });

  it("its law faults are the mock's", () => {
    expect(literals('JobsLawFaultId').sort()).toEqual(Object.keys(jobs.mock.faults).sort());
  });
});
