/**
 * Unknown sessions: one id no real one looks like (`atcunknown…`), and ids of exactly the form of
 * the session judged (its prefix, its length, each character drawn from the characters of its
 * kind the run's session ids use: hexadecimal stays hexadecimal), none of them an id the run has
 * seen, the first also beside each filter. A server that answers "not found" only for ids it
 * cannot parse shows on the second kind.
 *
 * An id of the listed form may still name a session: one the lists do not show (Praxis' archived
 * sessions are "retrievable by id" but not listed) or one no list gives (Everruns, Ark). The
 * documents answer 404 for a session that is missing or inaccessible, and a session that exists
 * answers its list, so a 200 for such an id is the server's violation only once the id is known to
 * name nothing. That is so where the form allows at least SPARSE_FORM ids and every one of
 * FORM_PROBES drawn at random answered 200 with no items: a correct server with N sessions of the
 * form has all of them only with odds (N / SPARSE_FORM)^FORM_PROBES (10^-6 for a thousand). Where
 * the form allows fewer (sesn_000 to sesn_999: every one may exist), a 200 is noted, not judged.
 * Any other answer is judged as the document's answer to a missing session (a session that exists
 * answers 200), and a 200 is a page like any other, judged by the page laws. Where a handshake opens the
 * sessions, one id no handshake gave is sent in the session's header, and only a 5xx is judged.
 */

import type { Exchange } from '../../contract/laws/index.js';
import { type ErrorExpectation, lawId } from '../../contract/laws/index.js';
import { fieldValue, itemsOf, type ListOperation } from '../../contract/operations.js';
import type { Query } from '../../http/paging.js';
import type { Case } from '../cases.js';
import { filterValues, fixedQuery, type RunContext, sessionsOf } from '../context.js';

/** Ids of the listed form drawn for one operation. */
const FORM_PROBES = 3;
/** The fewest ids a form must allow before a 200 for ids drawn from it is judged. */
const SPARSE_FORM = 100_000;

export function unknownSessionCases(ctx: RunContext, op: ListOperation, known: string | undefined): Case<void>[] {
  if (op.session.in === 'none') return [];
  if (op.session.in === 'handshake') return [{ run: (scope) => unknownHandshakeSession(scope, op) }];
  const prefix = op.session.in === 'path' ? (op.session.idPrefix ?? '') : '';
  const cases: Case<void>[] = [];
  // Where the session is a query parameter, only a given one is sent with every request.
  if (op.session.in === 'path' || known !== undefined) {
    const id = `${prefix}atcunknown${Math.abs(ctx.seed) % 100000}`;
    cases.push({ run: async (scope) => void (await unknownSession(scope, op, [{ id, query: [] }], 'certain')) });
  }
  if (known === undefined) return cases;
  const seen = seenSessions(ctx, op);
  const form = formOf(
    known,
    prefix,
    [...seen].filter((id): id is string => typeof id === 'string'),
  );
  const ids = drawIds(form, ctx.seed, seen, FORM_PROBES);
  if (ids.length === 0) return cases;
  const beside = filterValues(ctx, op, fixedQuery(ctx, op));
  const sparse = form.size >= SPARSE_FORM && ids.length === FORM_PROBES;
  cases.push({
    // The ids one after another, then the first beside each filter: what a sharded run balances by.
    cost: ids.length + beside.length,
    run: async (scope) => {
      const plain = ids.map((id) => ({ id, query: [] as Query }));
      const [first] = await unknownSession(scope, op, plain, sparse ? 'if-all-empty' : 'unless-200');
      // Beside each filter, the first id is missing where its answer alone said so.
      if (first === 'missing')
        for (const filter of beside) await unknownSession(scope, op, [{ id: ids[0]!, query: [filter] }], 'certain');
    },
  });
  return cases;
}

/**
 * A request in a session no handshake gave (`atcunknown…`), sent in it as it is and never in another. The
 * document says what a session the server ended gets (MCP: "after which it MUST respond to requests containing
 * that session ID with HTTP 404 Not Found") and nothing of an id it never gave: a server that never ends sessions
 * may answer one, another refuses it with 400 (the SDK's JSON-response example). So only a 5xx is judged; a 200
 * is a page like any other, and noted.
 */
