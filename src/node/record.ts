/**
 * Records a live endpoint as a scenario: polls its lists, writes each poll as one step of
 * exact objects, so replaying the file reproduces every observed list. Credentials never reach
 * the file; `redact` pointers mask fields; every object is checked against the contract as it
 * is written and the violations are listed (their steps are marked `fault`), never hidden.
 *
 * Nothing received is lost: after every poll the scenario so far is handed to `onCheckpoint`
 * (the CLI writes it atomically). A 5xx, a 429 or a timeout is that poll's answer, recorded as
 * a fault step, within an error budget; an interruption, an API that goes away or a spent
 * budget end the recording early, and the recording says why and when.
 */
import type { ApiSet } from '../contract/api-set.js';
import { DriftTally, type NewValue, observeBody } from '../contract/drift.js';
import type { DriftEntry } from '../contract/drift-entry.js';
import { applyLaws, type Exchange } from '../contract/laws/index.js';
import { mayFollow } from '../contract/lifecycle.js';
import { fixedOrder } from '../contract/list-order.js';
import {
  componentOf,
  fieldValue,
  idOf,
  itemsOf,
  type ListOperation,
  operationsOf,
  sessionFieldOf,
} from '../contract/operations.js';
import { optional } from '../contract/optional.js';
import type { ApiName } from '../contract/registry.js';
import { isObject } from '../contract/rules/check-helpers.js';
import { allRules, checkItem } from '../contract/rules/index.js';
import type { JsonObject } from '../contract/rules/types.js';
import { pathWithSession } from '../contract/session-param.js';
import { validateComponent } from '../contract/validate.js';
import { requestFor } from '../http/binding.js';
import { BudgetExhausted, HttpClient, Interrupted } from '../http/client.js';
import { Handshakes } from '../http/handshake.js';
import { MAX_PAGES, nextCursor, type Query } from '../http/paging.js';
import { REDACTED, redactValue } from '../http/redact.js';
import type { PlacedTask, RecordedAnswer, Scenario, ScenarioStep } from '../scenarios/types.js';

export interface RecordOptions {
  api: ApiName;
  /** The API set the API is read from (the CLI's: the built-in APIs and the modules --api loads). */
  apis: ApiSet;
  baseUrl: string;
  session?: string;
  polls: number;
  intervalMs: number;
  headers?: Record<string, string>;
  /** JSON pointers into each recorded object whose string values are masked. */
  redact?: readonly string[];
  timeoutMs?: number;
  maxRequests?: number;
  /** Polls that may be answered by an error (5xx, 429, timeout) before recording stops (default 5). */
  errorBudget?: number;
  /** Resolves when the recording must stop (Ctrl-C, SIGTERM): what was received is kept. */
  stopSignal?: Promise<unknown>;
  onPoll?: (poll: number, items: number, answer?: string) => void;
  /** Called after every recorded poll with the recording so far (a complete scenario). */
  onCheckpoint?: (recording: Recording) => Promise<void>;
}

type EndReason = 'complete' | 'interrupted' | 'connection-lost' | 'error-budget' | 'request-budget';

export interface Recording {
  scenario: Scenario;
  /** Contract violations observed, one line each (pointer, law, message). */
  violations: string[];
  requests: number;
  /** Polls recorded (data and error answers). */
  polls: number;
  /** Polls answered by an error. */
  errors: number;
  ended: { reason: EndReason; message: string; at: string };
  /** Fields and enumerated values the answers carried that the spec does not declare. */
  drift: DriftEntry[];
  /** Values of open fields outside the documented examples. */
  newValues: NewValue[];
  /**
   * The laws judged on each walk and its pages (order, duplicates and gaps across pages, limit,
   * end of walk…), with how many subjects each judged and broke; a law that judged nothing says
   * why. Every object is also judged against the documented schema and the item rules.
   */
  laws: LawTally[];
}

/** One law of the catalogue over the whole recording. */
export interface LawTally {
  id: string;
  statement: string;
  judged: number;
  violations: number;
  /** Why it judged nothing (no walk had two pages…), when it judged nothing. */
  unexercised?: string;
}

