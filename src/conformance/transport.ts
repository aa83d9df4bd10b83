/**
 * Sends one list request for an operation and hands back the exchange; a request that got no
 * complete answer is judged by the transport law, and an endpoint that cannot be reached at
 * all (before any answer) is a configuration error, not a verdict.
 *
 * Cases of one batch share their exchanges (`SharedExchanges`): a request another case of the batch
 * has sent already is not sent again but judged on that exchange, by each case as its own. Shared
 * exchanges have no order among themselves and are never compared with each other, so a second
 * answer would be judged on the same versions as the first; a request that must see the list as
 * it is now (a poll, a walk that confirms a finding) asks for it afresh. A case's own answers are
 * compared in the order it got them, so it takes a shared exchange only if that was asked for after
 * its last answer came: an older one would show the list as it was before what the case last saw.
 * An answer says when the request that got it was asked for and when it came, whichever case sent
 * it: a case that takes one knows no more than that (the parts of a walk each take their own, and
 * the case that joins them orders their pages by those times: walk-parts.ts).
 */
import { handshakeOf } from '../contract/json-rpc.js';
import type { Exchange } from '../contract/laws/index.js';
import type { ListOperation } from '../contract/operations.js';
import { pathWithSession } from '../contract/session-param.js';
import { requestFor } from '../http/binding.js';
import type { HttpClient, HttpResult } from '../http/client.js';
import { Handshakes } from '../http/handshake.js';
import type { Query } from '../http/paging.js';
import { ConfigurationError } from './errors.js';
import type { Ledger } from './ledger.js';
import type { Observations, ValueKind } from './observations.js';

/** An answer, with when the request that got it was asked for and when it came (`performance.now()`). */
export interface Sent {
  /** The full URL as sent (query included). */
  url: string;
  exchange?: Exchange;
  askedAt: number;
  at: number;
}

/** Answers received already, by the query they answer (`queryKey`): what parts of a walk hand on (walk-parts.ts). */
export type Known = ReadonlyMap<string, Sent>;

/** A query as a key: the same parameters in the same order are the same request. */
export const queryKey = (query: Query): string => JSON.stringify(query);

/** What a request got, with when it was asked for and when its answer came (`performance.now()`). */
interface Answered {
  result: HttpResult;
  askedAt: number;
  at: number;
}

/** The exchanges of one batch's requests, by URL as sent, with when each was asked for. */
export type SharedExchanges = Map<string, { askedAt: number; answer: Promise<Answered> }>;

export class Transport {
  /** When this case's last answer came (`performance.now()`). */
  private answeredAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly base: URL,
    private readonly client: HttpClient,
    private readonly ledger: Pick<Ledger, 'judge'>,
    private readonly observations: Pick<Observations, 'exchange'>,
    // Shared by every case's transport: one answer anywhere means the endpoint can be reached; the sessions
    // a handshake opened (or --session gave) serve every case.
    private readonly endpoint = { reached: false, handshakes: new Handshakes() },
    private readonly shared?: SharedExchanges,
  ) {}

  /** The same endpoint and client, recording into a case's ledger and observations (see cases.ts). */
  with(
    ledger: Pick<Ledger, 'judge'>,
    observations: Pick<Observations, 'exchange'>,
    shared: SharedExchanges,
  ): Transport {
    return new Transport(this.base, this.client, ledger, observations, this.endpoint, shared);
  }

  url(op: ListOperation, session: string | undefined): URL {
    return new URL(this.base.toString().replace(/\/+$/, '') + pathWithSession(op, session ?? ''));
  }

  /** Waits between requests; ends at once (throwing Interrupted) when the run is stopped or reaches its deadline. */
  pause(ms: number): Promise<void> {
    return this.client.pause(ms);
  }

  /**
   * Sends one request (`fresh`: even when another case of the batch has sent it); `kind` says what
   * kind of values it carries (for coverage). `session` is the path's, or, where a handshake opens the
   * operation's sessions, one to send the request in as it is (never shared with another case's request).
   */
  async send(
    op: ListOperation,
    session: string | undefined,
    query: Query,
    kind: ValueKind = 'valid',
    fresh = false,
  ): Promise<Sent> {
    const url = this.url(op, session);
    const full = new URL(url);
    for (const [k, v] of query) full.searchParams.append(k, v);
    const inSession = handshakeOf(op) ? session : undefined;
    const { result, askedAt, at } = await this.ask(
      op,
      url,
      query,
      full.toString(),
      fresh || inSession !== undefined,
      inSession,
    );
    this.answeredAt = performance.now();
    if (result.failure && !result.exchange && !this.endpoint.reached && result.failure.kind === 'network')
      // Only a refused or failed connection means "unreachable"; a server that accepts and stalls is judged.
      throw new ConfigurationError(
        `the endpoint could not be reached: ${full.origin}${full.pathname}: ${result.failure.message}`,
      );
    if (result.exchange) this.endpoint.reached = true;
    this.observations.exchange(op, query, kind, op.session.in === 'path' ? session : undefined, result.exchange);
    this.ledger.judge(
      op,
      'transport',
      { url: full.toString(), ...(result.failure ? { failure: result.failure } : {}) },
      full.toString(),
    );
    return { url: full.toString(), ...(result.exchange ? { exchange: result.exchange } : {}), askedAt, at };
  }

  private async ask(
    op: ListOperation,
    url: URL,
    query: Query,
    key: string,
    fresh: boolean,
    session: string | undefined,
  ): Promise<Answered> {
    const earlier = fresh ? undefined : this.shared?.get(key);
    if (earlier && earlier.askedAt >= this.answeredAt) {
      const answered = await earlier.answer;
      // No complete answer came: that says nothing about the next one, which is asked for.
      if (answered.result.exchange) return answered;
      return this.request(op, url, query).answer;
    }
    const asked = this.request(op, url, query, session);
    if (!fresh) this.shared?.set(key, asked);
    return asked.answer;
  }

  private request(
    op: ListOperation,
    url: URL,
    query: Query,
    session?: string,
  ): { askedAt: number; answer: Promise<Answered> } {
    const askedAt = performance.now();
    const answer = requestFor(this.client, op, url, query, this.endpoint.handshakes, session).then((result) => ({
      result,
      askedAt,
      at: performance.now(),
    }));
    return { askedAt, answer };
  }
}