async function unknownHandshakeSession(ctx: RunContext, op: ListOperation): Promise<void> {
  const id = `atcunknown${Math.abs(ctx.seed) % 100000}`;
  const { url, exchange } = await ctx.transport.send(op, id, [], 'invalid');
  if (!exchange) return;
  if (exchange.status !== 200) return judgeMissing(ctx, op, url, exchange, id);
  ctx.ledger.commit(op, ctx.ledger.evaluate(op, 'page', { exchange }), url, undefined, undefined, id);
  ctx.ledger.note(
    `${op.operationId}: a request in the session ${id}, which no handshake gave, was answered 200: the documents ` +
      'say what a session the server ended gets, not one it never gave, so only its page was judged',
  );
}

const sessionParam = (op: ListOperation) => (op.session.in === 'query' ? op.session.param : undefined);

/** Every session id the run has seen: the sessions judged, the ones a list gives, the ones items name. */
function seenSessions(ctx: RunContext, op: ListOperation): Set<unknown> {
  const seen = new Set<unknown>([...sessionsOf(ctx, op), ctx.options.session]);
  for (const [key, list] of ctx.baselines) {
    const listed = ctx.ops.find((o) => key.startsWith(`${o.operationId}|`));
    if (!listed) continue;
    for (const item of list) {
      seen.add(fieldValue(item, listed.idField));
      for (const field of [listed.sessionField, listed.sessionLink?.field])
        if (field !== undefined) seen.add(fieldValue(item, field));
    }
  }
  seen.delete(undefined);
  return seen;
}

/** The form of an id: a head kept as it is, then a character drawn from its alphabet at each position. */
interface IdForm {
  head: string;
  alphabets: string[];
  /** How many ids of the form there are. */
  size: number;
}

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();

/**
 * The form of `known`: its prefix and everything up to its last `_` or `-` kept, and more where
 * MIN_SHARING seen ids of its length share more with it (`sess_01hzx…`: a time or shard every id of
 * the run begins with); each letter or digit after that drawn from the characters of its kind, where
 * letters are only a to f (A to F) when every letter of that case in the tails of the seen ids of the
 * same head and length is, beside digits (hexadecimal); anything else kept as it is.
 */
function formOf(known: string, prefix: string, seen: readonly string[]): IdForm {
  const separator = Math.max(known.lastIndexOf('_'), known.lastIndexOf('-')) + 1;
  const named = Math.max(known.startsWith(prefix) ? prefix.length : 0, separator);
  const alike = [known, ...seen.filter((id) => id !== known)].filter(
    (id) => id.length === known.length && id.startsWith(known.slice(0, named)),
  );
  const cut = alike.length >= MIN_SHARING ? Math.max(named, sharedLength(alike)) : named;
  const head = known.slice(0, cut);
  const tails = alike
    .filter((id) => id.startsWith(head))
    .map((id) => id.slice(cut))
    .join('');
  const hex = (letters: string) =>
    /[0-9]/.test(tails) && [...tails].every((c) => !letters.includes(c) || letters.indexOf(c) < 6);
  const lower = hex(LOWER) ? LOWER.slice(0, 6) : LOWER;
  const upper = hex(UPPER) ? UPPER.slice(0, 6) : UPPER;
  const alphabets = [...known.slice(cut)].map((c) =>
    DIGITS.includes(c) ? DIGITS : LOWER.includes(c) ? lower : UPPER.includes(c) ? upper : c,
  );
  return { head, alphabets, size: alphabets.reduce((n, a) => n * a.length, 1) };
}

/** How many ids of one form, the judged one among them, show what they all begin with. */
const MIN_SHARING = 3;

/** The length of what every id begins with. */
function sharedLength(ids: readonly string[]): number {
  const [first = ''] = ids;
  let n = 0;
  while (n < first.length && ids.every((id) => id[n] === first[n])) n++;
  return n;
}

