/**
 * Walks the pages of one query through its cursors. Every page is judged by the page laws and
 * every listed object is an observation for the laws over time; the walk as a whole is judged
 * by the walk laws, whose findings a second walk must repeat, on pages that list the same items
 * when asked again, before they are reported (tasks change between two pages of a live list).
 */
import type { Exchange } from '../contract/laws/index.js';
import { fieldValue, idOf, itemsOf, type ListOperation, pagingParamsOf } from '../contract/operations.js';
import { optional } from '../contract/optional.js';
import { isObject } from '../contract/rules/check-helpers.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { Violation } from '../contract/violation.js';
import { MAX_PAGES, nextCursor, type Query } from '../http/paging.js';
import { redactSecretQuery } from '../http/redact.js';
import { pastDocumentedLimit, type RunContext, sessionOfRequest } from './context.js';
import type { ValueKind } from './observations.js';
import { type Known, queryKey, type Sent } from './transport.js';

export interface WalkResult {
  pages: Exchange[];
  /** The query that asked for each page. */
  queries: Query[];
  cursors: (string | undefined)[];
  urls: string[];
  /** The walk reached its documented end (not cut by a failure or the page cap). */
  complete: boolean;
  capped: boolean;
  /** The status that ended the walk at its first page unjudged (see WalkOptions.stopOnFirst). */
  stoppedWith?: number;
  /** The page, judged, whose status was not 200: the walk ended there. */
  refused?: { url: string; status: number };
}

/**
 * What a walk leaves in the ledger: `all` (judged counts and violations), `count` (judged
 * counts only: a property case being explored, whose failure is recorded once shrunk), `none`
 * (a walk that only confirms or refreshes).
 */
type Recording = 'all' | 'count' | 'none';

export interface WalkOptions {
  maxPages: number;
  /** What kind of values the query carries, for coverage (default valid). */
  kind?: ValueKind;
  record?: Recording;
  replay?: { seed: number; path: string };
  /** A first-page status that means the request itself was wrong (not the API): stop there without judging. */
  stopOnFirst?: number;
  /**
   * The answer to the first page, already received (a case asked first whether a limit is
   * accepted): judged as the walk's first page instead of asking for it again.
   */
  first?: Sent;
  /**
   * Answers to some of the walk's requests, received already by the parts of the walk that ran at
   * once (walk-parts.ts), by `queryKey`: each is judged as the page it answers, at the time it came,
   * instead of asking again.
   */
  known?: Known;
  /** Every page asked afresh, not answered by another case's request (a poll sees the list as it is then). */
  fresh?: boolean;
  /** A refused item-id cursor is judged as it is, without asking whether its item is still listed. */
  noRecheck?: boolean;
}

export const itemsOfWalk = (op: ListOperation, walk: WalkResult): JsonObject[] =>
  walk.pages.flatMap((page) => itemsOf(op, page.body) ?? []).filter(isObject);