export class RecordError extends Error {}

type Poll =
  | { kind: 'data'; sessions: JsonObject[]; tasks: PlacedTask[]; problems: string[] }
  | { kind: 'answer'; answer: RecordedAnswer; message: string };

/** A list that did not answer with its data: the poll's answer. */
class PollAnswer extends Error {
  constructor(
    readonly answer: RecordedAnswer,
    message: string,
  ) {
    super(message);
  }
}
/** The API went away (connection refused, reset). */
class ConnectionLost extends Error {}

export async function recordScenario(options: RecordOptions): Promise<Recording> {
  const { api, apis } = options;
  const ops = operationsOf(api, apis);
  const tasksOp = ops.find((o) => o.target === 'task')!;
  const sessionsOp = ops.find((o) => o.target === 'session');
  if (tasksOp.session.in === 'path' && !tasksOp.session.discoveredFrom && !options.session)
    throw new RecordError(`--session is required for ${api}`);
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new RecordError(`--base-url "${options.baseUrl}" is not an absolute URL`);
  }
  const headers = options.headers ?? {};
  const secrets = Object.values(headers);
  const client = new HttpClient({
    headers,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRequests: options.maxRequests ?? 10_000,
    maxBodyBytes: 10 * 1024 * 1024,
    maxRetryWaitMs: 30_000,
    // A throttle still there after three retries is recorded as the poll's answer.
    retries: 3,
  });
  let interrupted = false;
  void options.stopSignal?.then(() => {
    interrupted = true;
    client.stop();
  });
  const errorBudget = options.errorBudget ?? 5;
  const drift = new DriftTally();
  const laws = new Map<string, LawTally>();
  // What a walk shows beside its objects; the objects themselves are judged one by one (schema,
  // item rules) as they are written, and drift is tallied apart.
  const itemJudged = new Set<string>(allRules(apis).map((r) => r.id));
  const judgeWalk = (op: ListOperation, pages: Exchange[], cursors: (string | undefined)[], session?: string) => {
    // A recording walks each list once. Where the list's order may move (no order, or one by a time that changes),
    // a finding across the pages of one walk may be the list moving between two requests, which only a second walk
    // tells apart (the conformance runner makes one): such findings are not recorded.
    const confirmable = fixedOrder(op) !== undefined;
    const walkOutcomes = applyLaws(op, 'walk', {
      walk: { pages, cursors, capped: pages.length >= MAX_PAGES && cursors.at(-1) !== undefined },
    }).map(({ law, judgement }) => ({
      law,
      judgement: {
        ...judgement,
        violations: judgement.violations.filter((v) => confirmable || (v.pages?.length ?? 0) <= 1),
      },
    }));
    const outcomes = [
      ...pages.flatMap((exchange) => applyLaws(op, 'page', { exchange, ...optional('session', session) })),
      ...walkOutcomes,
    ];
    const problems: string[] = [];
    for (const { law, judgement } of outcomes) {
      if (itemJudged.has(law.id) || law.id.endsWith('.response-schema') || law.id.endsWith('no-undocumented-fields'))
        continue;
      // A page law that judged nothing concerns requests a recording never sends (filters, limits).
      if (judgement.judged === 0 && !law.checks.walk && !laws.has(law.id)) continue;
      const tally = laws.get(law.id) ?? { id: law.id, statement: law.statement, judged: 0, violations: 0 };
      tally.judged += judgement.judged;
      tally.violations += judgement.violations.length;
      if (tally.judged === 0) tally.unexercised = law.unexercised;
      else delete tally.unexercised;
      laws.set(law.id, tally);
      for (const v of judgement.violations)
        problems.push(`${op.operationId}${v.instancePath ? ` ${v.instancePath}` : ''}: ${v.law}: ${v.message}`);
    }
    return problems;
  };

  /** The objects of one walk; what the walk shows (order, pages, end) is judged into `problems`. */
  // A session a handshake opens serves every walk of the recording.
  const handshakes = new Handshakes(options.session);
  const walk = async (
    op: ListOperation,
    session: string | undefined,
    query: Query,
    problems: string[],
  ): Promise<JsonObject[]> => {
    const items: JsonObject[] = [];
    const pages: Exchange[] = [];
    const cursors: (string | undefined)[] = [];
    let current = query;
    const path = pathWithSession(op, session ?? '');
    for (let n = 0; n < MAX_PAGES; n++) {
      const url = new URL(base.toString().replace(/\/+$/, '') + path);
      const result = await requestFor(client, op, url, current, handshakes);
      const exchange = result.exchange;
      if (!exchange) {
        if (result.failure?.kind === 'timeout')
          throw new PollAnswer({ path, timeoutMs: options.timeoutMs ?? 10_000 }, `${path}: ${result.failure.message}`);
        throw new ConnectionLost(`${url.origin}${url.pathname}: ${result.failure?.message ?? 'no response'}`);
      }
      if (exchange.status !== 200)
        throw new PollAnswer(
          answerOf(path, exchange, result.retryAfter, secrets),
          `${path} answered ${exchange.status}`,
        );
      if (exchange.body !== undefined)
        drift.add(op.operationId, observeBody(api, op.operationId, exchange.status, exchange.body, apis));
      const page = (itemsOf(op, exchange.body) ?? []).filter(isObject);
      items.push(...page);
      pages.push(exchange);
      const next = nextCursor(op, exchange, current, page);
      cursors.push(next?.cursor);
      if (!next) break;
      // A cursor offered twice loops for ever: the walk laws report it.
      if (cursors.slice(0, -1).includes(next.cursor)) break;
      current = next.query;
    }
    const sessionOfPage = op.session.in === 'path' ? session : op.session.in === 'query' ? options.session : undefined;
    problems.push(...judgeWalk(op, pages, cursors, sessionOfPage).map((p) => `${path}: ${p}`));
    return items;
  };
  const clean = (item: JsonObject): JsonObject => {
    const copy = redactValue(item, secrets);
    for (const pointer of options.redact ?? []) maskAt(copy, pointer);
    return copy;
  };

  const polls: Poll[] = [];
  let recordedSessions: string[] | undefined = options.session ? [options.session] : undefined;
  const pollOnce = async (): Promise<Poll> => {
    const poll: Poll = { kind: 'data', sessions: [], tasks: [], problems: [] };
    if (sessionsOp) {
      poll.sessions = (await walk(sessionsOp, undefined, [], poll.problems)).map(clean);
      recordedSessions ??= poll.sessions.slice(0, 3).map((s) => String(s.id));
    }
    if (tasksOp.session.in === 'path') {
      for (const session of recordedSessions ?? [])
        for (const task of await walk(tasksOp, session, [], poll.problems))
          poll.tasks.push({ session, task: clean(task) });
    } else {
      const query: Query =
        options.session && tasksOp.session.in === 'query' ? [[tasksOp.session.param, options.session]] : [];
      // The member naming a task's session: the operation's, else the one its query filters by.
      const field = sessionFieldOf(tasksOp) ?? '/session_id';
      for (const task of await walk(tasksOp, undefined, query, poll.problems))
        poll.tasks.push({ session: String(fieldValue(task, field) ?? options.session ?? ''), task: clean(task) });
    }
    return poll;
  };

  let errors = 0;
  let ended: Recording['ended'] | undefined;
  const end = (reason: EndReason, message: string) => (ended = { reason, message, at: new Date().toISOString() });
  const dataPolls = () => polls.filter((p) => p.kind === 'data').length;
  for (let n = 0; n < options.polls && !ended; n++) {
    try {
      if (n > 0) await client.pause(options.intervalMs);
      const poll = await pollOnce();
      polls.push(poll);
      options.onPoll?.(n + 1, poll.kind === 'data' ? poll.tasks.length + poll.sessions.length : 0);
    } catch (error) {
      if (error instanceof Interrupted || interrupted)
        end('interrupted', `interrupted after poll ${polls.length} of ${options.polls}`);
      else if (error instanceof BudgetExhausted) end('request-budget', `${error.message} after poll ${polls.length}`);
      else if (error instanceof ConnectionLost) {
        // Nothing recorded yet: there is no incident to keep, only an endpoint that cannot be reached.
        if (dataPolls() === 0) throw new RecordError(`the endpoint could not be reached: ${error.message}`);
        end('connection-lost', `the API went away after poll ${polls.length}: ${error.message}`);
      } else if (error instanceof PollAnswer) {
        // The first poll must show the lists: an error there is a wrong --session, --header or URL.
        if (dataPolls() === 0)
          throw new RecordError(
            `${error.message}; a recording starts from a 200 (check --base-url, --session and --header)`,
          );
        errors++;
        polls.push({ kind: 'answer', answer: error.answer, message: error.message });
        options.onPoll?.(n + 1, 0, error.message);
        if (errors > errorBudget)
          end(
            'error-budget',
            `more than ${errorBudget} polls were answered by an error (the error budget); the last: ${error.message}`,
          );
      } else throw error;
    }
    if (polls.length > 0)
      await options.onCheckpoint?.(
        build(api, base, options, polls, recordedSessions, client.sent, errors, ended, drift, laws),
      );
  }
  return build(
    api,
    base,
    options,
    polls,
    recordedSessions,
    client.sent,
    errors,
    ended ?? { reason: 'complete', message: `all ${options.polls} polls recorded`, at: new Date().toISOString() },
    drift,
    laws,
  );
}

