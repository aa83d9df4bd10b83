/**
 * Records a live endpoint as a scenario: polls its lists, writes each poll as one step of
 * exact objects, so replaying the file reproduces every observed list. Credentials never reach
 * the file; `redact` pointers mask fields; every object is checked against the contract as it
 * is written and the violations are listed (their steps are marked `fault`), never hidden.
 */
import { type Face, type JsonObject, type ListOperation, checkItem, componentFor, itemsOf, mayFollow, operationsOf, validateComponent } from '../contract/index.js';
import { isObject } from '../contract/rules/types.js';
import { BudgetExhausted, HttpClient, sleep } from '../conformance/http.js';
import { type Query, nextCursor } from '../conformance/paging.js';
import { REDACTED, redactValue } from '../conformance/redact.js';
import type { PlacedTask, Scenario, ScenarioStep } from '../scenarios/types.js';

export interface RecordOptions {
  face: Face;
  baseUrl: string;
  session?: string;
  polls: number;
  intervalMs: number;
  headers?: Record<string, string>;
  /** JSON pointers into each recorded object whose string values are masked. */
  redact?: readonly string[];
  timeoutMs?: number;
  maxRequests?: number;
  onPoll?: (poll: number, items: number) => void;
}

export interface Recording {
  scenario: Scenario;
  /** Contract violations observed, one line each (pointer, rule, message). */
  violations: string[];
  requests: number;
}

const MAX_PAGES = 50;

export class RecordError extends Error {}

