/**
 * Paging, one function per kind of the operation's `paging`: where a request's page starts (a
 * creation number of the store: pages follow the store's order, newest first) and what the next
 * page's token is. Tokens are the mock's own: the creation number of the last task listed, so a
 * walk is stable while tasks are added in front of it. Then the page's body: the items at `itemsPointer`,
 * the next token beside them, written from each item's cached JSON (the same bytes as serialising it).
 */

import type { ListOperation } from '../../contract/operation-types.js';
import { withValueAt } from '../../contract/pointer.js';
import { isProblem, truncate } from '../query.js';
import type { IndexedTask, Page } from '../task-index.js';
import type { MockContext } from '../types.js';
import { type MockResponse, pageResponse } from '../types.js';
import { Answered, errorAnswer, type RequestParams, refused, specFacts } from './request.js';
import { inScope, type ListScope } from './scope.js';

/** Where a page starts: only tasks created before one (`beforeSeq`) or just after one (`afterSeq`). */
interface PageStart {
  beforeSeq?: number;
  afterSeq?: number;
}

/** The field and value that lead to the next page, if there is one. */
export type NextToken = { field: string; value: string | number } | undefined;

interface PagingKind {
  start(op: ListOperation, read: RequestParams, scope: ListScope, context: MockContext): PageStart | Answered;
  next(op: ListOperation, page: Page, scope: ListScope, context: MockContext): NextToken;
}

type Token = Extract<ListOperation['paging'], { kind: 'token' }>;
type ItemId = Extract<ListOperation['paging'], { kind: 'item-id' }>;

/** A short hash of a query (FNV-1a), so a token bound to its query says which one without spelling it out. */
function queryHash(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** `kind: 'none'`: one page holds the list. */
const none: PagingKind = { start: () => ({}), next: () => undefined };

/**
 * `kind: 'token'`: an opaque token passed back unchanged. A number where the spec writes the token
 * as one (the creation number itself), else text: the number in base 36 and, for a token bound to
 * its query (`boundToQuery`), a hash of that query.
 */
const token: PagingKind = {
  start(op, read, scope, context) {
    const paging = op.paging as Token;
    const raw = read.one(paging.param);
    const refuse = (message: string) =>
      paging.boundToQuery
        ? new Answered(errorAnswer(op, context, paging.boundToQuery, message))
        : refused(op, context, paging.param, message);
    if (isProblem(raw)) return refuse(raw.message);
    if (raw === undefined) return {};
    if (specFacts(op, context.apis).numericToken) {
      if (/^\d{1,16}$/.test(raw) && Number(raw) <= Number.MAX_SAFE_INTEGER) return { beforeSeq: Number(raw) };
    } else {
      const [, seq, bound] = /^([0-9a-z]{1,11})(?:\.([0-9a-z]{1,7}))?$/.exec(raw) ?? [];
      if (seq !== undefined && (bound !== undefined) === (paging.boundToQuery !== undefined)) {
        if (bound === undefined || bound === queryHash(scope.key)) return { beforeSeq: Number.parseInt(seq, 36) };
        return refuse(`${paging.param} belongs to another query; start again without ${paging.param}`);
      }
    }
    return refuse(
      `${paging.param} "${truncate(raw)}" is not a token this API gave; pass ${paging.responseField} unchanged`,
    );
  },
  next(op, page, scope, context) {
    const last = page.entries[page.entries.length - 1];
    if (!page.more || !last) return undefined;
    const paging = op.paging as Token;
    if (specFacts(op, context.apis).numericToken) return { field: paging.responseField, value: last.seq };
    const text = last.seq.toString(36);
    return { field: paging.responseField, value: paging.boundToQuery ? `${text}.${queryHash(scope.key)}` : text };
  },
};

/**
 * `kind: 'item-id'`: `afterParam=<id>` lists the tasks after that one (older), `beforeParam=<id>`
 * the ones just before it (newer). The id must name a task of this list; the two together are
 * refused. The body carries no token: the next page starts after the last item.
 */
const itemId: PagingKind = {
  start(op, read, scope, context) {
    const { afterParam, beforeParam } = op.paging as ItemId;
    const after = read.one(afterParam);
    if (isProblem(after)) return refused(op, context, afterParam, after.message);
    const before = read.one(beforeParam);
    if (isProblem(before)) return refused(op, context, beforeParam, before.message);
    if (after !== undefined && before !== undefined)
      return refused(op, context, beforeParam, `${afterParam} and ${beforeParam} cannot be combined; give one`);
    const id = after ?? before;
    if (id === undefined) return {};
    const param = after !== undefined ? afterParam : beforeParam;
    const pivot = context.store.task(op.api, id);
    if (!pivot || !inScope(op, scope, pivot))
      return refused(op, context, param, `${param} ${truncate(id)} is no item of this list`);
    return after !== undefined ? { beforeSeq: pivot.seq } : { afterSeq: pivot.seq };
  },
  next: () => undefined,
};

export const PAGING: Readonly<Record<ListOperation['paging']['kind'], PagingKind>> = {
  none,
  token,
  'item-id': itemId,
};

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
