/**
 * Where servers usually break: the limit across its range (1, small, the default, past the
 * default, spread up to the length of the list, one short of it, it and well past it); item-id
 * cursors on both sides of an item the walk listed (one inside the first page, one just past it).
 * No walk backwards: the documents do not say in which order a before-cursor's page lists its
 * items, so where such a walk goes on from is not known.
 */
import { idOf, type ListOperation } from '../../contract/operations.js';
import { optional } from '../../contract/optional.js';
import { CASE_LIMIT } from '../../generators/requests.js';
import { MAX_PAGES, type Query } from '../../http/paging.js';
import type { Case } from '../cases.js';
import {
  baselineKey,
  filterValues,
  fixedQuery,
  type RunContext,
  sessionOfRequest,
  sessionsOf,
  walkCost,
} from '../context.js';
import { itemsOfWalk, walk } from '../walker.js';
import { linkedSessionCases } from './links.js';
import { PAST_THE_END, pageSizesCost, pageSizesProbe, positionsCases } from './page-sizes.js';
import { refusalFormatCases } from './refusal-format.js';

/** The walks at the page sizes that put a cursor at every position. */
export function positionCases(ctx: RunContext): Case<unknown>[] {
  return ctx.ops.flatMap((op) => {
    const session = sessionsOf(ctx, op)[0];
    if (op.session.in === 'path' && session === undefined) return [];
    return positionsCases(ctx, op, session);
  });
}

export function probeCases(ctx: RunContext): Case<void>[] {
  const cases: Case<void>[] = [];
  for (const op of ctx.ops) {
    const session = sessionsOf(ctx, op)[0];
    if (op.session.in === 'path' && session === undefined) continue;
    cases.push(...limitProbes(ctx, op, session));
    cases.push(...itemCursorCases(ctx, op, session));
    cases.push({ cost: pageSizesCost(ctx, op, session), run: (scope) => pageSizesProbe(scope, op, session) });
    cases.push(...refusalFormatCases(ctx, op, session));
  }
  cases.push(...linkedSessionCases(ctx));
  return cases;
}

/** Each probe is a case of its own: none needs another's answer. */
function limitProbes(ctx: RunContext, op: ListOperation, session: string | undefined): Case<void>[] {
  if (!op.limit) return [];
  const fixed = fixedQuery(ctx, op);
  const param = op.limit.param;
  const probe = (query: Query, maxPages: number): Case<void> => ({
    cost: walkCost(ctx, op, session, query, maxPages),
    run: async (scope) => void (await walk(scope, op, session, query, { maxPages, kind: 'edge' })),
  });
  // 1, a small value and the documented default are valid values: every page law judges them, a short walk included.
  const cases = [probe([...fixed, [param, '1']], 4), probe([...fixed, [param, '2']], 3)];
  if (op.limit.default !== undefined) cases.push(probe([...fixed, [param, String(op.limit.default)]], 2));
  const length = ctx.baselines.get(baselineKey(op, session))?.length ?? 0;
  // Past the default, a quarter, half and three quarters of the way from the largest limit every combination
  // sends to the list's length, one short of it and as large as it: no maximum is documented, so a refusal
  // is noted, not judged.
  const between =
    length > CASE_LIMIT + 4 ? [1, 2, 3].map((k) => Math.round(CASE_LIMIT + ((length - CASE_LIMIT) * k) / 4)) : [];
  const larger = [
    ...new Set([
      ...(op.limit.default !== undefined ? [op.limit.default + 1] : []),
      ...between,
      ...(length > 2 ? [length - 1, length] : []),
    ]),
  ];
  for (const value of larger)
    cases.push({ run: (scope) => walkIfAccepted(scope, op, session, [...fixed, [param, String(value)]]) });
  cases.push({ run: (scope) => pastTheEnd(scope, op, session, [...fixed, [param, String(length + PAST_THE_END)]]) });
  return cases;
}

/** Past the end of the list: an answer is judged, a refusal noted. */
async function pastTheEnd(ctx: RunContext, op: ListOperation, session: string | undefined, query: Query) {
  const { url, exchange } = await ctx.transport.send(op, session, query, 'edge');
  if (!exchange) return;
  const subjectSession = sessionOfRequest(ctx, op, session);
  const subject = { exchange, ...optional('session', subjectSession) };
  if (exchange.status === 200 || exchange.status >= 500) ctx.ledger.judge(op, 'page', subject, url);
  else noteRefused(ctx, op, query.map(([k, v]) => `${k}=${v}`).at(-1) ?? '', exchange.status);
}