export async function walk(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
  options: WalkOptions,
): Promise<{ walk: WalkResult; found: Violation[] }> {
  const record = options.record ?? 'all';
  const found: Violation[] = [];
  const result: WalkResult = { pages: [], queries: [], cursors: [], urls: [], complete: false, capped: false };
  const subjectSession = sessionOfRequest(ctx, op, session);
  // A walk that records nothing confirms or refreshes: it must see the list as it is now.
  const fresh = options.fresh ?? record === 'none';
  let current = query;
  for (let n = 0; n < options.maxPages; n++) {
    const given = (n === 0 ? options.first : undefined) ?? options.known?.get(queryKey(current));
    const answer = given ?? (await ctx.transport.send(op, session, current, options.kind, fresh));
    const { url, exchange } = answer;
    if (!exchange) return { walk: result, found };
    if (n === 0 && exchange.status === options.stopOnFirst)
      return { walk: { ...result, stoppedWith: exchange.status }, found };
    if (n === 0 && exchange.status >= 400 && exchange.status < 500 && pastDocumentedLimit(ctx, op, session, current)) {
      const asked = current.find(([param]) => param === op.limit?.param)?.[1];
      const why = op.limit?.maximum === undefined ? 'no maximum is documented' : 'past the documented maximum';
      ctx.ledger.note(
        `${op.operationId}: ${op.limit!.param}=${asked} got ${exchange.status} (${why}, so this is not judged)`,
      );
      return { walk: { ...result, stoppedWith: exchange.status }, found };
    }
    if (n > 0 && exchange.status >= 400 && exchange.status < 500 && !options.noRecheck) {
      const cursor = result.cursors[result.cursors.length - 1]!;
      if (await itemGone(ctx, op, session, query, cursor, options.kind)) {
        const shown = redactSecretQuery(url, pagingParamsOf(ctx.ops));
        ctx.ledger.note(
          `${op.operationId}: ${shown} got ${exchange.status} once ${cursor}, the item its cursor ` +
            'names, had left the list (a fresh walk no longer lists it): the walk ended there, not judged',
        );
        return { walk: result, found };
      }
    }
    const subject = { exchange, ...optional('session', subjectSession) };
    if (record === 'all') found.push(...ctx.ledger.judge(op, 'page', subject, url, options.replay));
    else {
      const outcomes = ctx.ledger.evaluate(op, 'page', subject);
      if (record === 'count') ctx.ledger.count(outcomes);
      found.push(...outcomes.flatMap((o) => o.judgement.violations));
    }
    if (exchange.status !== 200) return { walk: { ...result, refused: { url, status: exchange.status } }, found };
    const items = itemsOf(op, exchange.body) ?? [];
    result.pages.push(exchange);
    result.queries.push(current);
    result.urls.push(url);
    // Which version of an object was seen last is the run's knowledge: changed in case order. The page
    // is as old as the request that got it, which another case may have sent (transport.ts).
    const read = { askedAt: answer.askedAt, at: answer.at };
    ctx.defer((run) => observe(run, op, session, url, items, read));
    const next = nextCursor(op, exchange, current, items);
    result.cursors.push(next?.cursor);
    if (!next) {
      result.complete = true;
      break;
    }
    if (result.cursors.slice(0, -1).includes(next.cursor)) break; // a loop: the walk laws report it
    current = next.query;
  }
  if (!result.complete && result.pages.length >= options.maxPages) {
    result.capped = true;
    // Short probes stop early on purpose; only a full walk that never ended is worth a note.
    if (record === 'all' && options.maxPages >= MAX_PAGES)
      ctx.ledger.note(
        `${op.operationId}: stopped following pages after ${options.maxPages} pages of ${JSON.stringify(query)} ` +
          `(a cursor still came back; one walk follows at most ${MAX_PAGES} pages, and the walk laws judged those)`,
      );
  }
  const outcomes = ctx.ledger.evaluate(op, 'walk', { walk: result });
  const problems = outcomes.flatMap((o) => o.judgement.violations);
  if (record === 'none') return { walk: result, found: [...found, ...problems] };
  let confirmed = outcomes;
  if (problems.length > 0) {
    // Tasks may change between two pages of one walk: report only what a second walk repeats, the
    // same finding about the same items (a live list can show another, unrelated one on the way),
    // and only when that walk's pages, read again, list the same items: a list that moved while it
    // was walked (a task left the filter its cursor was bound to) shows nothing about its paging.
    const again = await walk(ctx, op, session, query, { maxPages: options.maxPages, record: 'none' });
    const still = await heldStill(ctx, op, session, again.walk, options.kind);
    const key = (v: Violation) => `${v.law}|${v.message}`;
    const repeated = new Set(still ? again.found.map(key) : []);
    if (!still)
      ctx.ledger.note(
        `${op.operationId}: the walk laws did not judge ${JSON.stringify(query)}: its pages listed other items ` +
          'when read again (the list changed while it was walked)',
      );
    confirmed = outcomes.map((o) => ({
      law: o.law,
      judgement: { judged: o.judgement.judged, violations: o.judgement.violations.filter((v) => repeated.has(key(v))) },
    }));
  }
  if (record === 'all') found.push(...ctx.ledger.commit(op, confirmed, result.urls, options.replay));
  else {
    ctx.ledger.count(confirmed);
    found.push(...confirmed.flatMap((o) => o.judgement.violations));
  }
  return { walk: result, found };
}

