/**
 * The conformance runner: judges a live endpoint by the contract alone (spec + rules + laws),
 * never by the mock's code. Phases: discovery and baseline walks, documented refusals,
 * property-based requests (shrunk to a minimal failing query), and observations over time.
 */
import fc from 'fast-check';
import {
  type Exchange,
  type JsonObject,
  type ListOperation,
  type Violation,
  checkErrorResponse,
  checkFilterComplete,
  checkListPage,
  checkSubset,
  checkTimeline,
  checkWalk,
  isFace,
  lawPrefix,
  lawSource,
  operationsOf,
  rulesFor,
} from '../contract/index.js';
import { rejectionLawName } from '../contract/laws.js';
import { isObject } from '../contract/rules/types.js';
import { type RequestCase, type ValuePools, requestCase } from '../generators/index.js';
import { BudgetExhausted, HttpClient, sleep } from './http.js';
import { type Query, nextCursor } from './paging.js';
import { Recorder } from './recorder.js';
import type { ConformanceEvent, ConformanceOptions, ConformanceResult } from './types.js';


interface PageResult {
  url: string;
  exchange?: Exchange;
}

interface WalkResult {
  pages: Exchange[];
  cursors: (string | undefined)[];
  urls: string[];
  /** The walk reached its documented end (not cut by a failure or the page cap). */
  complete: boolean;
}

const MAX_PAGES = 40;
const CASE_MAX_PAGES = 8;

export class ConfigurationError extends Error {}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const emit = (event: ConformanceEvent) => {
    try {
      options.onEvent?.(event);
    } catch {
      // a reporter's bug must not stop the run
    }
  };
  const headers = options.headers ?? {};
  // Every --header value may be a credential (SECRET_HEADERS are only the best known ones).
  const secrets = Object.values(headers);
  const recorder = new Recorder(headers, secrets, options.rules, options.excludeRules, emit);
  const client = new HttpClient(
    {
      headers,
      timeoutMs: options.timeoutMs ?? 10_000,
      rps: options.rps,
      maxRequests: options.maxRequests ?? 5_000,
      maxBodyBytes: options.maxBodyBytes ?? 10 * 1024 * 1024,
      maxRetryAfterMs: 30_000,
    },
    (url, status, ms) => emit({ type: 'request', url: redactUrl(url, secrets), status, ms }),
  );
  const finish = (exitCode: 0 | 1 | 2, error?: string): ConformanceResult => {
    const durationMs = performance.now() - started;
    const result: ConformanceResult = {
      face: options.face,
      baseUrl: options.baseUrl,
      seed,
      exitCode,
      violations: recorder.violations,
      rules: recorder.rules(),
      requests: client.sent,
      durationMs: Math.round(durationMs),
      requestsPerSecond: Math.round((client.sent / Math.max(durationMs, 1)) * 1000 * 10) / 10,
      notes: recorder.notes,
      ...(error ? { error } : {}),
    };
    emit({ type: 'end', result });
    return result;
  };

  let base: URL;
  try {
    base = validate(options);
  } catch (error) {
    return finish(2, (error as Error).message);
  }
  emit({ type: 'start', face: options.face, baseUrl: options.baseUrl, seed });
  const run = new Run(options, base, seed, client, recorder);
  try {
    await run.execute();
  } catch (error) {
    if (error instanceof ConfigurationError) return finish(2, error.message);
    if (error instanceof BudgetExhausted) recorder.note(`${error.message}; the checks after that point did not run`);
    else recorder.note(`the run stopped early: ${String(error)}`);
  }
  return finish(recorder.violations.length > 0 ? 1 : 0);
}

