/**
 * Baseline walks: every operation on every session it is judged on (the one given, and the
 * ids another operation lists), unfiltered, to the end; then a short limit, so that paging is
 * exercised even when one default page would hold everything.
 */
import { fieldValue, type ListOperation } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { MAX_PAGES } from '../../http/paging.js';
import { baselineKey, fixedQuery, type RunContext, sessionsOf } from '../context.js';
import { ConfigurationError } from '../errors.js';
import { itemsOfWalk, walk } from '../walker.js';

/** How many of the ids another operation lists are also judged (beside --session). */
const DISCOVERED_SESSIONS = 8;

export async function baselinePhase(ctx: RunContext): Promise<void> {
  for (const op of ctx.ops) {
    chooseSessions(ctx, op);
    const sizes: number[] = [];
    for (const session of sessionsOf(ctx, op)) {
      const given = session !== undefined && session === ctx.options.session;
      const { walk: result } = await walk(ctx, op, session, fixedQuery(ctx, op), {
        maxPages: MAX_PAGES,
        ...(given ? { stopOnFirst: op.unknownSession?.status ?? 404 } : {}),
      });
      if (given && result.stoppedWith !== undefined) refuseUnknownSession(op, session, result.stoppedWith);
      const items = itemsOfWalk(op, result);
      if (result.complete) ctx.baselines.set(baselineKey(op, session), items);
      sizes.push(items.length);
      collectPools(ctx, op, items);
    }
    if (op.session.in === 'path' && op.session.discoveredFrom && sizes.length > 0) {
      const count = (test: (n: number) => boolean) => sizes.filter(test).length;
      const kinds = [
        `${count((n) => n === 0)} empty`,
        `${count((n) => n === 1)} with one item`,
        `${count((n) => n > 1)} with more`,
      ];
      ctx.ledger.note(`${op.operationId} judged on ${sizes.length} session(s): ${kinds.join(', ')}`);
    }
    const first = sessionsOf(ctx, op)[0];
    if (op.session.in === 'path' && first === undefined) continue;
    if (op.limit && op.paging.kind !== 'none')
      await walk(ctx, op, first, [...fixedQuery(ctx, op), [op.limit.param, '3']], { maxPages: MAX_PAGES });
  }
}

/**
 * A --session the API does not know cannot be judged on: that is the caller's mistake (a wrong
 * id, another account), said as such, not a violation of the API's status-code law.
 */
function refuseUnknownSession(op: ListOperation, session: string, status: number): never {
  const listed =
    op.session.in === 'path' && op.session.discoveredFrom
      ? `; ${op.session.discoveredFrom.operationId} lists the sessions there are`
      : '';
  throw new ConfigurationError(
    `--session "${session}": ${op.operationId} answered ${status}, so the API does not know this session; ` +
      `give the id of a session that exists${listed}`,
  );
}

function chooseSessions(ctx: RunContext, op: ListOperation): void {
  if (op.session.in !== 'path') return;
  const ids: string[] = ctx.options.session ? [ctx.options.session] : [];
  const from = op.session.discoveredFrom;
  if (from) {
    const listed = ctx.baselines.get(`${from.operationId}|`) ?? [];
    for (const item of listed) {
      const id = fieldValue(item, from.field);
      if (
        typeof id === 'string' &&
        !ids.includes(id) &&
        ids.length < DISCOVERED_SESSIONS + (ctx.options.session ? 1 : 0)
      )
        ids.push(id);
    }
    if (ids.length === 0)
      ctx.ledger.note(
        `no session to judge ${op.operationId} on: ${from.operationId} listed none and --session was not given`,
      );
  }
  ctx.sessions.set(op.operationId, ids);
}

function collectPools(ctx: RunContext, op: ListOperation, items: readonly JsonObject[]): void {
  for (const filter of op.filters) {
    const values = items.map((i) => fieldValue(i, filter.field)).filter((v): v is string => typeof v === 'string');
    ctx.pools[filter.param] = [...new Set([...(ctx.pools[filter.param] ?? []), ...values])].slice(0, 20);
  }
}
