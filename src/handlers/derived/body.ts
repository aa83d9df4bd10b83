/**
 * A derived page's body: the items at the operation's items pointer and the next page's token
 * beside them, written from each item's cached JSON text (the same bytes as serialising the body).
 */
import type { ListOperation } from '../../contract/operation-types.js';
import { withValueAt } from '../../contract/pointer.js';
import type { IndexedTask } from '../task-index.js';
import { type MockResponse, pageResponse } from '../types.js';
import type { NextToken } from './paging.js';

/** Stands for the items while the rest of the body is serialised: no JSON text of a body holds it. */
const MARK = '\u0000items\u0000';
const MARK_TEXT = JSON.stringify([MARK]);

export function pageBody(op: ListOperation, entries: readonly IndexedTask[], next: NextToken): MockResponse {
  const items = entries.map((entry) => entry.item);
  if (op.itemsPointer === '') return pageResponse(items, '[', entries, ']');
  const shell = (list: unknown) => {
    const envelope = withValueAt({}, op.itemsPointer, list) as Record<string, unknown>;
    if (next) envelope[next.field] = next.value;
    return envelope;
  };
  const [prefix = '', suffix = ''] = JSON.stringify(shell([MARK])).split(MARK_TEXT);
  return pageResponse(shell(items), `${prefix}[`, entries, `]${suffix}`);
}