export async function recordScenario(options: RecordOptions): Promise<Recording> {
  const face = options.face;
  if ((face === 'everruns' || face === 'ark') && !options.session) throw new RecordError(`--session is required for ${face}`);
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new RecordError(`--base-url "${options.baseUrl}" is not an absolute URL`);
  }
  const headers = options.headers ?? {};
  const secrets = Object.values(headers);
  const client = new HttpClient({ headers, timeoutMs: options.timeoutMs ?? 10_000, maxRequests: options.maxRequests ?? 10_000, maxBodyBytes: 10 * 1024 * 1024, maxRetryAfterMs: 30_000 });
  const ops = operationsOf(face);
  const tasksOp = ops.find((o) => o.target === 'task')!;
  const sessionsOp = ops.find((o) => o.target === 'session');
  const idField = tasksOp.idField;

  const walk = async (op: ListOperation, session: string | undefined, query: Query): Promise<JsonObject[]> => {
    const items: JsonObject[] = [];
    let current = query;
    for (let n = 0; n < MAX_PAGES; n++) {
      const url = new URL(base.toString().replace(/\/+$/, '') + op.path.replace('{session_id}', encodeURIComponent(session ?? '')));
      const result = await client.get(url, current);
      const exchange = result.exchange;
      if (!exchange) throw new RecordError(`${url.origin}${url.pathname}: ${result.failure?.message ?? 'no response'}`);
      if (exchange.status !== 200) throw new RecordError(`${url.origin}${url.pathname} answered ${exchange.status}; a recording needs 200s (check --session and --header)`);
      const page = (itemsOf(op, exchange.body) ?? []).filter(isObject);
      items.push(...page);
      const next = nextCursor(op, exchange, current, page);
      if (!next) break;
      current = next.query;
    }
    return items;
  };
  const clean = (item: JsonObject): JsonObject => {
    const copy = redactValue(item, secrets);
    for (const pointer of options.redact ?? []) maskAt(copy, pointer);
    return copy;
  };

  const violations: string[] = [];
  const problemsOf = (target: 'task' | 'session', item: JsonObject, where: string): string[] => {
    const component = componentFor(face, target);
    return [...validateComponent(face, component, item, 'documented'), ...checkItem(face, target, item)].map((v) => `${where}${v.instancePath}: ${v.rule}: ${v.message}`);
  };

  interface Poll {
    sessions: JsonObject[];
    tasks: PlacedTask[];
  }
  const polls: Poll[] = [];
  let recordedSessions: string[] | undefined = options.session ? [options.session] : undefined;
  try {
    for (let n = 0; n < options.polls; n++) {
      if (n > 0) await sleep(options.intervalMs);
      const poll: Poll = { sessions: [], tasks: [] };
      if (sessionsOp) {
        poll.sessions = (await walk(sessionsOp, undefined, [])).map(clean);
        recordedSessions ??= poll.sessions.slice(0, 3).map((s) => String(s.id));
      }
      if (tasksOp.session.in === 'path') {
        for (const session of recordedSessions ?? []) for (const task of await walk(tasksOp, session, [])) poll.tasks.push({ session, task: clean(task) });
      } else {
        const query: Query = options.session ? [['session_id', options.session]] : [];
        for (const task of await walk(tasksOp, undefined, query)) poll.tasks.push({ session: String(task.session_id ?? options.session ?? ''), task: clean(task) });
      }
      polls.push(poll);
      options.onPoll?.(n + 1, poll.tasks.length + poll.sessions.length);
    }
  } catch (error) {
    if (error instanceof BudgetExhausted) throw new RecordError(`${error.message} after ${polls.length} polls`);
    throw error;
  }

  // Step 0: the first poll. Lists are newest first and the mock lists newest (last inserted)
  // first, so objects are written oldest first.
  const first = polls[0]!;
  const firstProblems = [
    ...first.sessions.flatMap((s, i) => problemsOf('session', s, `poll 1, session ${i}`)),
    ...first.tasks.flatMap((t, i) => problemsOf('task', t.task, `poll 1, task ${String(t.task[idField] ?? i)}`)),
  ];
  violations.push(...firstProblems);
  const timeline: ScenarioStep[] = [];
  for (let n = 1; n < polls.length; n++) {
    const before = polls[n - 1]!;
    const now = polls[n]!;
    const step: ScenarioStep = {};
    const problems: string[] = [];
    if (sessionsOp) {
      const old = new Map(before.sessions.map((s) => [String(s.id), JSON.stringify(s)]));
      const changed = [...now.sessions].reverse().filter((s) => old.get(String(s.id)) !== JSON.stringify(s));
      if (changed.length > 0) step.sessions = changed;
      const gone = [...old.keys()].filter((id) => !now.sessions.some((s) => String(s.id) === id));
      if (gone.length > 0) step.removeSessions = gone;
      for (const s of changed) problems.push(...problemsOf('session', s, `poll ${n + 1}, session ${String(s.id)}`));
    }
    const oldTasks = new Map(before.tasks.map((t) => [String(t.task[idField]), t.task]));
    const put = [...now.tasks].reverse().filter((t) => JSON.stringify(oldTasks.get(String(t.task[idField]))) !== JSON.stringify(t.task));
    if (put.length > 0) step.put = put;
    const gone = [...oldTasks.keys()].filter((id) => !now.tasks.some((t) => String(t.task[idField]) === id));
    if (gone.length > 0) step.remove = gone;
    for (const t of put) {
      const id = String(t.task[idField]);
      problems.push(...problemsOf('task', t.task, `poll ${n + 1}, task ${id}`));
      const prev = oldTasks.get(id);
      const from = prev?.[tasksOp.stateField!];
      const to = t.task[tasksOp.stateField!];
      if (typeof from === 'string' && typeof to === 'string' && !mayFollow(tasksOp.lifecycle!, from, to))
        problems.push(`poll ${n + 1}, task ${id}: ${tasksOp.lawPrefix}.lifecycle-forward: went from ${from} to ${to}`);
    }
    if (problems.length > 0) {
      step.fault = true;
      step.note = `observed contract violations: ${problems.join('; ')}`;
      violations.push(...problems);
    }
    timeline.push(step);
  }

  const scenario: Scenario = {
    name: `recorded-${face}`,
    description: `Recorded from ${base.origin}${base.pathname} on ${new Date().toISOString()}: ${polls.length} polls every ${options.intervalMs} ms.${violations.length > 0 ? ` ${violations.length} contract violations observed (their steps are marked fault).` : ''}`,
    face,
    exact: true,
    progression: 'request',
    ...(firstProblems.length > 0 ? { fault: true } : {}),
    sessions: sessionsOp ? [...first.sessions].reverse() : [...new Set([...(recordedSessions ?? []), ...polls.flatMap((p) => p.tasks.map((t) => t.session))])].map((id) => ({ id })),
    tasks: [...first.tasks].reverse(),
    timeline,
  };
  return { scenario, violations, requests: client.sent };
}

/** Masks the string at a JSON pointer; other value types are left and reported by the caller's validation. */
function maskAt(target: JsonObject, pointer: string): void {
  const keys = pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: unknown = target;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(current)) return;
    current = current[key];
  }
  const last = keys[keys.length - 1];
  if (last !== undefined && isObject(current) && typeof current[last] === 'string') current[last] = REDACTED;
}
