/**
 * The values a spec enumerates for a filter, read from the parameter's schema or from the member it
 * filters on at any depth (A2A filters on `status.state`, an enum behind a `$ref` and a null branch).
 */
import jobs from 'agent-task-contracts/examples/jobs';
import { describe, expect, it } from 'vitest';
import { ApiSet } from '../../src/contract/api-set.js';
import { filterValues, paramValues } from '../../src/contract/filter-values.js';
import { markParsedFrom, type OpenApiDocument } from '../../src/contract/openapi.js';

/** The jobs contract, its spec given a nested phase (`progress.phase`) and a `phase` parameter as asked. */
function jobsWithPhase(parameter: object | undefined) {
  const spec = structuredClone(jobs.contract.spec) as OpenApiDocument & { components: { schemas: object } };
  const schemas = spec.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
  schemas.Phase = { type: 'string', enum: ['planning', 'acting'] } as never;
  schemas.Job!.properties!.progress = {
    type: 'object',
    properties: { phase: { anyOf: [{ $ref: '#/components/schemas/Phase' }, { type: 'null' }] } },
  };
  const get = Object.values(spec.paths)[0]!.get as { parameters: object[] };
  if (parameter) get.parameters.push({ name: 'phase', in: 'query', required: false, schema: parameter });
  const filter = { param: 'phase', field: 'progress.phase', source: jobs.contract.operations[0]!.filters[0]!.source };
  const operations = jobs.contract.operations.map((op) => ({ ...op, filters: [...op.filters, filter] }));
  const members = { spec: markParsedFrom(spec, 'jobs.openapi.yaml'), operations };
  const contract = Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(jobs.contract), ...Object.getOwnPropertyDescriptors(members) },
  ) as typeof jobs.contract;
  const set = new ApiSet();
  set.addContract(contract);
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
    expect(filterValues(op, { param: 'session', field: 'session_id' })).toEqual([]);
  });
});