/** Each page of a walk, asked again, lists the same items in the same order. */
async function heldStill(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  walked: WalkResult,
  kind: ValueKind | undefined,
): Promise<boolean> {
  const ids = (body: unknown) => (itemsOf(op, body) ?? []).filter(isObject).map((item) => idOf(op, item));
  for (const [i, query] of walked.queries.entries()) {
    const { exchange } = await ctx.transport.send(op, session, query, kind, true);
    if (exchange?.status !== 200) return false;
    if (JSON.stringify(ids(exchange.body)) !== JSON.stringify(ids(walked.pages[i]!.body))) return false;
  }
  return true;
}

/** The request each object was last seen in (the answer that shows it as the run last saw it). */
const seenIn = new WeakMap<JsonObject, string>();
/** When each object was read (`performance.now()`), for the time between two reads of it. */
const seenAt = new WeakMap<JsonObject, number>();

/** Where the run last saw this version of an object, for the violations found among everything seen. */
export const whereSeen = (item: JsonObject): string | undefined => seenIn.get(item);

/**
 * Every listed object is an observation: compared with the last version of it seen in any
 * earlier answer (each of them, when cases that ran at once saw several), it must follow the
 * lifecycle and keep its identity, past events, counters and times.
 */
/**
 * Judges two reads of one object. What they show together is shown by both requests, run in order
 * and about as far apart as the run read them (a server moves on: the second may already differ).
 */
function judgeTwoReads(
  ctx: RunContext,
  op: ListOperation,
  subject: { id: string; before: JsonObject; after: JsonObject },
  url: string,
  readAt: number,
): void {
  const outcomes = ctx.ledger.evaluate(op, 'observation', subject);
  const first = seenIn.get(subject.before);
  // The same request twice, more often than not (a whole list read again).
  if (first === undefined) ctx.ledger.commit(op, outcomes, url);
  else ctx.ledger.commit(op, outcomes, [first, url], undefined, readAt - (seenAt.get(subject.before) ?? readAt));
}

function observe(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  url: string,
  items: unknown[],
  { askedAt, at: readAt }: Pick<Sent, 'askedAt' | 'at'>,
): void {
  for (const item of items) {
    if (!isObject(item)) continue;
    const id = idOf(op, item);
    const key = `${op.operationId}|${session ?? ''}|${id}`;
    const earlier = ctx.seen.before(key, askedAt);
    ctx.seen.saw(key, item, readAt);
    seenIn.set(item, url);
    seenAt.set(item, readAt);
    for (const before of earlier) {
      judgeTwoReads(ctx, op, { id, before, after: item }, url, readAt);
      const from = op.stateField ? fieldValue(before, op.stateField) : undefined;
      const to = op.stateField ? fieldValue(item, op.stateField) : undefined;
      if (typeof from === 'string' && typeof to === 'string' && from !== to) ctx.observations.transition(op, from, to);
    }
  }
}

/**
 * Whether the item an item-id cursor names has left the list: a fresh walk of the query without
 * cursors or limit reaches its end without listing it. The documents do not say what a cursor naming a
 * task no longer listed gets (JSON-RPC's 422 is the answer to any invalid parameter), so such a
 * refusal is the server's right; a cursor naming a listed item must be followed.
 */
async function itemGone(
  ctx: RunContext,
  op: ListOperation,
  session: string | undefined,
  query: Query,
  cursor: string,
  kind: ValueKind | undefined,
): Promise<boolean> {
  if (op.paging.kind !== 'item-id') return false;
  const { afterParam, beforeParam } = op.paging;
  // At the server's default page size: fewer pages than a small limit takes, fewer tasks leaving meanwhile.
  const plain = query.filter(([k]) => k !== afterParam && k !== beforeParam && k !== op.limit?.param);
  const options = { maxPages: MAX_PAGES, record: 'none' as const, noRecheck: true, ...optional('kind', kind) };
  // A fresh walk may itself be refused at a cursor whose own task left meanwhile: walked again then.
  for (let attempt = 0; attempt < GONE_ATTEMPTS; attempt++) {
    const { walk: fresh } = await walk(ctx, op, session, plain, options);
    if (itemsOfWalk(op, fresh).some((item) => idOf(op, item) === cursor)) return false;
    if (fresh.complete) return true;
    if (!fresh.refused) return false;
  }
  return false;
}

/** Fresh walks that may be refused in turn before a refused cursor is judged as it is. */
const GONE_ATTEMPTS = 3;
