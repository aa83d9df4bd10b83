/**
 * Sends one list request for an operation and hands back the exchange; a request that got no
 * complete answer is judged by the transport law, and an endpoint that cannot be reached at
 * all (before any answer) is a configuration error, not a verdict.
 */
import type { Exchange } from '../contract/laws/index.js';
import type { ListOperation } from '../contract/operations.js';
import type { HttpClient } from '../http/client.js';
import type { Query } from '../http/paging.js';
import { ConfigurationError } from './errors.js';
import type { Ledger } from './ledger.js';
import type { Observations, ValueKind } from './observations.js';

export interface Sent {
  /** The full URL as sent (query included). */
  url: string;
  exchange?: Exchange;
}

export class Transport {
  constructor(
    private readonly base: URL,
    private readonly client: HttpClient,
    private readonly ledger: Pick<Ledger, 'judge'>,
    private readonly observations: Pick<Observations, 'exchange'>,
    // Shared by every case's transport: one answer anywhere means the endpoint can be reached.
    private readonly endpoint = { reached: false },
  ) {}

  /** The same endpoint and client, recording into a case's ledger and observations (see cases.ts). */
  with(ledger: Pick<Ledger, 'judge'>, observations: Pick<Observations, 'exchange'>): Transport {
    return new Transport(this.base, this.client, ledger, observations, this.endpoint);
  }

  url(op: ListOperation, session: string | undefined): URL {
    return new URL(
      this.base.toString().replace(/\/+$/, '') + op.path.replace('{session_id}', encodeURIComponent(session ?? '')),
    );
  }

  /** Waits between requests; ends at once (throwing Interrupted) when the run is stopped or reaches its deadline. */
  pause(ms: number): Promise<void> {
    return this.client.pause(ms);
  }

  /** Sends one request; `kind` says what kind of values it carries (for coverage). */
  async send(op: ListOperation, session: string | undefined, query: Query, kind: ValueKind = 'valid'): Promise<Sent> {
    const url = this.url(op, session);
    const result = await this.client.get(url, query);
    const full = new URL(url);
    for (const [k, v] of query) full.searchParams.append(k, v);
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
    return { url: full.toString(), ...(result.exchange ? { exchange: result.exchange } : {}) };
  }
}
