/**
 * The law catalogue's vocabulary: what a law judges (its scopes and their subjects), what it
 * returns (how many subjects it judged, and what it found), and how it is described.
 */

import type { LawId } from '../operations.js';
import type { ApiName } from '../registry.js';
import type { ItemRuleId } from '../rules/index.js';
import type { JsonObject } from '../rules/types.js';
import type { Source, Violation } from '../violation.js';

export type Query = ReadonlyArray<readonly [string, string]>;

export interface Exchange {
  /** Absolute URL as sent (credentials never appear in it). */
  url: string;
  query: Query;
  status: number;
  contentType: string | null;
  /** Parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  /** Why the body could not be read as JSON, when it could not. */
  bodyError?: string;
  /**
   * The body passed the runner's size cap and was not read: what it holds is unknown, so no law
   * judges it (the transport finding names the cap).
   */
  bodyCut?: boolean;
  /** The body as text (its first 64 KiB), when it is not JSON. */
  bodyText?: string;
  /**
   * Members the body gives an integer too long to read exactly (16 digits or more), with the
   * digits as written: a value passed back unchanged is sent as written (http/number-text.ts).
   */
  longNumbers?: [string, string][];
  /**
   * Set when an HTTP 200 answered a JSON-RPC call (`../json-rpc.ts`): `problem` says why the answer is no
   * JSON-RPC response object, when it is none (the body is then undefined).
   */
  rpc?: { problem?: string };
}

/** One walk: the pages of one query followed by their cursors, in order. */
export interface Walk {
  pages: readonly Exchange[];
  /** The cursor each page offered (undefined when none). */
  cursors: readonly (string | undefined)[];
  /** The walker stopped at its page cap while a cursor was still offered. */
  capped?: boolean;
}

/** What an expected refusal must look like. */
export interface ErrorExpectation {
  /** The law the refusal judges. */
  law: string;
  /** Exact status, or '4xx'. */
  status: number | '4xx';
  errorType?: string;
  /** The sentence that names `errorType`, where one does: what a refusal of another type is shown against. */
  source?: Source;
}

/** The subjects a law can judge, by scope. */
export interface Subjects {
  /** One answer to a request that must succeed. */
  page: {
    exchange: Exchange;
    /** The session the request is about (path segment or fixed filter), when there is one. */
    session?: string;
    /** A law that this request exists to judge: a non-200 is its violation, not `status-code`'s. */
    acceptedBy?: string;
  };
  /** The pages of one query, followed through their cursors. */
  walk: { walk: Walk };
  /** One answer to a request the documents say must be refused. */
  error: { exchange: Exchange; expected: ErrorExpectation };
  /** Two observations of the same object, in order. */
  observation: { id: string; before: JsonObject; after: JsonObject };
  /**
   * A complete filtered walk beside a complete walk of the same list with fewer filters; where the
   * request adds more than one filter, perhaps each added filter's complete walk alone (by parameter).
   */
  comparison: {
    query: Query;
    baselineQuery: Query;
    filtered: readonly JsonObject[];
    baseline: readonly JsonObject[];
    alone?: ReadonlyMap<string, readonly JsonObject[]>;
  };
  /**
   * Two complete walks of one query at different page sizes, in the order walked, each with how
   * its page size was asked (`limit=7`, or `no limit`).
   */
  resized: { walks: readonly [Walk, Walk]; sizes: readonly [string, string] };
  /** An item-id cursor request beside the order a walk listed the items in. */
  cursor: { side: 'after' | 'before'; pivot: string; order: readonly string[]; exchange: Exchange };
  /** Two complete walks of one list (its baseline's query), in the order read, a poll interval or more apart. */
  reread: { before: Walk; after: Walk };
  /**
   * The reads of one list so far, one after another (none began before the one before it ended), in
   * the order read: its baseline's query walked whole (`plain`), and walks with filters made between
   * them. The last is a plain read, just made.
   */
  reads: { reads: readonly { walk: Walk; plain: boolean }[] };
  /** The answer for the session an item names (`field`), asked because the item (`from`, in `state`) links to it. */
  linked: { field: string; id: string; from: string; state: string; exchange: Exchange };
  /** Every object of the operation the run has seen, each in the last version seen (all walks, all sessions). */
  seen: { items: readonly JsonObject[] };
  /** One request's HTTP exchange as a whole (or its failure). */
  transport: { url: string; failure?: { kind: string; message: string } };
}

export type LawScope = keyof Subjects;

/** What one check of one law found: how many subjects it judged, and what was wrong. */
export interface Judgement {
  judged: number;
  violations: Violation[];
}

export type CatalogueId = LawId | ItemRuleId;

export interface Law {
  id: CatalogueId;
  api: ApiName;
  operationId: string;
  statement: string;
  source: Source;
  /** Why nothing may have been judged by it in a run (e.g. "no item in state queued was listed"). */
  unexercised: string;
  /** A check per scope it judges; a scope it has no check for is not its business. */
  checks: { [S in LawScope]?: (subject: Subjects[S]) => Judgement };
}

/** What a violation names of the law it breaks. */
export type LawRef = Pick<Law, 'id' | 'source'>;
