import type { ApiContract } from '../contract/api.js';
import type { ApiSet } from '../contract/api-set.js';
import type { NewValue } from '../contract/drift.js';
import type { DriftEntry } from '../contract/drift-entry.js';
import type { ApiName } from '../contract/registry.js';
import type { Source, Violation } from '../contract/violation.js';
import type { GeneratorProfile } from '../generators/profile.js';
import type { REPORT_VERSION } from './report-version.js';

export interface ConformanceOptions {
  api: ApiName;
  /**
   * The APIs to judge by, their modules by name (`{ ...BUILTIN_APIS, acme }`; the package's entries
   * give the built-in ones), or a set made already: the run reads its API from this set alone, its
   * contract and generator sides. The mock side, if a module has one, is never read.
   */
  apis?: Readonly<Record<string, { contract: ApiContract; generators: GeneratorProfile }>> | ApiSet;
  /** The API's base, e.g. `http://127.0.0.1:4010/ark`; operation paths from the spec are appended. */
  baseUrl: string;
  /** Required where the session is a path segment no other operation lists (Everruns, Ark); optional elsewhere. */
  session?: string;
  /** Property-based request cases (default 100). */
  runs?: number;
  seed?: number;
  /** fast-check replay path of a reported failure (with its seed). */
  path?: string;
  /** How many times the lists are observed for the over-time laws (default 3; 1 disables them). */
  polls?: number;
  /** The wait between two walks of one list, in ms (default 1000: `DEFAULT_POLL_INTERVAL_MS`). */
  pollIntervalMs?: number;
  /** Longest wait for one complete response, body included (default 10,000 ms). */
  timeoutMs?: number;
  rps?: number;
  /**
   * Independent cases in flight at once (default 8; 1 sends one request at a time). The verdict,
   * the violations and their replay lines are the same at any concurrency.
   */
  concurrency?: number;
  /** Judge only this part of the run's cases (`--shard 2/3`); the shards' reports merge (see merge.ts). */
  shard?: Shard;
  maxRequests?: number;
  /** Longest response body read, counted after decompression (default 10 MiB); a longer one is a transport finding. */
  maxBodyBytes?: number;
  /**
   * The longest wait before a request the endpoint throttled (a 429, or a 503 with Retry-After: an
   * answer that asks to be asked again later) is sent again (default 30,000 ms): a longer Retry-After
   * is cut to it. A request throttled on every retry ends the run, marked incomplete (exit 2, "the
   * endpoint kept refusing"). A throttle is never judged.
   */
  maxRetryWaitMs?: number;
  /** The whole run's bound (default 600,000 ms): then it stops, marked incomplete (exit 2), with what it judged. */
  deadlineMs?: number;
  /**
   * The run stops, marked incomplete (exit 2, "the endpoint stopped answering"), once this many
   * requests in a row got no complete response within `timeoutMs` (default 3).
   */
  maxConsecutiveTimeouts?: number;
  /** Extra request headers (credentials): sent, never reported. */
  headers?: Record<string, string>;
  /**
   * Only these of the API's operations, by operationId (default all): where one API's bindings live at
   * different URLs (A2A's HTTP+JSON and JSON-RPC interfaces), each is judged at its own.
   */
  operations?: readonly string[];
  /** Only these law ids (or prefixes ending in `*`). */
  laws?: readonly string[];
  excludeLaws?: readonly string[];
  /** A law the run could not exercise fails the run (exit 1) instead of being reported as not exercised. */
  requireExercised?: boolean;
  /**
   * Fields and values the spec does not declare fail the run (law `<api>.no-undocumented-fields`)
   * instead of being a warning.
   */
  failOnDrift?: boolean;
  /** The run fails (exit 1) when the coverage score (see Coverage.score) is below this percentage. */
  minCoverage?: number;
  /**
   * What replay lines start with: the command that runs this package's CLI where the line will
   * be pasted (default `npx agent-task-contracts`; the CLI passes the way it was itself run, e.g.
   * `node bin/agent-task-contracts.js` in a checkout, or the bare name from a global install).
   */
  replayCommand?: string;
  /** Words the replay lines need after `conform` besides the request options: `--api FILE` for a module's API. */
  replayFlags?: readonly string[];
  /** Resolves when the run must stop (Ctrl-C, SIGTERM): the result holds what was judged so far, marked incomplete. */
  stopSignal?: Promise<unknown>;
  onEvent?: (event: ConformanceEvent) => void;
}

/** Shard `index` of `count` (1-based): the baseline, and the cases the shard plan gives it (shard-plan.ts). */
export interface Shard {
  index: number;
  count: number;
}

/** How to run the same check again: `--seed`, and `--path` for a property case; `command` is the whole line. */
export interface Replay {
  seed: number;
  path?: string;
  command: string;
}

