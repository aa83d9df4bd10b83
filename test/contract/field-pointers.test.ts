/**
 * Every field an operation names is a JSON pointer: a member whose name holds `/` or `~` is read,
 * written and left out where it is (RFC 6901's `~1` and `~0`), and a module naming a field otherwise
 * is refused when it is added, with what to write instead.
 */
import { describe, expect, it } from 'vitest';
import { fieldValue, setField, withoutField } from '../../src/contract/operations.js';
import type { JsonObject } from '../../src/contract/rules/types.js';
import { apiSetOf, defineApi } from '../../src/kit/index.js';
import { jobsContractWith } from '../helpers/jobs-variant.js';

describe('a field pointer', () => {
  const task = (): JsonObject => ({ id: 't1', 'run/state': { 'phase~now': 'working', at: 1 }, status: 'x' });

  it('reads and writes a member whose name holds / or ~ where it is', () => {
    const item = task();
    expect(fieldValue(item, '/run~1state/phase~0now')).toBe('working');
    expect(fieldValue(item, '/run/state')).toBeUndefined();
    setField(item, '/run~1state/phase~0now', 'done');
    setField(item, '/a~1b/c', 2);
    expect(item['run/state']).toEqual({ 'phase~now': 'done', at: 1 });
    expect(item['a/b']).toEqual({ c: 2 });
    expect(fieldValue(item, '/id')).toBe('t1');
  });

  it('leaves out one member in a copy, the original and its siblings kept', () => {
    const item = task();
    expect(withoutField(item, '/run~1state/phase~0now')).toEqual({ id: 't1', 'run/state': { at: 1 }, status: 'x' });
    expect(withoutField(item, '/id')).toEqual({ 'run/state': { 'phase~now': 'working', at: 1 }, status: 'x' });
    expect(withoutField(item, '/status/state')).toBe(item);
    expect(item).toEqual(task());
  });
});

describe('a module naming a field otherwise', () => {
  const refusal = (change: (op: ReturnType<typeof jobsContractWith>['operations'][number]) => object) => {
    const contract = jobsContractWith({ operation: (op) => ({ ...op, ...change(op) }) as typeof op });
    try {
      apiSetOf({ jobs: defineApi({ contract }) });
    } catch (error) {
      return (error as Error).message;
    }
    return 'added';
  };

  it('is refused when added, naming the API, the operation, the field and the pointer to write', () => {
    expect(refusal(() => ({ stateField: 'state.status' }))).toBe(
      'API "jobs", operation listJobs: stateField is "state.status", not a JSON pointer (RFC 6901) to a member ' +
        'of the object; write "/state/status"',
    );
    expect(refusal((op) => ({ immutableFields: [...op.immutableFields, 'created_at'] }))).toMatch(
      /immutableFields\[4\] is "created_at", .*write "\/created_at"$/,
    );
    expect(refusal(() => ({ idField: '/a~2b' }))).toMatch(/idField is "\/a~2b", .*a "~" is "~0"\)$/);
    expect(refusal(() => ({ idField: '' }))).toMatch(/idField is "", not a JSON pointer/);
    expect(refusal(() => ({ idField: '/id' }))).toBe('added');
  });

  it('a header no request can carry is refused when added, named with its value', () => {
    const source = { file: 'examples/jobs/jobs.md', sentence: 'a version header' };
    expect(refusal(() => ({ headers: [{ name: 'Jobs Version', value: '1', source }] }))).toMatch(
      /^API "jobs", operation listJobs: headers names "Jobs Version" with the value "1", which no request can carry/,
    );
    expect(refusal(() => ({ headers: [{ name: 'Jobs-Version', value: '1\r\nX: y', source }] }))).toMatch(
      /headers names "Jobs-Version"/,
    );
    expect(refusal(() => ({ headers: [{ name: 'Jobs-Version', value: '1', source }] }))).toBe('added');
    // The values that mean its own too: a pattern the mock reads, refused when it is none.
    expect(refusal(() => ({ headers: [{ name: 'Jobs-Version', value: '1', sameAs: '^1(', source }] }))).toBe(
      'API "jobs", operation listJobs: the header Jobs-Version\'s sameAs "^1(" is no regular expression; write one ' +
        '(^1\\.0\\.\\d+$)',
    );
  });
});
