/**
 * Outcome bookkeeping: applies the law catalogue to what the phases observed, counts the
 * subjects each law judged, keeps de-duplicated violations, and says for every law of the API
 * whether it was violated, passed (on how many subjects) or not exercised (and why).
 */

import { applyLaws, type LawJudgement, type LawScope, lawsOf, type Subjects } from '../contract/laws/index.js';
import { type ListOperation, pagingParamsOf } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { Violation } from '../contract/violation.js';
import { redactValue } from '../http/redact.js';
import { curlCommand } from './curl.js';
import { matchesSelector } from './selectors.js';
import type { ConformanceEvent, LawOutcome, ReportedViolation } from './types.js';

/** Builds the line that runs the same check again (`--path` only for property cases). */
export type ReplayLine = (seed: number, path?: string) => string;

export interface LedgerOptions {
  /** The operations of the API judged. */
  ops: readonly ListOperation[];
  /** The headers every request carries (their values are redacted from what is reported). */
  headers: Record<string, string>;
  /** Values never written into a report (credentials). */
  secrets: readonly string[];
  /** The session given with --session (printed requests in a handshake's session are sent in it). */
  session?: string | undefined;
  /** Law selectors to judge (all when absent) and to leave out. */
  include?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
  emit: (event: ConformanceEvent) => void;
  replayLine: ReplayLine;
  seed: number;
  /** Drift (`<api>.no-undocumented-fields`) is a violation, not a warning. */
  failOnDrift?: boolean;
}

/**
 * The requests whose answers show a violation, in the order to run them: the pages a law names
 * (of a walk, or the answers each object was seen in), each once, or else the one request judged.
 * Of two reads (`reads`), the pages keep their repeats (one request made twice is both reads), and
 * a finding that names none shows every request of both.
 */
function shownBy(url: string | readonly string[], pages: readonly number[] | undefined, reads = false): string[] {
  const urls = typeof url === 'string' ? [url] : url;
  const named = (pages ?? []).flatMap((page) => (urls[page] === undefined ? [] : [urls[page]]));
  if (reads) return named.length > 0 ? named : [...urls];
  return named.length > 0 ? [...new Set(named)] : urls.slice(-1);
}

export class Ledger {
  readonly violations: ReportedViolation[] = [];
  private readonly byKey = new Map<string, ReportedViolation>();
  private readonly judged = new Map<string, number>();
  readonly notes: string[] = [];
  /** The run's set-up hint (the first one given): see `ConformanceResult.hint`. */
  hintText: string | undefined;

  private readonly api: ApiName;
  private readonly ops: readonly ListOperation[];
  private readonly headers: Record<string, string>;
  /** The query parameters that continue a walk: printed as sent, so that a printed request reproduces. */
  private readonly paging: readonly string[];
  /** The session given with --session, which a printed request in a handshake's session is sent in. */
  private readonly session: string | undefined;
  private readonly secrets: readonly string[];
  private readonly include: readonly string[] | undefined;
  private readonly exclude: readonly string[] | undefined;
  private readonly emit: (event: ConformanceEvent) => void;
  private readonly replayLine: ReplayLine;
  private readonly seed: number;
  private readonly failOnDrift: boolean;

  constructor(options: LedgerOptions) {
    this.api = options.ops[0]!.api;
    this.ops = options.ops;
    this.headers = options.headers;
    this.paging = pagingParamsOf(options.ops);
    this.session = options.session;
    this.secrets = options.secrets;
    this.include = options.include;
    this.exclude = options.exclude;
    this.emit = options.emit;
    this.replayLine = options.replayLine;
    this.seed = options.seed;
    this.failOnDrift = options.failOnDrift ?? false;
  }

  wanted(id: string): boolean {
    // Drift is a warning (listed apart) unless the run was asked to fail on it.
    if (!this.failOnDrift && id.endsWith('.no-undocumented-fields')) return false;
    if (this.include && this.include.length > 0 && !matchesSelector(id, this.include)) return false;
    if (this.exclude && matchesSelector(id, this.exclude)) return false;
    return true;
  }

  /** What the catalogue finds in one subject, without recording it (for findings that need confirming). */
  evaluate<S extends LawScope>(op: ListOperation, scope: S, subject: Subjects[S]): LawJudgement[] {
    return applyLaws(op, scope, subject).filter((o) => this.wanted(o.law.id));
  }

