/**
 * Baseline walks: every operation on every session it is judged on (the one given, and the
 * ids another operation lists), unfiltered, to the end. The walk with a short limit, so that
 * paging is exercised even when one default page would hold everything, teaches the later
 * phases nothing: it is a case of theirs (`shortLimitCases`), not a page the baseline waits for.
 */
import { fieldValue, type ListOperation } from '../../contract/operations.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { MAX_PAGES, type Query } from '../../http/paging.js';
import { redactSecretQuery } from '../../http/redact.js';
import { type Case, runCases } from '../cases.js';
import { baselineKey, fixedQuery, type ListRead, type RunContext, sessionsOf, walkCost } from '../context.js';
import { ConfigurationError } from '../errors.js';
import { walkInParts } from '../walk-parts.js';
import { itemsOfWalk, walk } from '../walker.js';

/** How many of the ids another operation lists are also judged (beside --session), from first to last listed. */
const DISCOVERED_SESSIONS = 16;

export async function baselinePhase(ctx: RunContext): Promise<void> {
  // Every shard walks the baseline: the sessions, ids and filter values every later case starts from.
  for (const group of independentGroups(ctx.ops))
    await runCases(
      ctx,
      group.flatMap((op) => baselineCases(ctx, op)),
      { shard: 'learn' },
    );
}

/**
 * The operations in order, cut where one lists the sessions of the next: the walks of one group
 * run at once, a group starts when the one before it is committed.
 */
function independentGroups(ops: readonly ListOperation[]): ListOperation[][] {
  const groups: ListOperation[][] = [];
  let current: ListOperation[] = [];
  for (const op of ops) {
    const from = op.session.in === 'path' ? op.session.discoveredFrom?.operationId : undefined;
    if (from !== undefined && current.some((o) => o.operationId === from)) {
      groups.push(current);
      current = [];
    }
    current.push(op);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

type BaselineWalk = { complete: boolean; items: JsonObject[]; read: ListRead } | undefined;

/** One operation's baseline: a walk per session, to the end. */
function baselineCases(ctx: RunContext, op: ListOperation): Case<BaselineWalk>[] {
  const cases: Case<BaselineWalk>[] = [];
  const none = chooseSessions(ctx, op);
  if (none) cases.push({ run: async (scope) => void scope.ledger.note(none) });
  const sizes: number[] = [];
  const sessions = sessionsOf(ctx, op);
  sessions.forEach((session, i) => {
    cases.push({
      run: async (scope) => {
        const given = session !== undefined && session === scope.options.session;
        const { walk: result } = await walk(scope, op, session, fixedQuery(scope, op), {
          maxPages: MAX_PAGES,
          ...(given ? { stopOnFirst: op.unknownSession?.status ?? 404 } : {}),
        });
        if (given && result.stoppedWith !== undefined) refuseUnknownSession(op, session, result.stoppedWith);
        const { refused } = result;
        if (op.session.in !== 'path' && result.pages.length === 0 && refused?.status === 404)
          scope.ledger.hint(notFoundHint(op, refused.url));
        return {
          complete: result.complete,
          items: itemsOfWalk(op, result),
          read: { walk: result, at: performance.now() },
        };
      },
      commit: (walked, run) => {
        if (!walked) return;
        if (walked.complete) {
          run.baselines.set(baselineKey(op, session), walked.items);
          run.reads.set(baselineKey(op, session), [walked.read]);
        }
        sizes.push(walked.items.length);
        collectPools(run, op, walked.items);
        if (i === sessions.length - 1) noteSessions(run, op, sizes);
      },
    });
  });
  return cases;
}

/** Each paged operation walked to its end 3 items a page, on its first session. */
export function shortLimitCases(ctx: RunContext): Case<unknown>[] {
  return ctx.ops.flatMap((op) => {
    const first = sessionsOf(ctx, op)[0];
    if ((op.session.in === 'path' && first === undefined) || !op.limit || op.paging.kind === 'none') return [];
    const query: Query = [...fixedQuery(ctx, op), [op.limit.param, '3']];
    return walkInParts(ctx, op, first, [{ query, maxPages: MAX_PAGES }], {
      cost: walkCost(ctx, op, first, query, MAX_PAGES),
      run: async (scope, known) => void (await walk(scope, op, first, query, { maxPages: MAX_PAGES, known })),
    });
  });
}

function noteSessions(ctx: RunContext, op: ListOperation, sizes: readonly number[]): void {
  if (op.session.in !== 'path' || !op.session.discoveredFrom) return;
  const count = (test: (n: number) => boolean) => sizes.filter(test).length;
  const kinds = [
    `${count((n) => n === 0)} empty`,
    `${count((n) => n === 1)} with one item`,
    `${count((n) => n > 1)} with more`,
  ];
  ctx.ledger.note(`${op.operationId} judged on ${sizes.length} session(s): ${kinds.join(', ')}`);
}

/**
 * A list that needs no id answered 404 to its plainest request: nothing is listed at that address,
 * which is more often a --base-url that is not the API's root than the API's doing. Said first, so
 * that a mistyped URL does not read as the API's forty violations; the verdict stands.
 */
function notFoundHint(op: ListOperation, url: string): string {
  return (
    `the plainest request of ${op.operationId}, GET ${redactSecretQuery(url)}, answered 404: check that ` +
    `--base-url is the API's root (the path ${op.path} is added to it); if it is, the violations below are the API's`
  );
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
      `give the id of a session that exists${listed} (or, if it does exist, check that --base-url is the ` +
      `API's root: the path ${op.path} is added to it)`,
  );
}

/** Sets the sessions the operation is judged on; returns a note when there is none to judge it on. */
function chooseSessions(ctx: RunContext, op: ListOperation): string | undefined {
  if (op.session.in !== 'path') return undefined;
  const ids: string[] = ctx.options.session ? [ctx.options.session] : [];
  const from = op.session.discoveredFrom;
  ctx.sessions.set(op.operationId, ids);
  if (!from) return undefined;
  const listed = (ctx.baselines.get(`${from.operationId}|`) ?? []).map((item) => fieldValue(item, from.field));
  const found = [...new Set(listed.filter((id): id is string => typeof id === 'string' && !ids.includes(id)))];
  ids.push(...spread(found, DISCOVERED_SESSIONS));
  if (ids.length > 0) return undefined;
  return `no session to judge ${op.operationId} on: ${from.operationId} listed none and --session was not given`;
}

/**
 * At most `count` of `ids`, spread over the whole list from its first to its last: a list comes
 * newest first, and what older sessions hold (older tasks) is as much the API's as the newest.
 */
function spread<T>(ids: readonly T[], count: number): T[] {
  if (ids.length <= count) return [...ids];
  if (count === 1) return [ids[0]!];
  return Array.from({ length: count }, (_, k) => ids[Math.round((k * (ids.length - 1)) / (count - 1))]!);
}

function collectPools(ctx: RunContext, op: ListOperation, items: readonly JsonObject[]): void {
  for (const filter of op.filters) {
    const values = items.map((i) => fieldValue(i, filter.field)).filter((v): v is string => typeof v === 'string');
    ctx.pools[filter.param] = [...new Set([...(ctx.pools[filter.param] ?? []), ...values])].slice(0, 20);
  }
}