export interface ReportedViolation extends Violation {
  operation: string;
  /**
   * The request whose answer shows the violation, as a runnable curl command (header values as
   * environment variables). For a violation only several answers show together (an item on two
   * pages of one walk), the last of `requests`.
   */
  curl: string;
  /** Every request whose answer shows it, in the order to run them, when it takes more than one. */
  requests?: string[];
  /**
   * For a violation two reads of one object show (a field that changed, a time that went back): how
   * long after the first request the second was answered. A person runs them about as far apart,
   * and the server may have moved on since the run.
   */
  apartMs?: number;
  /** How many times the same law failed at the same place. */
  occurrences: number;
  /** Reproduces this violation when run as printed. */
  replay?: Replay;
}

export type Outcome = 'violated' | 'passed' | 'not-exercised';

/** One law of the catalogue (an item rule or a list law) and what this run made of it. */
export interface LawOutcome {
  id: string;
  statement: string;
  source: Source;
  outcome: Outcome;
  /** Subjects judged: items, pages, walks, answers, observed pairs or comparisons. */
  judged: number;
  /** Occurrences of violations. */
  violations: number;
  /** Why nothing was judged, when the outcome is `not-exercised`. */
  reason?: string;
}

/** A field or enumerated value answers carried that the spec does not declare. */
export type { NewValue } from '../contract/drift.js';
export type { DriftEntry } from '../contract/drift-entry.js';

export interface CoverageOperation {
  operationId: string;
  /** Documented query and path parameters; `sent` maps each sent one to the kinds of value it was sent with. */
  parameters: { documented: string[]; sent: Record<string, string[]>; missing: string[] };
  /** Enumerated fields seen in answers, with the declared values seen and missing. */
  values: { path: string; documented: string[]; seen: string[]; missing: string[] }[];
  states?: { documented: string[]; seen: string[]; missing: string[] };
  transitions: { documented: string[]; seen: string[]; missing: string[] };
  /** Documented error statuses and which of them the run provoked. */
  errors: { documented: number[]; provoked: number[]; missing: number[] };
  /**
   * The parameters sent together by design: each value of each met each value of every other in at
   * least one walk (`rows` walks covering `pairs` pairs of parameter values). Of those walks, the ones
   * that reached the list's end: each filter's values sent alone (`alone`, by filter), and the
   * limits sent beside a value of each filter (`limits`, by filter).
   */
  combinations?: {
    parameters: string[];
    rows: number;
    pairs: number;
    alone: Record<string, string[]>;
    limits: Record<string, number[]>;
  };
  /**
   * Cursors at every position: of the `length − 1` positions between the items of one list (after
   * its first item, its second, …), how many ended a page of a complete walk whose next page was
   * asked for (`used`).
   */
  cursors?: { length: number; used: number };
}

export interface Coverage {
  operations: CoverageOperation[];
  laws: { total: number; judged: number; missing: string[] };
  /** Shares exercised, in percent: documented parameters sent, documented states seen, laws judged. */
  percent: { parameters: number; states: number; laws: number };
  /** The mean of the three percentages: what --min-coverage compares with. */
  score: number;
}

export interface ConformanceResult {
  /** The report format's version (see the JSON Schema `conformance-report.schema.json`). */
  reportVersion: typeof REPORT_VERSION;
  api: ApiName;
  baseUrl: string;
  session?: string;
  seed: number;
  /** Set when the run judged one shard of the cases; merged reports have none. */
  shard?: Shard;
  /**
   * 0 no violation, 1 at least one (or, with requireExercised, a law not exercised), 2 bad
   * configuration, unreachable endpoint, or a run that stopped before its end (see `incomplete`).
   */
  exitCode: 0 | 1 | 2;
  violations: ReportedViolation[];
  /** Every law of the catalogue that applies to the API (and the selection), with its outcome. */
  laws: LawOutcome[];
  counts: { passed: number; violated: number; notExercised: number };
  requireExercised: boolean;
  failOnDrift: boolean;
  minCoverage?: number;
  drift: DriftEntry[];
  newValues: NewValue[];
  coverage: Coverage;
  requests: number;
  /**
   * Present when the endpoint throttled requests (a 429, or a 503 with Retry-After): how many
   * times a request waited before it was sent again, and the waits added up in ms (waits at once count each).
   */
  waited?: { times: number; ms: number };
  durationMs: number;
  requestsPerSecond: number;
  notes: string[];
  /**
   * What may be wrong with how the run was set up rather than with the API, said before the
   * violations: the plainest request of an operation that needs no id answered 404 (a --base-url
   * that is not the API's root). The verdict stands: the answers were judged as they came.
   */
  hint?: string;
  /** Why the run could not judge, when exitCode is 2. */
  error?: string;
  /**
   * Set when the run stopped before its end (interrupted, its deadline, an endpoint that stopped
   * answering or kept refusing): why, and that the report holds what was judged up to then (exit code 2).
   */
  incomplete?: string;
}

export type ConformanceEvent =
  | { type: 'start'; api: ApiName; baseUrl: string; seed: number }
  | { type: 'phase'; name: string }
  | { type: 'request'; url: string; status: number | string; ms: number }
  | { type: 'violation'; violation: ReportedViolation }
  | { type: 'note'; message: string }
  | { type: 'end'; result: ConformanceResult };
