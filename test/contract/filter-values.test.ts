/**
 * The values a spec enumerates for a filter, read from the parameter's schema or from the member it
 * filters on at any depth (A2A filters on `status.state`, an enum behind a `$ref` and a null branch).
 */
import type jobs from 'agent-task-contracts/examples/jobs';
import { describe, expect, it } from 'vitest';
import { ApiSet } from '../../src/contract/api-set.js';
import { filterValues, paramValues } from '../../src/contract/filter-values.js';
import { jobsContractWith } from '../helpers/jobs-variant.js';

/** The jobs contract, its spec given a nested phase (`progress.phase`) and a `phase` parameter of the schema asked. */
function jobsWithPhase(parameter: object | undefined) {
  const contract = jobsContractWith({
    spec(spec) {
      const schemas = spec.components!.schemas as Record<
        string,
        { type?: string; enum?: string[]; properties?: Record<string, unknown> }
      >;
      schemas.Phase = { type: 'string', enum: ['planning', 'acting'] };
      schemas.Job!.properties!.progress = {
        type: 'object',
        properties: { phase: { anyOf: [{ $ref: '#/components/schemas/Phase' }, { type: 'null' }] } },
      };
      const get = Object.values(spec.paths)[0]!.get as { parameters: object[] };
      // Without a schema of its own, the parameter is text: its values come from the member.
      get.parameters.push({ name: 'phase', in: 'query', required: false, schema: parameter ?? { type: 'string' } });
    },
    operation: (op) => ({
      ...op,
      filters: [...op.filters, { ...op.filters[0]!, param: 'phase', field: '/progress/phase' }],
    }),
  });
  const set = new ApiSet();
  set.addContract(contract as typeof jobs.contract);
  const op = set.contractOf('jobs').operations[0]!;
  return { op, filter: op.filters.find((f) => f.param === 'phase')! };
}

describe("a filter's enumerated values", () => {
  it('come from the member it filters on, however deep, through a $ref and a null branch', () => {
    const { op, filter } = jobsWithPhase(undefined);
    expect(paramValues(op, filter)).toEqual([]);
    expect(filterValues(op, filter)).toEqual(['planning', 'acting']);
  });

  it("come from the parameter's own schema first, a $ref to a component followed", () => {
    const { op, filter } = jobsWithPhase({ $ref: '#/components/schemas/Phase' });
    expect(paramValues(op, filter)).toEqual(['planning', 'acting']);
    const listed = jobsWithPhase({ type: 'array', items: { type: 'string', enum: ['acting'] } });
    expect(filterValues(listed.op, listed.filter)).toEqual(['acting']);
  });

  it('are none for an open member', () => {
    const { op } = jobsWithPhase(undefined);
    expect(filterValues(op, { param: 'session', field: '/session_id' })).toEqual([]);
  });
});