/** Up to `count` distinct ids of the form, none of `taken`, drawn from a stream the run's seed starts. */
function drawIds(form: IdForm, seed: number, taken: ReadonlySet<unknown>, count: number): string[] {
  if (form.size <= 1) return [];
  let state = (Math.abs(seed) % 2 ** 31) + 1;
  const next = (n: number) => {
    // A linear congruential stream (Park–Miller): the same ids for the same seed.
    state = (state * 48_271) % 2_147_483_647;
    return state % n;
  };
  const ids = new Set<string>();
  for (let attempt = 0; attempt < count * 20 && ids.size < count; attempt++) {
    const id = form.head + form.alphabets.map((a) => a[next(a.length)]).join('');
    if (!taken.has(id)) ids.add(id);
  }
  return [...ids];
}

/**
 * What the probes' ids are known to be: `certain`ly missing (no real id looks like it, or the
 * server said so without the filter), missing `if-all-empty` (every answer a 200 with no items: the
 * form is sparse), or missing `unless-200` (a session that exists answers its list).
 */
type Known = 'certain' | 'if-all-empty' | 'unless-200';

/**
 * Sends each id (with its query) and judges the answers: a 200 as a page, and each answer as the
 * document's answer to a missing session where the id is known to be missing; returns which were.
 */
async function unknownSession(
  ctx: RunContext,
  op: ListOperation,
  probes: readonly { id: string; query: Query }[],
  known: Known,
): Promise<('missing' | 'maybe' | undefined)[]> {
  const path = op.session.in === 'path';
  const sent = [];
  for (const { id, query } of probes) {
    const session: Query = path ? [] : [[sessionParam(op)!, id]];
    const { url, exchange } = await ctx.transport.send(op, path ? id : undefined, [...session, ...query], 'invalid');
    sent.push({ id, url, exchange });
  }
  const empty = (e: Exchange | undefined) => e?.status === 200 && (itemsOf(op, e.body)?.length ?? 0) === 0;
  const allEmpty = sent.every((s) => empty(s.exchange));
  const maybe: string[] = [];
  const said = sent.map(({ id, url, exchange }) => {
    if (!exchange) return undefined;
    if (exchange.status === 200) {
      ctx.ledger.judge(op, 'page', { exchange, session: id }, url);
      if (known === 'unless-200' || (known === 'if-all-empty' && !allEmpty)) {
        maybe.push(id);
        return 'maybe';
      }
    }
    judgeMissing(ctx, op, url, exchange);
    return 'missing';
  });
  // Where no answer to a missing session is documented, nothing would be judged on a 200 anyway.
  if (maybe.length > 0 && op.unknownSession)
    ctx.ledger.note(
      `${op.operationId}: ${maybe.join(', ')}, of the form of the sessions listed but none of them, answered 200: ` +
        'such an id may name a session no list shows, so the answer to a missing session was not judged on it',
    );
  return said;
}
/** The document's answer to a missing session (404 where one is documented; else only not a server error). */
function judgeMissing(ctx: RunContext, op: ListOperation, url: string, exchange: Exchange, session?: string): void {
  if (op.unknownSession) {
    const expected: ErrorExpectation = {
      law: lawId(op, 'unknown-session-404'),
      status: op.unknownSession.status,
      ...(op.unknownSession.errorType ? { errorType: op.unknownSession.errorType } : {}),
    };
    ctx.ledger.judge(op, 'error', { exchange, expected }, url);
    return;
  }
  // The document states no answer for an unknown session: only a 5xx is judged.
  judgeServerErrorOnly(ctx, op, url, exchange, session);
}

/** An answer to an invalid request whose answer no document states: only a 5xx is judged (not-a-server-error). */
export function judgeServerErrorOnly(
  ctx: RunContext,
  op: ListOperation,
  url: string,
  exchange: Exchange,
  session?: string,
): void {
  const expected: ErrorExpectation = { law: '', status: '4xx' };
  ctx.ledger.commit(
    op,
    ctx.ledger
      .evaluate(op, 'error', { exchange, expected })
      .filter((o) => o.law.id === lawId(op, 'not-a-server-error')),
    url,
    undefined,
    undefined,
    session,
  );
}