/** A non-200 answer as received, with credentials taken out. */
function answerOf(
  path: string,
  exchange: Exchange,
  retryAfter: string | undefined,
  secrets: readonly string[],
): RecordedAnswer {
  const body = exchange.body !== undefined ? exchange.body : exchange.bodyText;
  return {
    path,
    status: exchange.status,
    ...(body !== undefined ? { body: redactValue(body, secrets) } : {}),
    ...optional('retryAfter', retryAfter),
  };
}

/** The scenario of the polls so far: step 0 is the first data poll, each later poll one step. */
function build(
  api: ApiName,
  base: URL,
  options: RecordOptions,
  polls: readonly Poll[],
  recordedSessions: string[] | undefined,
  requests: number,
  errors: number,
  ended: Recording['ended'] | undefined,
  tally: DriftTally,
  laws: ReadonlyMap<string, LawTally>,
): Recording {
  const { apis } = options;
  const drift = redactValue(tally.driftEntries(), Object.values(options.headers ?? {}));
  const ops = operationsOf(api, apis);
  const tasksOp = ops.find((o) => o.target === 'task')!;
  const sessionsOp = ops.find((o) => o.target === 'session');
  const violations: string[] = [];
  const problemsOf = (target: 'task' | 'session', item: JsonObject, where: string): string[] => {
    const component = componentOf(api, target, apis);
    return [
      ...validateComponent(api, component, item, 'documented', apis),
      ...checkItem(api, target, item, '', apis),
    ].map((v) => `${where}${v.instancePath}: ${v.law}: ${v.message}`);
  };
  const firstIndex = polls.findIndex((p) => p.kind === 'data');
  const first = polls[firstIndex] as Extract<Poll, { kind: 'data' }>;
  // Lists are newest first and the mock lists newest (last inserted) first, so objects are written oldest first.
  const firstProblems = [
    ...first.problems.map((p) => `poll 1, ${p}`),
    ...first.sessions.flatMap((s, i) => problemsOf('session', s, `poll 1, session ${i}`)),
    ...first.tasks.flatMap((t, i) =>
      problemsOf('task', t.task, `poll 1, task ${String(fieldValue(t.task, tasksOp.idField) ?? i)}`),
    ),
  ];
  violations.push(...firstProblems);
  const timeline: ScenarioStep[] = [];
  let before = first;
  for (let n = firstIndex + 1; n < polls.length; n++) {
    const now = polls[n]!;
    if (now.kind === 'answer') {
      timeline.push({ fault: true, note: `poll ${n + 1}: ${now.message}`, answers: [now.answer] });
      continue;
    }
    const step: ScenarioStep = {};
    const problems: string[] = now.problems.map((p) => `poll ${n + 1}, ${p}`);
    if (sessionsOp) {
      const old = new Map(before.sessions.map((s) => [String(s.id), JSON.stringify(s)]));
      const changed = [...now.sessions].reverse().filter((s) => old.get(String(s.id)) !== JSON.stringify(s));
      if (changed.length > 0) step.sessions = changed;
      const gone = [...old.keys()].filter((id) => !now.sessions.some((s) => String(s.id) === id));
      if (gone.length > 0) step.removeSessions = gone;
      for (const s of changed) problems.push(...problemsOf('session', s, `poll ${n + 1}, session ${String(s.id)}`));
    }
    const oldTasks = new Map(before.tasks.map((t) => [idOf(tasksOp, t.task), t.task]));
    const put = [...now.tasks]
      .reverse()
      .filter((t) => JSON.stringify(oldTasks.get(idOf(tasksOp, t.task))) !== JSON.stringify(t.task));
    if (put.length > 0) step.put = put;
    const gone = [...oldTasks.keys()].filter((id) => !now.tasks.some((t) => idOf(tasksOp, t.task) === id));
    if (gone.length > 0) step.remove = gone;
    for (const t of put) {
      const id = idOf(tasksOp, t.task);
      problems.push(...problemsOf('task', t.task, `poll ${n + 1}, task ${id}`));
      const old = oldTasks.get(id);
      const from = old && fieldValue(old, tasksOp.stateField!);
      const to = fieldValue(t.task, tasksOp.stateField!);
      if (typeof from === 'string' && typeof to === 'string' && !mayFollow(tasksOp.lifecycle!, from, to))
        problems.push(`poll ${n + 1}, task ${id}: ${tasksOp.lawPrefix}.lifecycle-forward: went from ${from} to ${to}`);
    }
    if (problems.length > 0) {
      step.fault = true;
      step.note = `observed contract violations: ${problems.join('; ')}`;
      violations.push(...problems);
    }
    timeline.push(step);
    before = now;
  }
  const recorded = polls.length - firstIndex;
  const early =
    ended && ended.reason !== 'complete'
      ? ` Recording ended early (${ended.reason}) at ${ended.at}: ${ended.message}.`
      : '';
  const drifted = drift.map((d) => `${d.operation} ${d.kind} ${d.path} (${d.count}×)`).join('; ');
  const description = [
    `Recorded from ${base.origin}${base.pathname} on ${new Date().toISOString()}: `,
    `${recorded} of ${options.polls} polls every ${options.intervalMs} ms`,
    errors > 0 ? `, ${errors} answered by an error` : '',
    '.',
    early,
    violations.length > 0 ? ` ${violations.length} contract violations observed (their steps are marked fault).` : '',
    drift.length > 0 ? ` Drift (fields and values the spec does not declare): ${drifted}.` : '',
  ].join('');
  const scenario: Scenario = {
    name: `recorded-${api}`,
    description,
    api,
    exact: true,
    progression: 'request',
    ...(firstProblems.length > 0 ? { fault: true } : {}),
    sessions: sessionsOp
      ? [...first.sessions].reverse()
      : [
          ...new Set([
            ...(recordedSessions ?? []),
            ...polls.flatMap((p) => (p.kind === 'data' ? p.tasks.map((t) => t.session) : [])),
          ]),
        ].map((id) => ({ id })),
    tasks: [...first.tasks].reverse(),
    timeline,
  };
  return {
    scenario,
    violations,
    requests,
    polls: recorded,
    errors,
    ended: ended ?? { reason: 'complete', message: `${recorded} polls so far`, at: new Date().toISOString() },
    drift,
    newValues: tally.newValues(),
    laws: [...laws.values()].map((law) => ({ ...law })),
  };
}

/** Masks the string at a JSON pointer; other value types are left and reported by the caller's validation. */
function maskAt(target: JsonObject, pointer: string): void {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: unknown = target;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(current)) return;
    current = current[key];
  }
  const last = keys[keys.length - 1];
  if (last !== undefined && isObject(current) && typeof current[last] === 'string') current[last] = REDACTED;
}
