import type { Face, Source, Violation } from '../contract/index.js';

export interface ConformanceOptions {
  face: Face;
  /** The API's base, e.g. `http://127.0.0.1:4010/ark`; operation paths from the spec are appended. */
  baseUrl: string;
  /** Required for Everruns and Ark; optional for Praxis (discovered) and JSON-RPC (a filter). */
  session?: string;
  /** Property-based request cases (default 100). */
  runs?: number;
  seed?: number;
  /** fast-check replay path of a reported failure (with its seed). */
  path?: string;
  /** How many times the lists are observed for the over-time laws (default 3; 1 disables them). */
  polls?: number;
  pollIntervalMs?: number;
  timeoutMs?: number;
  rps?: number;
  maxRequests?: number;
  maxBodyBytes?: number;
  /** Extra request headers (credentials): sent, never reported. */
  headers?: Record<string, string>;
  /** Only these rule ids (or prefixes ending in `*`). */
  rules?: readonly string[];
  excludeRules?: readonly string[];
  onEvent?: (event: ConformanceEvent) => void;
}

export interface ReportedViolation extends Violation {
  operation: string;
  /** The request as a runnable curl command (header values as environment variables). */
  curl: string;
  /** How many times the same rule failed at the same place. */
  occurrences: number;
  /** Replays exactly this failure: `--seed` and `--path`. */
  replay?: { seed: number; path: string };
}

export interface CheckedRule {
  id: string;
  statement: string;
  source: Source;
  violations: number;
}

export interface ConformanceResult {
  face: Face;
  baseUrl: string;
  seed: number;
  /** 0 no violation, 1 at least one, 2 bad configuration or unreachable endpoint. */
  exitCode: 0 | 1 | 2;
  violations: ReportedViolation[];
  rules: CheckedRule[];
  requests: number;
  durationMs: number;
  requestsPerSecond: number;
  notes: string[];
  /** Why the run could not judge, when exitCode is 2. */
  error?: string;
}

export type ConformanceEvent =
  | { type: 'start'; face: Face; baseUrl: string; seed: number }
  | { type: 'phase'; name: string }
  | { type: 'request'; url: string; status: number | string; ms: number }
  | { type: 'violation'; violation: ReportedViolation }
  | { type: 'note'; message: string }
  | { type: 'end'; result: ConformanceResult };
