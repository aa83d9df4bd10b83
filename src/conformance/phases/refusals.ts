/**
 * Documented refusals: unsupported filters, bad paging values, malformed and foreign cursors,
 * unknown sessions (unknown-ids.ts), each sent alone and beside every parameter the operation honours (a refusal
 * lost once a supported filter comes with it is still a refusal lost), an unsupported filter also
 * twice; and the documented minimum limit, which must be accepted.
 */
import { refusedHeaders } from '../../contract/json-rpc.js';
import { type ErrorExpectation, lawId } from '../../contract/laws/index.js';
import { fieldValue, itemsOf, type ListOperation, type RejectedParam } from '../../contract/operations.js';
import { optional } from '../../contract/optional.js';
import type { JsonObject } from '../../contract/rules/types.js';
import { nextCursor, type Query } from '../../http/paging.js';
import type { Case } from '../cases.js';
import { baselineKey, filterValues, fixedQuery, type RunContext, sessionOfRequest, sessionsOf } from '../context.js';
import { judgeServerErrorOnly, unknownSessionCases } from './unknown-ids.js';

export function refusalCases(ctx: RunContext): Case<void>[] {
  const cases: Case<void>[] = [];
  for (const op of ctx.ops) {
    const session = sessionsOf(ctx, op)[0];
    if (op.session.in === 'path' && session === undefined) continue;
    const fixed = fixedQuery(ctx, op);
    for (const rejected of op.rejected) {
      const expected = refusalOf(op, rejected);
      for (const value of rejected.values)
        cases.push({ run: (scope) => refused(scope, op, session, [...fixed, [rejected.param, value]], expected) });
      // Sent beside a parameter the operation honours, or twice, it is refused all the same.
      const value = rejected.values[0]!;
      for (const beside of companions(ctx, op, fixed, rejected.param))
        cases.push({
          run: (scope) => refused(scope, op, session, [...fixed, beside, [rejected.param, value]], expected),
        });
      if (rejected.law === 'unsupported-filter-400') {
        const again: Query = [...fixed, [rejected.param, value], [rejected.param, rejected.values.at(-1)!]];
        cases.push({ run: (scope) => refused(scope, op, session, again, expected) });
      }
    }
    cases.push(...headerRefusals(ctx, op, session, fixed));
    cases.push(...cursorBinding(ctx, op, session, fixed), ...forgedToken(op, session, fixed));
    const minimum = op.limit?.minimum;
    if (op.limit && minimum !== undefined) {
      const query: Query = [...fixed, [op.limit.param, String(minimum)]];
      cases.push({ run: (scope) => minimumAccepted(scope, op, session, query) });
    }
    cases.push(...unknownSessionCases(ctx, op, op.session.in === 'query' ? ctx.options.session : session));
  }
  return cases;
}

/**
 * A header sent with a value the documents say is refused (A2A-Version: 99.0) in place of the module's own, alone
 * and beside each parameter the operation honours. Not where --header gives that header: it is sent as given.
 */
function headerRefusals(ctx: RunContext, op: ListOperation, session: string | undefined, fixed: Query): Case<void>[] {
  const given = new Set(Object.keys(ctx.options.headers ?? {}).map((name) => name.toLowerCase()));
  return refusedHeaders(op).flatMap(({ name, rejected }) => {
    if (given.has(name.toLowerCase())) {
      const note = `${op.operationId}: --header gives ${name}, so no refused value of it was sent`;
      return [{ run: async (scope: RunContext) => void scope.ledger.note(note) }];
    }
    const expected: ErrorExpectation = {
      law: lawId(op, rejected.law),
      status: rejected.status,
      ...(rejected.errorType ? { errorType: rejected.errorType } : {}),
      ...(rejected.errorTypeSource ? { source: rejected.errorTypeSource } : {}),
    };
    const queries = [fixed, ...companions(ctx, op, fixed, '').map((beside): Query => [...fixed, beside])];
    return rejected.values.flatMap((value) => {
      // The operation as sent with the refused value in place of its own header's (or the one its handshake gave):
      // its printed request shows the header it carried.
      const others = (op.headers ?? []).filter((h) => h.name.toLowerCase() !== name.toLowerCase());
      // It keeps `rejected`, so that the refusal's law is the sent operation's too.
      const sent: ListOperation = { ...op, headers: [...others, { name, value, source: rejected.source, rejected }] };
      return queries.map((query) => ({
        run: (scope: RunContext) => refused(scope, sent, session, query, expected, true),
      }));
    });
  });
}

/** One valid value of each parameter the operation honours (a filter value the lists hold, a small limit). */
function companions(ctx: RunContext, op: ListOperation, fixed: Query, param: string): [string, string][] {
  const out = filterValues(ctx, op, fixed).filter(([k]) => k !== param);
  if (op.limit && op.limit.param !== param) out.push([op.limit.param, '2']);
  return out;
}

/**
 * The documented minimum is a valid value: it must not be refused. How many items it returns
 * is not stated for 0, so the page laws judge only its status and shape.
 */
async function minimumAccepted(ctx: RunContext, op: ListOperation, session: string | undefined, query: Query) {
  const { url, exchange } = await ctx.transport.send(op, session, query, 'edge');
  if (!exchange) return;
  const subject = {
    exchange,
    acceptedBy: lawId(op, 'minimum-limit-accepted'),
    ...optional('session', sessionOfRequest(ctx, op, session)),
  };
  ctx.ledger.judge(op, 'page', subject, url);
}