function validate(options: ConformanceOptions): URL {
  if (!isFace(options.face)) throw new ConfigurationError(`--face must be one of praxis, everruns, ark, jsonrpc; got "${String(options.face)}"`);
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new ConfigurationError(`--base-url "${options.baseUrl}" is not an absolute URL (e.g. http://127.0.0.1:4010/${options.face})`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new ConfigurationError(`--base-url must be http or https, got ${base.protocol}`);
  if ((options.face === 'everruns' || options.face === 'ark') && !options.session)
    throw new ConfigurationError(`--session is required for ${options.face}: its only operation lists the tasks of one session`);
  return base;
}

function redactUrl(url: string, secrets: readonly string[]): string {
  let out = url;
  for (const s of secrets) if (s.length >= 4) out = out.split(encodeURIComponent(s)).join('[redacted]').split(s).join('[redacted]');
  return out;
}

class Run {
  private readonly ops: ListOperation[];
  private readonly pools: ValuePools = {};
  /** Items of each operation's complete unfiltered walk, by operation and session. */
  private readonly baselines = new Map<string, JsonObject[]>();
  private sessions: string[] = [];
  private reached = false;
  /** The last version of every object seen, for the laws over time (every response is an observation). */
  private readonly lastSeen = new Map<string, JsonObject>();

  constructor(
    private readonly options: ConformanceOptions,
    private readonly base: URL,
    private readonly seed: number,
    private readonly client: HttpClient,
    private readonly recorder: Recorder,
  ) {
    this.ops = operationsOf(options.face);
  }

  async execute(): Promise<void> {
    this.phase('baseline');
    for (const op of this.ops) await this.baseline(op);
    this.phase('refusals');
    for (const op of this.ops) await this.refusals(op);
    this.phase('properties');
    await this.properties();
    if ((this.options.polls ?? 3) > 1) {
      this.phase('over time');
      await this.overTime();
    }
  }

  private phase(name: string) {
    this.options.onEvent?.({ type: 'phase', name });
  }

  // ---- requests -------------------------------------------------------------------------

  private url(op: ListOperation, session: string | undefined): URL {
    const path = op.path.replace('{session_id}', encodeURIComponent(session ?? ''));
    const url = new URL(this.base.toString().replace(/\/+$/, '') + path);
    return url;
  }

  private async fetch(op: ListOperation, session: string | undefined, query: Query): Promise<PageResult> {
    const url = this.url(op, session);
    const result = await this.client.get(url, query);
    const full = new URL(url);
    for (const [k, v] of query) full.searchParams.append(k, v);
    if (result.failure && !result.exchange) {
      // Only a refused or failed connection means "unreachable"; a server that accepts and stalls is judged.
      if (!this.reached && result.failure.kind === 'network') throw new ConfigurationError(`the endpoint could not be reached: ${full.origin}${full.pathname}: ${result.failure.message}`);
      this.recorder.check(`${lawPrefix(op)}.transport`);
      this.recorder.add(op.operationId, full.toString(), [{ rule: `${lawPrefix(op)}.transport`, instancePath: '', message: result.failure.message, source: { file: 'http', sentence: 'a complete response within --timeout' } }]);
      return { url: full.toString() };
    }
    this.reached = true;
    if (result.failure) {
      this.recorder.check(`${lawPrefix(op)}.transport`);
      this.recorder.add(op.operationId, full.toString(), [{ rule: `${lawPrefix(op)}.transport`, instancePath: '', message: result.failure.message, source: { file: 'http', sentence: 'a complete response within --timeout' } }]);
    }
    return { url: full.toString(), exchange: result.exchange };
  }

  private sessionFor(op: ListOperation): string | undefined {
    return op.sessionInPath ? (this.options.session ?? this.sessions[0]) : undefined;
  }

  /** Query the operation always carries (JSON-RPC's session filter when --session is given). */
  private fixedQuery(op: ListOperation): Query {
    if (op.face === 'jsonrpc' && this.options.session) return [['session_id', this.options.session]];
    return [];
  }

  /** Follows an operation's paging from `query`, checking every page; returns the pages. */
  private async walk(op: ListOperation, session: string | undefined, query: Query, maxPages: number, record = true, confirming = false): Promise<{ walk: WalkResult; found: Violation[] }> {
    const found: Violation[] = [];
    const walk: WalkResult = { pages: [], cursors: [], urls: [], complete: false };
    let current = query;
    const seenCursors = new Set<string>();
    for (let n = 0; n < maxPages; n++) {
      const { url, exchange } = await this.fetch(op, session, current);
      if (!exchange) return { walk, found };
      const pageViolations = this.safe(`${lawPrefix(op)}.status-code`, () => checkListPage(op, exchange, { sessionId: op.sessionInPath ? session : undefined }));
      this.markPage(op, exchange);
      found.push(...pageViolations);
      if (record) this.recorder.add(op.operationId, url, pageViolations);
      if (exchange.status !== 200) return { walk, found };
      walk.pages.push(exchange);
      walk.urls.push(url);
      const items = op.items(exchange.body) ?? [];
      this.observe(op, session, url, items);
      const next = nextCursor(op, exchange, current, items);
      walk.cursors.push(next?.cursor);
      if (!next) {
        walk.complete = true;
        break;
      }
      if (items.length === 0 || seenCursors.has(next.cursor)) break; // checkWalk reports both
      seenCursors.add(next.cursor);
      current = next.query;
    }
    if (!walk.complete && walk.pages.length >= maxPages && record)
      this.recorder.note(`${op.operationId}: stopped following pages after ${maxPages} pages of ${JSON.stringify(query)}`);
    if (op.paging.kind !== 'none') {
      this.recorder.check(`${lawPrefix(op)}.no-duplicates-across-pages`, `${lawPrefix(op)}.paging-terminates`);
      if (op.order) this.recorder.check(`${lawPrefix(op)}.order-newest-first`);
      const walkViolations = this.safe(`${lawPrefix(op)}.paging-terminates`, () => checkWalk(op, walk));
      if (confirming) return { walk, found: walkViolations };
      if (walkViolations.length > 0) {
        // Tasks may change between two pages of one walk; report only what a second walk repeats.
        const again = await this.walk(op, session, query, maxPages, false, true);
        const repeated = new Set(again.found.map((v) => v.rule));
        const confirmed = walkViolations.filter((v) => repeated.has(v.rule));
        found.push(...confirmed);
        if (record) this.recorder.add(op.operationId, walk.urls[walk.urls.length - 1] ?? '', confirmed);
      }
    }
    return { walk, found };
  }

  private markPage(op: ListOperation, exchange: Exchange) {
    const p = lawPrefix(op);
    this.recorder.check(`${p}.not-a-server-error`, `${p}.status-code`);
    if (exchange.status !== 200) return;
    this.recorder.check(`${p}.content-type`, `${op.face}.response-schema`);
    for (const rule of rulesFor(op.face, op.target)) this.recorder.check(rule.id);
    if (op.face === 'jsonrpc') for (const rule of rulesFor('jsonrpc', 'envelope')) this.recorder.check(rule.id);
    if (op.limit) this.recorder.check(exchange.query.some(([k]) => k === op.limit!.param) ? `${p}.limit-respected` : op.limit.default !== undefined ? `${p}.default-limit` : `${p}.limit-respected`);
    for (const f of op.filters) if (exchange.query.some(([k]) => k === f.param)) this.recorder.check(`${p}.filter-${f.param}`);
    if (op.sessionField) this.recorder.check(`${p}.items-belong-to-session`);
  }

  /** A check that throws is reported as a failure of the law it judges, never a crashed run. */
  private safe(rule: string, check: () => Violation[]): Violation[] {
    try {
      return check();
    } catch (error) {
      return [{ rule, instancePath: '', message: `the check of ${rule} failed on this response: ${String(error)}`, source: lawSource(rule) }];
    }
  }

  // ---- phases ---------------------------------------------------------------------------

  private async baseline(op: ListOperation): Promise<void> {
    if (op.face === 'praxis' && op.operationId === 'listBackgroundTasks') {
      this.sessions = this.options.session ? [this.options.session] : this.sessions.slice(0, 5);
      if (this.sessions.length === 0) {
        this.recorder.note('no session to list background tasks of: the session list is empty and --session was not given');
        return;
      }
    }
    const sessions = op.sessionInPath ? (op.face === 'praxis' ? this.sessions : [this.options.session!]) : [undefined];
    for (const session of sessions) {
      const { walk } = await this.walk(op, session, this.fixedQuery(op), MAX_PAGES);
      const items = walk.pages.flatMap((page) => op.items(page.body) ?? []).filter(isObject);
      if (walk.complete) this.baselines.set(`${op.operationId}|${session ?? ''}`, items);
      this.collectPools(op, items);
      if (op.face === 'praxis' && op.operationId === 'listSessions') this.sessions = items.map((i) => String(i.id));
    }
    // A short limit exercises paging even when one default page would hold everything.
    if (op.limit && op.paging.kind !== 'none') await this.walk(op, this.sessionFor(op), [...this.fixedQuery(op), [op.limit.param, '3']], MAX_PAGES);
    if (op.paging.kind === 'item-id') await this.itemCursorChecks(op);
  }

  private collectPools(op: ListOperation, items: JsonObject[]): void {
    for (const filter of op.filters) {
      const values = items.map((i) => filter.field.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), i)).filter((v): v is string => typeof v === 'string');
      this.pools[filter.param] = [...new Set([...(this.pools[filter.param] ?? []), ...values])].slice(0, 20);
    }
  }

  /** Documented refusals, each once: unsupported filters, bad paging values, malformed and foreign cursors, unknown sessions. */
  private async refusals(op: ListOperation): Promise<void> {
    const p = lawPrefix(op);
    const session = this.sessionFor(op);
    if (op.sessionInPath && session === undefined) return;
    for (const rejected of op.rejected) {
      for (const value of rejected.values) {
        const query: Query = [...this.fixedQuery(op), [rejected.param, value]];
        const { url, exchange } = await this.fetch(op, session, query);
        if (!exchange) continue;
        const law = `${p}.${rejectionLawName(op, rejected)}`;
        this.recorder.check(law, `${p}.not-a-server-error`);
        if (op.errorFormat !== 'unspecified') this.recorder.check(`${p}.error-format`);
        this.recorder.add(op.operationId, url, this.safe(law, () => checkErrorResponse(op, exchange, { law, status: rejected.status, errorType: rejected.errorType })));
      }
    }
    if (op.paging.kind === 'token' && op.paging.boundToQuery) await this.cursorBinding(op, session);
    if (op.limit?.minimum !== undefined) {
      // The documented minimum is a valid value: it must not be refused. How many items it
      // returns is not stated for 0, so only the status and the body's shape are judged.
      const { url, exchange } = await this.fetch(op, session, [...this.fixedQuery(op), [op.limit.param, String(op.limit.minimum)]]);
      if (exchange) {
        this.recorder.check(`${p}.minimum-limit-accepted`);
        const found = this.safe(`${lawPrefix(op)}.status-code`, () => checkListPage(op, exchange, { sessionId: op.sessionInPath ? session : undefined }))
          .filter((v) => v.rule !== `${p}.limit-respected`)
          .map((v) => (v.rule === `${p}.status-code` ? { ...v, rule: `${p}.minimum-limit-accepted`, message: `${op.limit!.param}=${op.limit!.minimum} (the documented minimum) got ${exchange.status}, expected 200` } : v));
        this.recorder.add(op.operationId, url, found);
      }
    }
    if (op.sessionInPath) {
      const unknown = unknownSessionId(op, this.seed);
      const { url, exchange } = await this.fetch(op, unknown, []);
      if (!exchange) return;
      this.recorder.check(`${p}.not-a-server-error`);
      if (op.unknownSession) {
        this.recorder.check(`${p}.unknown-session-404`);
        if (op.errorFormat !== 'unspecified') this.recorder.check(`${p}.error-format`);
        this.recorder.add(op.operationId, url, this.safe(`${p}.unknown-session-404`, () => checkErrorResponse(op, exchange, { law: `${p}.unknown-session-404`, status: op.unknownSession!.status, errorType: op.unknownSession!.errorType })));
      } else if (exchange.status >= 500) {
        this.recorder.add(op.operationId, url, [{ rule: `${p}.not-a-server-error`, instancePath: '', message: `an unknown session got ${exchange.status}`, source: lawSource(`${p}.not-a-server-error`) }]);
      }
    }
  }

  private async cursorBinding(op: ListOperation, session: string | undefined): Promise<void> {
    if (op.paging.kind !== 'token') return;
    const p = lawPrefix(op);
    const param = op.paging.param;
    const malformed = await this.fetch(op, session, [[param, 'not-a-cursor-from-this-api']]);
    if (malformed.exchange) {
      this.recorder.check(`${p}.malformed-cursor-rejected`);
      this.recorder.add(op.operationId, malformed.url, this.safe(`${p}.malformed-cursor-rejected`, () => checkErrorResponse(op, malformed.exchange!, { law: `${p}.malformed-cursor-rejected`, status: 400, errorType: 'invalid_request_error' })));
    }
    // A real cursor from one query, replayed with a different filter.
    const limitParam = op.limit?.param ?? 'limit';
    const first = await this.fetch(op, session, [[limitParam, '1']]);
    const cursorValue = first.exchange && isObject(first.exchange.body) ? first.exchange.body[op.paging.responseField] : undefined;
    if (typeof cursorValue !== 'string' && typeof cursorValue !== 'number') {
      this.recorder.note(`${op.operationId}: no next cursor with ${limitParam}=1, so a cursor from another query could not be replayed`);
      return;
    }
    const filter = op.filters[0];
    if (!filter) return;
    const foreign = await this.fetch(op, session, [[limitParam, '1'], [filter.param, 'atc-other-query'], [param, String(cursorValue)]]);
    if (foreign.exchange) {
      this.recorder.check(`${p}.cursor-bound-to-query`);
      this.recorder.add(op.operationId, foreign.url, this.safe(`${p}.cursor-bound-to-query`, () => checkErrorResponse(op, foreign.exchange!, { law: `${p}.cursor-bound-to-query`, status: 400, errorType: 'invalid_request_error' })));
    }
  }

  /** Item-id cursors exclude their own item, and ending_before stays before it. */
  private async itemCursorChecks(op: ListOperation): Promise<void> {
    if (op.paging.kind !== 'item-id' || !op.limit) return;
    const p = lawPrefix(op);
    const fixed = this.fixedQuery(op);
    const { walk } = await this.walk(op, undefined, [...fixed, [op.limit.param, '3']], 4, false);
    const order = walk.pages.flatMap((page) => op.items(page.body) ?? []).filter(isObject).map((i) => String(i[op.idField]));
    if (order.length < 2) return;
    this.recorder.check(`${p}.cursor-exclusive`);
    const pivot = order[Math.min(3, order.length - 1)]!;
    const pivotIndex = order.indexOf(pivot);
    const after = await this.fetch(op, undefined, [...fixed, [op.limit.param, '3'], [op.paging.afterParam, pivot]]);
    const before = await this.fetch(op, undefined, [...fixed, [op.limit.param, '3'], [op.paging.beforeParam, pivot]]);
    for (const [label, result, allowed] of [
      [op.paging.afterParam, after, new Set(order.slice(pivotIndex + 1))],
      [op.paging.beforeParam, before, new Set(order.slice(0, pivotIndex))],
    ] as const) {
      if (!result.exchange || result.exchange.status !== 200) continue;
      const ids = (op.items(result.exchange.body) ?? []).filter(isObject).map((i) => String(i[op.idField]));
      const problems: Violation[] = [];
      if (ids.includes(pivot)) problems.push(this.law(`${p}.cursor-exclusive`, `${label}=${pivot} returned ${pivot} itself`, pivot));
      // Only items the walk saw on the cursor's own side can be judged; new tasks may have arrived.
      const known = new Set(order);
      const wrongSide = ids.filter((id) => id !== pivot && known.has(id) && !allowed.has(id));
      if (wrongSide.length > 0) problems.push(this.law(`${p}.cursor-exclusive`, `${label}=${pivot} returned ${wrongSide.join(', ')}, which come on the other side of ${pivot}`, wrongSide));
      this.recorder.add(op.operationId, result.url, problems);
    }
  }

  private law(rule: string, message: string, value?: unknown): Violation {
    return { rule, instancePath: '', message, source: lawSource(rule), value };
  }

  /** fast-check drives request cases; a failure is shrunk, then reported with seed and path. */
  private async properties(): Promise<void> {
    const runs = this.options.runs ?? 100;
    if (runs <= 0) return;
    const ops = this.ops.filter((op) => !op.sessionInPath || this.sessionFor(op) !== undefined);
    if (ops.length === 0) return;
    const arbitrary = fc.oneof(...ops.map((op) => requestCase(op, this.pools).map((c) => ({ operation: op.operationId, ...c }))));
    const known = new Set<string>();
    const rounds = this.options.path ? 1 : 4;
    for (let round = 0; round < rounds; round++) {
      // Rules already reported (by the baseline, refusals or an earlier round) do not fail a
      // property again: each round hunts for a rule not seen yet.
      for (const v of this.recorder.violations) known.add(v.rule);
      const seed = this.seed + round;
      let budgetHit = false;
      const property = fc.asyncProperty(arbitrary, async (c) => {
        try {
          const found = await this.executeCase(c, false);
          return found.every((v) => known.has(v.rule) || !this.recorder.wanted(v.rule));
        } catch (error) {
          if (error instanceof BudgetExhausted) {
            budgetHit = true;
            return true;
          }
          throw error;
        }
      });
      const details = await fc.check(property, { seed, numRuns: runs, ...(this.options.path ? { path: this.options.path } : {}), endOnFailure: false });
      if (budgetHit) throw new BudgetExhausted(`the request budget (--max-requests) is used up`);
      if (!details.failed) break;
      if (!details.counterexample) {
        this.recorder.note(`a property run failed with an error: ${String(details.errorInstance)}`);
        break;
      }
      const [counterexample] = details.counterexample;
      const found = await this.executeCase(counterexample, true, { seed, path: details.counterexamplePath ?? '' });
      const fresh = new Set(found.map((v) => v.rule).filter((r) => !known.has(r)));
      if (fresh.size === 0) break;
      for (const rule of fresh) known.add(rule);
      this.recorder.setReplay(fresh, { seed, path: details.counterexamplePath ?? '' });
    }
  }

  private async executeCase(c: RequestCase & { operation: string }, record: boolean, replay?: { seed: number; path: string }): Promise<Violation[]> {
    const op = this.ops.find((o) => o.operationId === c.operation)!;
    const session = this.sessionFor(op);
    const query: Query = [...this.fixedQuery(op).filter(([k]) => !c.query.some(([q]) => q === k)), ...c.query];
    if (c.expect.kind === 'error') {
      const { url, exchange } = await this.fetch(op, session, query);
      if (!exchange) return [];
      const expected = c.expect;
      const found = this.safe(expected.law, () => checkErrorResponse(op, exchange, expected));
      if (record) this.recorder.add(op.operationId, url, found, replay);
      return found;
    }
    const { walk, found } = await this.walk(op, session, query, CASE_MAX_PAGES, record);
    // A filtered walk is the matching part of the unfiltered one (when both walks were complete).
    const filters = op.filters.filter((f) => c.query.some(([k]) => k === f.param) && !this.fixedQuery(op).some(([k]) => k === f.param));
    const baselineKey = `${op.operationId}|${session ?? ''}`;
    if (filters.length > 0 && walk.complete && this.baselines.has(baselineKey)) {
      const problems = await this.filterProblems(op, session, query, filters.map((f) => f.param), walk, baselineKey);
      found.push(...problems);
      if (record) this.recorder.add(op.operationId, walk.urls[0] ?? '', problems, replay);
    }
    if (record && replay) this.recorder.setReplay(new Set(found.map((v) => v.rule)), replay);
    return found;
  }

  /**
   * Subset and completeness of a filtered walk against the unfiltered baseline. Tasks change
   * and appear over time, so anything suspicious is judged again on two fresh walks.
   */
  private async filterProblems(op: ListOperation, session: string | undefined, query: Query, params: string[], walk: WalkResult, baselineKey: string): Promise<Violation[]> {
    const judge = (filtered: WalkResult, all: JsonObject[]) => {
      const items = filtered.pages.flatMap((page) => op.items(page.body) ?? []).filter(isObject);
      const ids = new Set(items.map((i) => String(i[op.idField])));
      const allIds = new Set(all.map((i) => String(i[op.idField])));
      const out = checkSubset(op, params[0]!, [...ids], allIds);
      // Completeness is judged for a single filter: with several, an item must match them all.
      if (params.length === 1) {
        const value = query.find(([k]) => k === params[0])?.[1] ?? '';
        out.push(...checkFilterComplete(op, params[0]!, value, ids, all));
      }
      return out;
    };
    const first = judge(walk, this.baselines.get(baselineKey)!);
    if (first.length === 0) return [];
    const freshAll = await this.walk(op, session, this.fixedQuery(op), MAX_PAGES, false);
    const freshFiltered = await this.walk(op, session, query, CASE_MAX_PAGES, false);
    if (!freshAll.walk.complete || !freshFiltered.walk.complete) return [];
    const all = freshAll.walk.pages.flatMap((page) => op.items(page.body) ?? []).filter(isObject);
    this.baselines.set(baselineKey, all);
    const again = new Set(judge(freshFiltered.walk, all).map((v) => `${v.rule}|${v.message}`));
    return first.filter((v) => again.has(`${v.rule}|${v.message}`));
  }

  /**
   * Every listed object is an observation: compared with the last version of it seen in any
   * earlier response, it must follow the lifecycle, keep its immutable fields, counters and
   * times. Tasks may change between two pages of one walk; that is not a paging violation.
   */
  private observe(op: ListOperation, session: string | undefined, url: string, items: unknown[]): void {
    const before = new Map<string, JsonObject>();
    const after = new Map<string, JsonObject>();
    for (const item of items) {
      if (!isObject(item)) continue;
      const id = String(item[op.idField]);
      const key = `${op.operationId}|${session ?? ''}|${id}`;
      const previous = this.lastSeen.get(key);
      if (previous) {
        before.set(id, previous);
        after.set(id, item);
      }
      this.lastSeen.set(key, item);
    }
    if (before.size === 0) return;
    const p = lawPrefix(op);
    this.recorder.check(`${p}.immutable-fields`, `${p}.times-never-go-back`, ...(op.lifecycle ? [`${p}.lifecycle-forward`] : []), ...(op.counters ? [`${p}.counters-never-decrease`] : []));
    this.recorder.add(op.operationId, url, this.safe(`${p}.lifecycle-forward`, () => checkTimeline(op, before, after)));
  }

  /** Observes each list `polls` times in all (the baseline walk was the first), `pollIntervalMs` apart. */
  private async overTime(): Promise<void> {
    const polls = this.options.polls ?? 3;
    const interval = this.options.pollIntervalMs ?? 1000;
    for (let poll = 1; poll < polls; poll++) {
      await sleep(interval);
      for (const op of this.ops) {
        const sessions = op.sessionInPath ? (op.face === 'praxis' ? this.sessions : [this.options.session!]) : [undefined];
        for (const session of sessions) {
          if (op.sessionInPath && session === undefined) continue;
          await this.walk(op, session, this.fixedQuery(op), MAX_PAGES, true);
        }
      }
    }
  }
}


function unknownSessionId(op: ListOperation, seed: number): string {
  const tag = `atcunknown${Math.abs(seed) % 100000}`;
  if (op.face === 'praxis') return `sesn_${tag}`;
  if (op.face === 'ark') return `sesn-${tag}`;
  return tag;
}

