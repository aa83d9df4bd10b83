/**
 * The shipped jobs example changed as a test needs: its spec edited in a copy, its operation given
 * other data, its item rules replaced. The validators are compiled from the edited spec, not carried
 * over from the example's.
 */
import jobs from 'agent-task-contracts/examples/jobs';
import { markParsedFrom, type OpenApiDocument } from '../../src/contract/openapi.js';
import type { ItemRule, ListOperation } from '../../src/kit/index.js';

type JobsContract = Omit<typeof jobs.contract, 'validators'>;

export function jobsContractWith(change: {
  spec?: (spec: OpenApiDocument) => void;
  operation?: (op: ListOperation) => ListOperation;
  rules?: readonly ItemRule[];
}): JobsContract {
  const spec = structuredClone(jobs.contract.spec) as OpenApiDocument;
  change.spec?.(spec);
  const operations = jobs.contract.operations.map((op) => change.operation?.(op) ?? op);
  const members = {
    spec: markParsedFrom(spec, 'jobs.openapi.yaml'),
    operations,
    ...(change.rules ? { rules: change.rules } : {}),
  };
  const { validators: _compiled, ...kept } = Object.getOwnPropertyDescriptors(jobs.contract);
  return Object.defineProperties({}, { ...kept, ...Object.getOwnPropertyDescriptors(members) }) as JobsContract;
}