async function refused(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
  expected: ErrorExpectation,
  // Fresh where a header differs: the answer to the same URL without it is no answer to this request.
  fresh = false,
): Promise<void> {
  const { url, exchange } = await ctx.transport.send(op, session, query, 'invalid', fresh);
  if (exchange) ctx.ledger.judge(op, 'error', { exchange, expected }, url);
}

/**
 * A page token no page gave, where the documents state no answer to one: a server may refuse it or
 * answer with a page, but it is input the server reads, so a 5xx is judged (not-a-server-error).
 */
function forgedToken(op: ListOperation, session: string | undefined, fixed: Query): Case<void>[] {
  if (op.paging.kind !== 'token' || op.paging.boundToQuery) return [];
  const { param } = op.paging;
  if (op.rejected.some((r) => r.param === param)) return [];
  return [
    {
      run: async (scope) => {
        const { url, exchange } = await scope.transport.send(op, session, [...fixed, [param, FORGED]], 'invalid');
        if (exchange) judgeServerErrorOnly(scope, op, url, exchange);
      },
    },
  ];
}

/** A cursor no API of the project's issues: what a forged or corrupted token looks like. */
const FORGED = 'not-a-cursor-from-this-api';

/**
 * A malformed cursor, and a real cursor replayed with another query, are refused as documented:
 * an unfiltered query's cursor sent with a filter, and a filtered query's cursor sent without the
 * filter and with another value of it (the value two listed objects share, so that a page of one
 * has a next cursor).
 */
function cursorBinding(ctx: RunContext, op: ListOperation, session: string | undefined, fixed: Query): Case<void>[] {
  if (op.paging.kind !== 'token' || !op.paging.boundToQuery) return [];
  const { param, boundToQuery } = op.paging;
  const refusal = (name: 'malformed-cursor-rejected' | 'cursor-bound-to-query'): ErrorExpectation => ({
    law: lawId(op, name),
    status: boundToQuery.status,
    ...(boundToQuery.errorType ? { errorType: boundToQuery.errorType } : {}),
  });
  const malformed: Case<void> = {
    run: (scope) => refused(scope, op, session, [...fixed, [param, FORGED]], refusal('malformed-cursor-rejected')),
  };
  const limitParam = op.limit?.param;
  const filter = op.filters.find((f) => !fixed.some(([k]) => k === f.param));
  if (!limitParam || !filter) return [malformed];
  // Each replay needs the cursor of the request before it: one case each.
  const replay = (made: Query, sent: Query): Case<void> => ({
    run: async (scope) => {
      const asked: Query = [...fixed, [limitParam, '1'], ...made];
      const { exchange } = await scope.transport.send(op, session, asked);
      const cursor = exchange && nextCursor(op, exchange, asked, itemsOf(op, exchange.body) ?? [])?.cursor;
      if (cursor === undefined) {
        const asked = [[limitParam, '1'], ...made].map(([k, v]) => `${k}=${v}`).join('&');
        scope.ledger.note(`${op.operationId}: no next cursor with ${asked}, so its cursor could not be replayed`);
        return;
      }
      const query: Query = [...fixed, [limitParam, '1'], ...sent, [param, cursor]];
      await refused(scope, op, session, query, refusal('cursor-bound-to-query'));
    },
  });
  const other: [string, string] = [filter.param, 'atc-other-query'];
  const cases = [malformed, replay([], [other]), ...unsupportedOnLaterPages(op, session, fixed, limitParam)];
  const shared = sharedValue(ctx.baselines.get(baselineKey(op, session)) ?? [], filter.field);
  if (shared !== undefined) cases.push(replay([[filter.param, shared]], []), replay([[filter.param, shared]], [other]));
  return cases;
}

/**
 * A real cursor (the next one of a page of 1) sent beside each unsupported filter: that filter is
 * refused on a later page as on the first. One case per filter, each asking the page first: the
 * cases of a batch share one answer to it (transport.ts), so the refusals go at once. (A real cursor
 * with junk appended is not sent: base64 decoders in Node and Python skip what is not of their
 * alphabet, so a server that checks its cursors may still read it as the cursor it gave.)
 */
function unsupportedOnLaterPages(
  op: ListOperation,
  session: string | undefined,
  fixed: Query,
  limitParam: string,
): Case<void>[] {
  if (op.paging.kind !== 'token') return [];
  const paged: Query = [...fixed, [limitParam, '1']];
  return op.rejected
    .filter((r) => r.law === 'unsupported-filter-400')
    .map((rejected) => ({
      // The page, then the refusal.
      cost: 2,
      run: async (scope) => {
        const { exchange } = await scope.transport.send(op, session, paged);
        const next = exchange && nextCursor(op, exchange, paged, itemsOf(op, exchange.body) ?? []);
        if (!next) return;
        await refused(
          scope,
          op,
          session,
          [...next.query, [rejected.param, rejected.values[0]!]],
          refusalOf(op, rejected),
        );
      },
    }));
}

/** What a documented refusal of a parameter is held to: its law, status and error type. */
function refusalOf(op: ListOperation, rejected: RejectedParam): ErrorExpectation {
  return {
    law: lawId(op, rejected.law),
    status: rejected.status,
    ...(rejected.errorType ? { errorType: rejected.errorType } : {}),
    ...(rejected.errorTypeSource ? { source: rejected.errorTypeSource } : {}),
  };
}

/** A string value of `field` that at least two of the objects hold (the first such, in list order). */
function sharedValue(items: readonly JsonObject[], field: string): string | undefined {
  const seen = new Set<string>();
  for (const item of items) {
    const value = fieldValue(item, field);
    if (typeof value !== 'string') continue;
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}