  /**
   * Applies the catalogue to one subject and records the outcome; returns the violations. `url`
   * is the request whose answer was judged, or a walk's requests (one per page, in order).
   */
  judge<S extends LawScope>(
    op: ListOperation,
    scope: S,
    subject: Subjects[S],
    url: string | readonly string[],
    replay?: { seed: number; path: string },
  ): Violation[] {
    return this.commit(op, this.evaluate(op, scope, subject), url, replay);
  }

  /**
   * Records evaluated outcomes: judged counts, and violations de-duplicated by law and place. `session`: the
   * session a handshake's operation was asked in for this request alone (its printed request is sent in it).
   */
  commit(
    op: ListOperation,
    outcomes: readonly LawJudgement[],
    url: string | readonly string[],
    replay?: { seed: number; path: string },
    apartMs?: number,
    session?: string,
  ): Violation[] {
    this.count(outcomes);
    const found = outcomes.flatMap((o) => o.judgement.violations);
    this.add(op, url, found, replay, apartMs, session);
    return found;
  }

  /** Records violations whose subjects were already counted (a property case's failure seen while exploring). */
  report(op: ListOperation, found: readonly Violation[], url: string, replay: { seed: number; path: string }): void {
    this.add(op, url, found, replay);
  }

  /** Records only how many subjects each law judged (its violations are reported elsewhere, or not at all). */
  count(outcomes: readonly LawJudgement[]): void {
    for (const { law, judgement } of outcomes) {
      const judged = Math.max(judgement.judged, judgement.violations.length > 0 ? 1 : 0);
      if (judged > 0) this.judged.set(law.id, (this.judged.get(law.id) ?? 0) + judged);
    }
  }

  private add(
    op: ListOperation,
    url: string | readonly string[],
    found: readonly Violation[],
    replay?: { seed: number; path: string },
    apartMs?: number,
    session = this.session,
  ): void {
    for (const v of found) {
      if (!this.wanted(v.law)) continue;
      const operation = op.operationId;
      const key = `${v.law}|${operation}|${v.instancePath.replace(/\/\d+(?=\/|$)/g, '/*')}`;
      const existing = this.byKey.get(key);
      if (existing) {
        existing.occurrences++;
        continue;
      }
      const seed = replay?.seed ?? this.seed;
      const { pages, ...violation } = v;
      // Two reads are both shown, even where they are one request made twice (the pages, where a
      // finding names them, pick the two among the requests of both reads).
      const shown = shownBy(url, pages, apartMs !== undefined);
      const requests = shown.map((u) => curlCommand(u, this.headers, this.paging, op, session));
      const reported: ReportedViolation = redactValue(
        {
          ...violation,
          operation,
          curl: requests[requests.length - 1] ?? curlCommand('', this.headers, this.paging, op, session),
          ...(requests.length > 1 ? { requests } : {}),
          ...(requests.length > 1 && apartMs !== undefined ? { apartMs: Math.round(apartMs) } : {}),
          occurrences: 1,
          replay: { seed, ...(replay ? { path: replay.path } : {}), command: this.replayLine(seed, replay?.path) },
        },
        this.secrets,
      );
      this.byKey.set(key, reported);
      this.violations.push(reported);
      this.emit({ type: 'violation', violation: reported });
    }
  }

  note(message: string): void {
    // The same note from several cases (the same refused page size) says nothing more.
    if (this.notes.includes(message)) return;
    this.notes.push(message);
    this.emit({ type: 'note', message });
  }

  hint(message: string): void {
    this.hintText ??= redactValue(message, this.secrets);
  }

  /** Every law of the API (selected ones only), each with its outcome. */
  outcomes(): LawOutcome[] {
    const seen = new Map<string, LawOutcome>();
    for (const op of this.ops) {
      for (const law of lawsOf(op)) {
        if (!this.wanted(law.id) || seen.has(law.id)) continue;
        const violations = this.violations.filter((v) => v.law === law.id).reduce((n, v) => n + v.occurrences, 0);
        const judged = this.judged.get(law.id) ?? 0;
        const outcome = violations > 0 ? 'violated' : judged > 0 ? 'passed' : 'not-exercised';
        seen.set(law.id, {
          id: law.id,
          statement: law.statement,
          source: law.source,
          outcome,
          judged,
          violations,
          ...(outcome === 'not-exercised' ? { reason: law.unexercised } : {}),
        });
      }
    }
    return [...seen.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  /** Replay for violations found by the property phase. */
  setReplay(laws: ReadonlySet<string>, replay: { seed: number; path: string }): void {
    for (const v of this.violations)
      if (laws.has(v.law) && v.replay?.path === undefined)
        v.replay = { ...replay, command: redactValue(this.replayLine(replay.seed, replay.path), this.secrets) };
  }
}
