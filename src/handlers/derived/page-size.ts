/**
 * How many tasks a page holds: the `limit` parameter within its documented bounds (a minimum of 1
 * and the mock's own maximum where no document gives one), its default, or every task of a list
 * the API does not page.
 */
import type { ListOperation } from '../../contract/operation-types.js';
import { isProblem, truncate } from '../query.js';
import type { MockContext } from '../types.js';
import type { RequestParams } from './params.js';
import { type Answered, refused } from './refusals.js';

/** The largest page the mock serves where no document bounds the limit: a larger one is refused. */
const MOCK_MAX_LIMIT = 1000;
/** The page size of a paged list whose API has no limit parameter, or documents no default. */
const MOCK_DEFAULT_LIMIT = 20;

export function pageSizeOf(op: ListOperation, read: RequestParams, context: MockContext): number | Answered {
  const whole = op.paging.kind === 'none' ? Number.MAX_SAFE_INTEGER : MOCK_DEFAULT_LIMIT;
  if (!op.limit) return whole;
  const { param, minimum = 1, maximum = MOCK_MAX_LIMIT } = op.limit;
  const raw = read.one(param);
  if (isProblem(raw)) return refused(op, context, param, raw.message);
  if (raw === undefined) return op.limit.default ?? whole;
  if (!/^-?\d{1,16}$/.test(raw))
    return refused(op, context, param, `${param} must be a whole number, got "${truncate(raw)}"`);
  const size = Number(raw);
  if (size < minimum || size > maximum)
    return refused(op, context, param, `${param} must be between ${minimum} and ${maximum}, got ${size}`);
  return size;
}
