/**
 * A module whose operation data names what its spec does not hold (an operationId, a component, a parameter, a
 * field, a default of its own) is refused when it is added, with what the spec has: such a name would otherwise
 * fail far from where it was written (a 500 from the mock) or not at all (a filter on a field no object has lists
 * nothing, and the runner judged that empty list as right).
 */
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/contract/openapi.js';
import { specOperations } from '../../src/contract/openapi.js';
import { apiSetOf, defineApi, type ListOperation, parseSpec } from '../../src/kit/index.js';
import { jobsContractWith } from '../helpers/jobs-variant.js';

type Change = { operation?: (op: ListOperation) => Partial<ListOperation>; spec?: (spec: OpenApiDocument) => void };
function refusal({ operation, spec }: Change): string {
  const contract = jobsContractWith({
    ...(operation ? { operation: (op: ListOperation) => ({ ...op, ...operation(op) }) as ListOperation } : {}),
    ...(spec ? { spec } : {}),
  });
  try {
    apiSetOf({ jobs: defineApi({ contract }) });
  } catch (error) {
    return (error as Error).message;
  }
  return 'added';
}
const where = 'API "jobs", operation listJobs';

describe("a module's operation data names only what its spec holds", () => {
  it('the shipped example as it is is added', () => {
    expect(refusal({})).toBe('added');
  });

  it('an operationId or a component the spec lacks, with those it has', () => {
    expect(refusal({ operation: () => ({ operationId: 'listJob' }) })).toBe(
      'API "jobs", operation listJob: examples/jobs/jobs.openapi.yaml has no operation with that operationId; did you mean ' +
        '"listJobs"? set operationId to one of listJobs',
    );
    expect(refusal({ operation: () => ({ component: 'Jobs' }) })).toBe(
      `${where}: component "Jobs" is not among examples/jobs/jobs.openapi.yaml's components.schemas; did you mean "Job"? ` +
        'set component to one of JobPage, Job, JobStatus, Error',
    );
  });

  it('a parameter the runner would send that the spec does not list for the operation', () => {
    expect(
      refusal({ operation: (op) => ({ filters: [...op.filters, { ...op.filters[0]!, param: 'priority' }] }) }),
    ).toBe(
      `${where}: the filter priority names the parameter "priority", which examples/jobs/jobs.openapi.yaml does not list for ` +
        'listJobs; set the filter priority to one of session_id, limit, status, page_token, or add it to the ' +
        "spec's parameters",
    );
    expect(
      refusal({
        operation: () => ({ paging: { kind: 'offset', param: 'offset', source: { file: 'j', sentence: 's' } } }),
      }),
    ).toMatch(/^API "jobs", operation listJobs: paging\.param names the parameter "offset", which/);
    // The spec lists it: added.
    const listed = (spec: OpenApiDocument) => {
      const get = spec.paths['/sessions/{session_id}/jobs']!.get as { parameters: object[] };
      get.parameters.push({ name: 'priority', in: 'query', schema: { type: 'string' } });
    };
    expect(
      refusal({
        spec: listed,
        operation: (op) => ({ filters: [...op.filters, { ...op.filters[0]!, param: 'priority', field: '/status' }] }),
      }),
    ).toBe('added');
  });

  it("reads the parameters its path lists for every method beside the operation's own", () => {
    const atPath = (spec: OpenApiDocument) => {
      const item = spec.paths['/sessions/{session_id}/jobs'] as {
        parameters?: object[];
        get: { parameters: object[] };
      };
      item.parameters = item.get.parameters.filter((p) => (p as { name: string }).name !== 'status');
      item.get.parameters = item.get.parameters.filter((p) => (p as { name: string }).name === 'status');
    };
    expect(refusal({ spec: atPath })).toBe('added');
  });

  it('a field the component does not declare, with the members it does', () => {
    expect(refusal({ operation: () => ({ stateField: '/stauts' }) })).toBe(
      `${where}: stateField is "/stauts", but examples/jobs/jobs.openapi.yaml's Job declares no "stauts"; did you mean ` +
        '"status"? set stateField to one of id, session_id, status, command, created_at, finished_at, exit_code, ' +
        'or declare it',
    );
    expect(refusal({ operation: (op) => ({ filters: [{ ...op.filters[0]!, field: '/state' }] }) })).toMatch(
      /the filter status's field is "\/state", but .* declares no "state"; did you mean "status"\?/,
    );
  });

  it("a limit default other than the spec's", () => {
    expect(refusal({ operation: (op) => ({ limit: { ...op.limit!, default: 10 } }) })).toBe(
      `${where}: limit.default is 10 but examples/jobs/jobs.openapi.yaml gives the parameter limit the default 20; make them ` +
        "agree (the mock serves the module's, the spec documents the other)",
    );
  });
});

describe("a spec's operations, read once", () => {
  it('each with its path’s parameters beside its own (its own first by name and place), $refs followed', () => {
    const spec = parseSpec(
      [
        'openapi: 3.1.0',
        "info: { title: t, version: '1' }",
        'components: { parameters: { Limit: { name: limit, in: query, schema: { type: integer, default: 5 } } } }',
        'paths:',
        '  /q/{queue}/t:',
        '    parameters:',
        '      - { name: queue, in: path, required: true, schema: { type: string } }',
        '      - { name: limit, in: query, schema: { type: integer, default: 9 } }',
        '    get: { operationId: list, parameters: [{ $ref: "#/components/parameters/Limit" }], responses: {} }',
      ].join('\n'),
      't.yaml',
    );
    const found = specOperations(spec).get('list');
    expect([found?.path, found?.method]).toEqual(['/q/{queue}/t', 'get']);
    expect(found?.operation.parameters?.map((p) => [p.name, p.in, p.schema?.default])).toEqual([
      ['queue', 'path', undefined],
      ['limit', 'query', 5],
    ]);
    expect(specOperations(spec)).toBe(specOperations(spec));
  });
});
