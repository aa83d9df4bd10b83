/**
 * A time filter ("Only tasks with a status timestamp time greater than or equal to this value will be
 * returned.") compares times to their last digit: two status times in one millisecond, written in
 * microseconds (Python) or nanoseconds (protobuf's Timestamp), are still ordered.
 */
import { describe, expect, it } from 'vitest';
import { matchesFilter, operationsOf } from '../../src/contract/operations.js';
import { BUILTIN } from '../helpers/apis.js';

const op = operationsOf('a2a', BUILTIN).find((o) => o.operationId === 'listTasks')!;
const filter = op.filters.find((f) => f.compare === 'at-or-after')!;
const task = (timestamp: string) => ({ id: 't', status: { state: 'TASK_STATE_WORKING', timestamp } });
const matches = (timestamp: string, after: string) => matchesFilter(filter, task(timestamp), after, op.readTime);

describe(`${filter.param}: at or after, to the last digit`, () => {
  it('an earlier time in the same millisecond does not match', () => {
    expect(matches('2026-12-07T04:42:38.547250130Z', '2026-12-07T04:42:38.547500253Z')).toBe(false);
    expect(matches('2026-12-07T04:42:38.539253Z', '2026-12-07T04:42:38.539503Z')).toBe(false);
  });

  it('a later or equal time in the same millisecond matches, whatever digits each is written with', () => {
    expect(matches('2026-12-07T04:42:38.547500253Z', '2026-12-07T04:42:38.547250130Z')).toBe(true);
    expect(matches('2026-12-07T04:42:38.5395Z', '2026-12-07T04:42:38.539500Z')).toBe(true);
    expect(matches('2026-12-07T04:42:38.539Z', '2026-12-07T04:42:38.539000000Z')).toBe(true);
    expect(matches('2026-12-07T06:42:38.539001+02:00', '2026-12-07T04:42:38.539Z')).toBe(true);
  });

  it('times in different milliseconds compare as before, and no time matches none', () => {
    expect(matches('2026-12-07T04:42:38.548Z', '2026-12-07T04:42:38.547999999Z')).toBe(true);
    expect(matches('2026-12-07T04:42:38.546999999Z', '2026-12-07T04:42:38.547Z')).toBe(false);
    expect(matches('not a time', '2026-12-07T04:42:38.547Z')).toBe(false);
  });
});