/** A refused value that no document bounds: the refusal is the server's right, so it is noted, not judged. */
function noteRefused(ctx: RunContext, op: ListOperation, request: string, status: number): void {
  ctx.ledger.note(`${op.operationId}: ${request} got ${status} (no maximum is documented, so this is not judged)`);
}

/** A walk with a limit no document bounds: judged when the first page is accepted, noted when it is refused. */
async function walkIfAccepted(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: [string, string][],
): Promise<void> {
  const first = await ctx.transport.send(op, session, query, 'edge');
  const { exchange } = first;
  if (!exchange) return;
  if (exchange.status === 200 || exchange.status >= 500)
    await walk(ctx, op, session, query, { maxPages: 2, kind: 'edge', first });
  else noteRefused(ctx, op, query.map(([k, v]) => `${k}=${v}`).join('&'), exchange.status);
}

/**
 * Item-id cursors exclude their own item, and each side stays on its side. An answer is a page
 * too (the limit, the filters, the schema judge it): a before-cursor deep in the list has more
 * items before it than the limit lets through, and each filter is sent with a before-cursor from
 * its own list once (a walk only follows after-cursors, so a filter lost beside a before-cursor
 * shows only here). A refusal is not judged here: a task may have left a filtered list since.
 * The cursors of the whole list are one case, each filter's another: none needs another's answer.
 */
function itemCursorCases(ctx: RunContext, op: ListOperation, session: string | undefined): Case<void>[] {
  if (op.paging.kind !== 'item-id' || !op.limit) return [];
  const fixed = fixedQuery(ctx, op);
  const { afterParam, beforeParam } = op.paging;
  const limit: [string, string] = [op.limit.param, String(CURSOR_PAGE)];
  const orderOf = async (scope: RunContext, query: Query) => {
    const { walk: result } = await walk(scope, op, session, [...query, limit], {
      maxPages: CURSOR_WALK_PAGES,
      record: 'none',
    });
    return itemsOfWalk(op, result).map((i) => idOf(op, i));
  };
  const probe = async (scope: RunContext, query: Query, side: 'after' | 'before', pivot: string, order: string[]) => {
    const { url, exchange } = await scope.transport.send(op, session, query, 'edge');
    if (!exchange) return;
    const subject = { exchange, ...optional('session', sessionOfRequest(scope, op, session)) };
    if (exchange.status === 200) scope.ledger.judge(op, 'page', subject, url);
    scope.ledger.judge(op, 'cursor', { side, pivot, order, exchange }, url);
  };
  const whole: Case<void> = {
    cost: CURSOR_WALK_PAGES + 6,
    run: async (scope) => {
      const order = await orderOf(scope, fixed);
      if (order.length < 2) return;
      // The item just past the first page of 3, one inside it, and one deep in the list: a cursor the
      // server ignores answers with the first page, right for the first before-cursor and wrong (it lists
      // the pivot) for the second; a before-cursor that ignores the limit shows only on the third.
      const pivots = [...new Set([order[Math.min(CURSOR_PAGE, order.length - 1)]!, order[1]!, deepIn(order)])];
      for (const pivot of pivots) {
        await probe(scope, [...fixed, limit, [afterParam, pivot]], 'after', pivot, order);
        await probe(scope, [...fixed, limit, [beforeParam, pivot]], 'before', pivot, order);
      }
    },
  };
  const filtered = filterValues(ctx, op, fixed).map(
    (beside): Case<void> => ({
      cost: CURSOR_WALK_PAGES + 1,
      run: async (scope) => {
        const query: Query = [...fixed, beside];
        const within = await orderOf(scope, query);
        if (within.length < 2) return;
        await probe(scope, [...query, limit, [beforeParam, deepIn(within)]], 'before', deepIn(within), within);
      },
    }),
  );
  return [whole, ...filtered];
}

const deepIn = (order: readonly string[]) => order[Math.min(DEEP_PIVOT, order.length - 1)]!;

/** The pages of the short walks whose order the cursor probes stand on. */
const CURSOR_WALK_PAGES = Math.min(4, MAX_PAGES);

/** The page size of the item-id cursor probes, and how deep in their walk the deepest pivot lies. */
const CURSOR_PAGE = 3;
const DEEP_PIVOT = 8;
