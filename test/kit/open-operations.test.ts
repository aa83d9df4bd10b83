/**
 * The operation data is open: the items may sit under any JSON pointer, and an error format may be
 * given as data (where the documented type is) or as a function (its own findings).
 */

import { describe, expect, it } from 'vitest';
import { checkErrorResponse, type Exchange } from '../../src/contract/laws/index.js';
import { itemsOf, type ListOperation, operation, withItems } from '../../src/contract/operations.js';
import { pointerKeys, valueAt, withValueAt } from '../../src/contract/pointer.js';
import { editItems } from '../../src/handlers/faults/transform.js';
import { json } from '../../src/handlers/response.js';
import { BUILTIN } from '../helpers/apis.js';

const ark = operation('ark', 'listTasks', BUILTIN);
const exchange = (body: unknown, status: number): Exchange => ({
  url: 'http://127.0.0.1/x',
  query: [],
  status,
  contentType: 'application/json',
  body,
});

describe('items under any JSON pointer', () => {
  it('reads and replaces a value under a nested, escaped pointer, copying only the objects on the way', () => {
    const body = { page: { 'a/b': [1, 2], 'c~d': 'x' }, other: { kept: true } };
    expect(pointerKeys('/page/a~1b')).toEqual(['page', 'a/b']);
    expect(valueAt(body, '/page/a~1b')).toEqual([1, 2]);
    expect(valueAt(body, '/page/c~0d')).toBe('x');
    expect(valueAt(body, '/page/missing/deeper')).toBeUndefined();
    const edited = withValueAt(body, '/page/a~1b', [3]) as typeof body;
    expect(edited).toEqual({ page: { 'a/b': [3], 'c~d': 'x' }, other: { kept: true } });
    expect(edited.other).toBe(body.other);
    expect(body.page['a/b']).toEqual([1, 2]);
    expect(withValueAt([1], '', [2])).toEqual([2]);
  });

  it('refuses a pointer that does not start with /, saying what a pointer looks like', () => {
    expect(() => pointerKeys('items')).toThrow(/"items" is not a JSON pointer: it must be '' or start with \//);
  });

  it('an operation whose jobs are at /page/jobs: items read, replaced and edited by a fault there', () => {
    const op: ListOperation = { ...ark, itemsPointer: '/page/jobs' };
    const body = { page: { jobs: [{ id: 'a' }, { id: 'b' }] }, next: 'c2' };
    expect(itemsOf(op, body)).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(itemsOf(op, { jobs: [] })).toBeUndefined();
    expect(withItems(op, body, [])).toEqual({ page: { jobs: [] }, next: 'c2' });
    const reversed = editItems(op, json(200, body), (items) => items.reverse());
    expect(reversed.body).toEqual({ page: { jobs: [{ id: 'b' }, { id: 'a' }] }, next: 'c2' });
  });
});

describe('an error format of your own', () => {
  const expected = { law: 'ark.invalid-limit-rejected', status: '4xx', errorType: 'bad_limit' } as const;

  it('as data: the documented type is read at typePointer', () => {
    const op: ListOperation = { ...ark, errorFormat: { name: 'acme', typePointer: '/error/code' } };
    expect(checkErrorResponse(op, exchange({ error: { code: 'bad_limit' } }, 400), expected)).toEqual([]);
    const [violation, ...rest] = checkErrorResponse(op, exchange({ error: { code: 'oops' } }, 400), expected);
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({
      law: 'ark.error-format',
      instancePath: '/error/code',
      message: 'error.code is "oops", expected bad_limit for 400',
      value: 'oops',
    });
  });

  it('as a function: its findings are the law`s violations, with their paths', () => {
    const op: ListOperation = {
      ...ark,
      errorFormat: {
        name: 'acme',
        check: (body, status, errorType) =>
          typeof body === 'object' && body !== null && 'message' in body
            ? []
            : [{ path: '/message', message: `a ${status} (${errorType}) has no message`, value: body }],
      },
    };
    expect(checkErrorResponse(op, exchange({ message: 'limit is 0' }, 400), expected)).toEqual([]);
    const violations = checkErrorResponse(op, exchange({ text: 'x' }, 400), expected);
    expect(violations.map((v) => [v.law, v.instancePath, v.message])).toEqual([
      ['ark.error-format', '/message', 'a 400 (bad_limit) has no message'],
    ]);
  });
});
