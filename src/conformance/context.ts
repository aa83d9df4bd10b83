/** What the phases of one run share: options, the transport, the ledger and what was learnt so far. */

import type { ListOperation } from '../contract/operations.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { ValuePools } from '../generators/requests.js';
import type { Query } from '../http/paging.js';
import type { Ledger } from './ledger.js';
import type { Observations } from './observations.js';
import type { Transport } from './transport.js';
import type { ConformanceOptions } from './types.js';

export const CASE_MAX_PAGES = 8;

export interface RunContext {
  readonly options: ConformanceOptions;
  readonly seed: number;
  readonly transport: Transport;
  readonly ledger: Ledger;
  readonly observations: Observations;
  readonly ops: readonly ListOperation[];
  /** Filter values seen in answers, by parameter, for generated requests. */
  readonly pools: ValuePools;
  /** Items of each complete baseline walk, by `operationId|session`. */
  readonly baselines: Map<string, JsonObject[]>;
  /** Sessions each operation is judged on, by operationId (path-bound operations only). */
  readonly sessions: Map<string, string[]>;
  /** The last version of every object seen, for the laws over time. */
  readonly lastSeen: Map<string, JsonObject>;
}

/** The query every request of the operation carries: the session filter of a query-bound session. */
export function fixedQuery(ctx: RunContext, op: ListOperation): Query {
  return op.session.in === 'query' && ctx.options.session ? [[op.session.param, ctx.options.session]] : [];
}

/** The session a request is about, for the laws that compare items with it. */
export function sessionOfRequest(
  ctx: RunContext,
  op: ListOperation,
  pathSession: string | undefined,
): string | undefined {
  if (op.session.in === 'path') return pathSession;
  if (op.session.in === 'query') return ctx.options.session;
  return undefined;
}

/** The sessions an operation is judged on: `[undefined]` when the session is no path segment. */
export function sessionsOf(ctx: RunContext, op: ListOperation): (string | undefined)[] {
  if (op.session.in !== 'path') return [undefined];
  return ctx.sessions.get(op.operationId) ?? [];
}

export const baselineKey = (op: ListOperation, session: string | undefined) => `${op.operationId}|${session ?? ''}`;

/** Merges a case's query into the fixed one: the fixed parameters win. */
export function withFixed(fixed: Query, query: Query): Query {
  return [...fixed, ...query.filter(([k]) => !fixed.some(([f]) => f === k))];
}
