/**
 * Drift: what a body holds that the spec does not declare. A member the spec leaves open is none:
 * an A2A error detail holds the members of its @type (9.5's own example, a google.rpc.BadRequest with
 * `fieldViolations`), so a correct server's refusal is no drift, even under --fail-on-drift.
 */
import { describe, expect, it } from 'vitest';
import { observeBody } from '../../src/contract/drift.js';
import { BUILTIN } from '../helpers/apis.js';

/** 9.5's example error, as the JSON-RPC binding answers an invalid parameter. */
const badRequest = {
  code: -32602,
  message: 'Invalid parameters',
  data: [
    {
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: [{ field: 'pageSize', description: 'The maximum value is 100.' }],
    },
  ],
};

describe('drift', () => {
  it("an A2A JSON-RPC error detail's members are its @type's, not drift", () => {
    expect(observeBody('a2a', 'listTasksJsonRpc', 400, badRequest, BUILTIN).drift).toEqual([]);
  });

  it('a member no schema leaves open is drift, with its path', () => {
    const drift = observeBody('a2a', 'listTasksJsonRpc', 400, { ...badRequest, hint: 'retry' }, BUILTIN).drift;
    expect(drift).toEqual([{ kind: 'field', path: '/hint', value: 'retry' }]);
  });
});
