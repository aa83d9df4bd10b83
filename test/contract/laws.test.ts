import { describe, expect, it } from 'vitest';
import { arkLifecycle } from '../../src/apis/ark/rules.js';
import { JSONRPC_DOCUMENTED_PATHS, jsonrpcLifecycle } from '../../src/apis/jsonrpc/rules.js';
import { PRAXIS_TASKS_DOCUMENT, praxisTaskLifecycle } from '../../src/apis/praxis/rules.js';
import {
  applyLaws,
  checkErrorResponse,
  checkListPage,
  checkTimeline,
  checkWalk,
  type Exchange,
  lawsOf,
  type Snapshot,
} from '../../src/contract/laws/index.js';
import { MAX_PAGES } from '../../src/contract/laws/walk.js';
import { mayFollow } from '../../src/contract/lifecycle.js';
import { fixedOrder } from '../../src/contract/list-order.js';
import { operation } from '../../src/contract/operations.js';
import { arkTask, exchange, jsonrpcTask, praxisSession } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

const ark = operation('ark', 'listTasks', BUILTIN);
const sessions = operation('praxis', 'listSessions', BUILTIN);
const jsonrpc = operation('jsonrpc', 'listTasks', BUILTIN);

const arkItem = (n: number, extra: Record<string, unknown> = {}) => ({
  ...arkTask(),
  task_id: `task-${n}`,
  created_at: 1_764_410_400_000 - n * 1000,
  started_at: 1_764_410_400_000 - n * 1000 + 5,
  ...extra,
});
const lawIds = (violations: { law: string }[]) => [...new Set(violations.map((v) => v.law))].sort();

describe('page laws', () => {
  it('a conforming Ark page has no violations', () => {
    expect(
      checkListPage(ark, exchange({ items: [arkItem(1), arkItem(2)], next_cursor: 2 }, [['limit', '2']]), {
        sessionId: 'sesn-demo',
      }),
    ).toEqual([]);
  });
  it('limit, default limit, filters (comma-separated), session ownership', () => {
    const three = { items: [arkItem(1), arkItem(2), arkItem(3)] };
    expect(lawIds(checkListPage(ark, exchange(three, [['limit', '2']]), {}))).toEqual(['ark.limit-respected']);
    const many = { items: Array.from({ length: 21 }, (_, i) => arkItem(i)) };
    expect(lawIds(checkListPage(ark, exchange(many), {}))).toEqual(['ark.default-limit']);
    const mixed = { items: [arkItem(1), arkItem(2, { state: 'queued', started_at: undefined })] };
    delete (mixed.items[1] as Record<string, unknown>).started_at;
    expect(checkListPage(ark, exchange(mixed, [['state', 'running,queued']]), {})).toEqual([]);
    const foreign = checkListPage(ark, exchange(mixed, [['state', 'running']]), {});
    expect(lawIds(foreign)).toEqual(['ark.filter-state']);
    // Where: the item's member, as a JSON pointer into the body.
    expect(foreign[0]!.instancePath).toBe('/items/1/state');
    expect(lawIds(checkListPage(ark, exchange({ items: [arkItem(1)] }), { sessionId: 'sesn-other' }))).toEqual([
      'ark.items-belong-to-session',
    ]);
  });
  it('a limit above the documented maximum gets at most the maximum', () => {
    // Ark's operation given a maximum of 3, as A2A's pageSize has one of 100.
    const capped = Object.defineProperties({}, Object.getOwnPropertyDescriptors(ark)) as typeof ark;
    Object.assign(capped, { limit: { ...ark.limit, maximum: 3 } });
    const page = (n: number) => ({ items: Array.from({ length: n }, (_, i) => arkItem(i)), next_cursor: 9 });
    const over = checkListPage(capped, exchange(page(4), [['limit', '5']]), {});
    expect(over.map((v) => [v.law, v.message])).toEqual([
      ['ark.limit-respected', '4 items on a page whose limit is 5; the documented maximum is 3'],
    ]);
    expect(checkListPage(capped, exchange(page(3), [['limit', '5']]), {})).toEqual([]);
    expect(checkListPage(ark, exchange(page(4), [['limit', '5']]), {})).toEqual([]);
  });
  it('status, content type and server errors', () => {
    expect(lawIds(checkListPage(ark, exchange({}, [], 503), {}))).toEqual(['ark.not-a-server-error']);
    expect(lawIds(checkListPage(ark, exchange({}, [], 404), {}))).toEqual(['ark.status-code']);
    expect(
      lawIds(checkListPage(ark, { ...exchange(undefined), contentType: 'text/html', bodyError: 'not JSON' }, {})),
    ).toEqual(['ark.content-type']);
    expect(lawIds(checkListPage(ark, { ...exchange({ items: [] }), contentType: 'text/plain' }, {}))).toEqual([
      'ark.content-type',
    ]);
  });
  it('an MCP event stream without the response is reported as such, not as a body that is no JSON', () => {
    const mcp = operation('mcp', 'tasksList', BUILTIN);
    const stream = { ...exchange(undefined), contentType: 'text/event-stream', bodyError: 'body is not JSON' };
    const found = checkListPage(mcp, stream, {}).filter((v) => v.law === 'mcp.content-type');
    expect(found.map((v) => v.message)).toEqual([
      'the 200 event stream carries no JSON-RPC response to the call (body is not JSON)',
    ]);
  });
  it('item rules and the schema are applied to every item with full pointers', () => {
    const found = checkListPage(
      ark,
      exchange({ items: [arkItem(1), arkItem(2, { finished_at: 1_764_410_499_000 })] }),
      {},
    );
    expect(found.map((v) => [v.law, v.instancePath])).toEqual([
      ['ark.finished-at-only-when-terminal', '/items/1/finished_at'],
    ]);
  });
});

describe('what a law judged', () => {
  it('an item rule counts only the objects it constrains; an empty page judges no item rule', () => {
    const judged = (body: unknown, id: string) =>
      applyLaws(ark, 'page', { exchange: exchange(body) }).find((o) => o.law.id === id)?.judgement.judged;
    const queued = arkItem(1, { state: 'queued' });
    delete (queued as Record<string, unknown>).started_at;
    const page = { items: [queued, arkItem(2, { state: 'running' }), arkItem(3, { state: 'running' })] };
    // The mock keeps started_at off queued tasks; a live server is not judged by it (mockOnly): a queued
    // task may have run before.
    expect(judged(page, 'ark.started-at-absent-before-start')).toBeUndefined();
    const requeued = { items: [arkItem(1, { state: 'queued', started_at: 1_764_410_401_000 })] };
    const findings = applyLaws(ark, 'page', { exchange: exchange(requeued) }).flatMap((o) => o.judgement.violations);
    expect(findings).toEqual([]);
    expect(judged(page, 'ark.started-at-present-once-running')).toBe(2);
    expect(judged(page, 'ark.times-are-unix-millis')).toBe(3);
    expect(judged({ items: [] }, 'ark.times-are-unix-millis')).toBe(0);
    expect(judged({ items: [] }, 'ark.status-code')).toBe(1);
  });
});

describe('walk laws', () => {
  const walk = (pages: unknown[], cursors: (string | undefined)[]) => ({
    pages: pages.map((b) => exchange(b)),
    cursors,
  });
  it('accepts a clean newest-first walk', () => {
    expect(
      checkWalk(
        ark,
        walk([{ items: [arkItem(1), arkItem(2)], next_cursor: 2 }, { items: [arkItem(3)] }], ['2', undefined]),
      ),
    ).toEqual([]);
  });
  it('duplicates, order across pages, repeated cursor, endless empty pages', () => {
    expect(
      lawIds(checkWalk(ark, walk([{ items: [arkItem(1), arkItem(2)] }, { items: [arkItem(2)] }], ['2', undefined]))),
    ).toEqual(['ark.no-duplicates-across-pages']);
    expect(lawIds(checkWalk(ark, walk([{ items: [arkItem(3)] }, { items: [arkItem(1)] }], ['1', undefined])))).toEqual([
      'ark.order-newest-first',
    ]);
    expect(lawIds(checkWalk(ark, walk([{ items: [arkItem(1)] }, { items: [arkItem(2)] }], ['7', '7'])))).toEqual([
      'ark.paging-terminates',
    ]);
    // A walk that went to the page cap (40 pages) and still gets empty pages shows no sign of an end.
    const emptyAfter = (pages: number) => ({
      ...walk(
        [{ items: [arkItem(1)] }, ...Array.from({ length: pages - 1 }, () => ({ items: [] }))],
        Array.from({ length: pages }, (_, i) => String(i + 1)),
      ),
      capped: true,
    });
    const endless = emptyAfter(MAX_PAGES);
    expect(lawIds(checkWalk(ark, endless))).toEqual(['ark.paging-terminates']);
    // A walk stopped sooner on purpose (its first pages) may meet a run of empty pages that does end.
    expect(checkWalk(ark, emptyAfter(7))).toEqual([]);
    // A filtered walk may scan many rows that match nothing before it ends: its empty pages are not judged.
    const query: [string, string][] = [
      ['limit', '1'],
      ['state', 'failed'],
    ];
    const scanning = { ...endless, pages: endless.pages.map((page) => ({ ...page, query })) };
    expect(checkWalk(ark, scanning)).toEqual([]);
    // A loop is one still.
    const looping = { ...scanning, cursors: scanning.cursors.map((c) => (c === '4' ? '3' : c)) };
    expect(lawIds(checkWalk(ark, looping))).toEqual(['ark.paging-terminates']);
  });
  it('a short or empty page that still offers a cursor is allowed: the documents only say to stop when none comes back', () => {
    expect(
      checkWalk(ark, walk([{ items: [arkItem(1)] }, { items: [] }, { items: [arkItem(2)] }], ['1', '2', undefined])),
    ).toEqual([]);
  });
  it('sessions are newest first by RFC 3339 created_at', () => {
    const s = (id: string, created: string) => ({ ...praxisSession(), id, created_at: created });
    const pages = [
      { data: [s('sesn_b', '2026-11-29T10:00:00Z'), s('sesn_a', '2026-11-29T11:00:00Z')], next_page: null },
    ];
    // One page shows its own order: the page law finds it, the walk adds nothing for one page.
    expect(lawIds(checkListPage(sessions, exchange(pages[0])))).toContain('praxis.sessions.order-newest-first');
    expect(checkWalk(sessions, walk(pages, [undefined]))).toEqual([]);
  });
  it('a complete filtered walk is exactly the part of the baseline that matches every added filter', () => {
    const t = (id: string, status: string, user = 'u1') => ({ ...jsonrpcTask(), id, status, user_id: user });
    const baseline = [t('a', 'working'), t('b', 'working', 'u2'), t('c', 'completed')];
    const compare = (query: [string, string][], filtered: ReturnType<typeof t>[]) =>
      lawIds(
        applyLaws(jsonrpc, 'comparison', { query, baselineQuery: [['session_id', 's']], filtered, baseline }).flatMap(
          (o) => o.judgement.violations,
        ),
      );
    expect(
      compare(
        [
          ['session_id', 's'],
          ['status', 'working'],
        ],
        [baseline[0]!, baseline[1]!],
      ),
    ).toEqual([]);
    expect(
      compare(
        [
          ['session_id', 's'],
          ['status', 'working'],
          ['user_id', 'u1'],
        ],
        [baseline[0]!],
      ),
    ).toEqual([]);
    expect(
      compare(
        [
          ['session_id', 's'],
          ['status', 'working'],
        ],
        [baseline[0]!, t('z', 'working')],
      ),
    ).toEqual(['jsonrpc.filter-status']);
    expect(
      compare(
        [
          ['session_id', 's'],
          ['status', 'working'],
          ['user_id', 'u1'],
        ],
        [],
      ),
    ).toEqual(['jsonrpc.filter-user_id']);
  });
  it('the first match left out of a filtered list that lists the others says a list may drop its first item', () => {
    const t = (id: string, status: string) => ({ ...jsonrpcTask(), id, status });
    const baseline = [t('a', 'completed'), t('b', 'working'), t('c', 'working'), t('d', 'working')];
    const messages = (filtered: ReturnType<typeof t>[]) =>
      applyLaws(jsonrpc, 'comparison', {
        query: [
          ['session_id', 's'],
          ['status', 'working'],
        ],
        baselineQuery: [['session_id', 's']],
        filtered,
        baseline,
      }).flatMap((o) => o.judgement.violations.map((v) => v.message));
    const hint = /it is the first match in the order the unfiltered list gives, which a list that drops its first/;
    const [first] = messages([baseline[2]!, baseline[3]!]);
    expect(first).toMatch(/^item b .* matches status=working, but the filtered list leaves it out; /);
    expect(first).toMatch(hint);
    // Another match left out, or the first where the filtered list lists nothing: no such hint.
    expect(messages([baseline[1]!, baseline[3]!]).join('\n')).not.toMatch(hint);
    expect(messages([]).join('\n')).not.toMatch(hint);
  });
  it('a task a combination of filters leaves out is reported under the filter that leaves it out alone', () => {
    const t = (id: string, status: string, user = 'u1') => ({ ...jsonrpcTask(), id, status, user_id: user });
    const baseline = [t('a', 'working'), t('b', 'working', 'u2'), t('c', 'completed')];
    const query: [string, string][] = [
      ['session_id', 's'],
      ['status', 'working'],
      ['user_id', 'u1'],
    ];
    const reported = (alone: [string, ReturnType<typeof t>[]][]) =>
      lawIds(
        applyLaws(jsonrpc, 'comparison', {
          query,
          baselineQuery: [['session_id', 's']],
          filtered: [],
          baseline,
          alone: new Map(alone),
        }).flatMap((o) => o.judgement.violations),
      );
    // status alone loses task a: status's, though user_id is the first filter added.
    expect(
      reported([
        ['status', [baseline[1]!]],
        ['user_id', [baseline[0]!, baseline[2]!]],
      ]),
    ).toEqual(['jsonrpc.filter-status']);
    expect(
      reported([
        ['status', [baseline[0]!, baseline[1]!]],
        ['user_id', [baseline[2]!]],
      ]),
    ).toEqual(['jsonrpc.filter-user_id']);
    // Each alone lists it: the combination loses it, reported once, under the first filter added.
    expect(
      reported([
        ['status', [baseline[0]!, baseline[1]!]],
        ['user_id', [baseline[0]!, baseline[2]!]],
      ]),
    ).toEqual(['jsonrpc.filter-user_id']);
  });
});

describe('error laws', () => {
  it('Praxis unsupported filters: 400 invalid_request_error in the Anthropic format', () => {
    const good = {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'order is not supported' },
      request_id: 'req_1',
    };
    const expected = {
      law: 'praxis.sessions.unsupported-filter-400',
      status: 400,
      errorType: 'invalid_request_error',
    } as const;
    expect(checkErrorResponse(sessions, exchange(good, [], 400), expected)).toEqual([]);
    expect(lawIds(checkErrorResponse(sessions, exchange({ data: [], next_page: null }, [], 200), expected))).toEqual([
      'praxis.sessions.unsupported-filter-400',
    ]);
    expect(lawIds(checkErrorResponse(sessions, exchange({ message: 'bad' }, [], 400), expected))).toEqual([
      'praxis.sessions.error-format',
    ]);
    expect(
      lawIds(
        checkErrorResponse(
          sessions,
          exchange({ ...good, error: { type: 'api_error', message: 'x' } }, [], 400),
          expected,
        ),
      ),
    ).toEqual(['praxis.sessions.error-format']);
  });
  it('an MCP refusal in JSON-RPC words; a wrong code is shown against the sentence that names the right one', () => {
    const mcp = operation('mcp', 'tasksList', BUILTIN);
    const rejected = mcp.rejected[0]!;
    const expected = { law: 'mcp.invalid-cursor-rejected', status: 400, errorType: '-32602', source: rejected.source };
    const answered = (body: unknown, status: number) => ({ ...exchange(body, [['cursor', 'x']], status), rpc: {} });
    const page = checkErrorResponse(mcp, answered({ tasks: [] }, 200), expected);
    expect(page.map((v) => [v.law, v.message])).toEqual([
      ['mcp.invalid-cursor-rejected', 'got a result, expected the JSON-RPC error -32602'],
    ]);
    const wrongCode = checkErrorResponse(mcp, answered({ code: -32600, message: 'Invalid Request' }, 400), expected);
    expect(wrongCode.map((v) => [v.law, v.message, v.source.sentence])).toEqual([
      ['mcp.error-format', 'code is -32600, expected -32602', rejected.source.sentence],
    ]);
  });
  it('JSON-RPC 422 needs the FastAPI detail list; Ark accepts any 4xx and any body', () => {
    const expected = { law: 'jsonrpc.invalid-parameter-422', status: 422 } as const;
    expect(
      checkErrorResponse(
        jsonrpc,
        exchange({ detail: [{ loc: ['query', 'limit'], msg: 'x', type: 'int_parsing' }] }, [], 422),
        expected,
      ),
    ).toEqual([]);
    expect(lawIds(checkErrorResponse(jsonrpc, exchange({ detail: 'bad limit' }, [], 422), expected))).toEqual([
      'jsonrpc.error-format',
    ]);
    expect(lawIds(checkErrorResponse(jsonrpc, exchange({ detail: [] }, [], 400), expected))).toEqual([
      'jsonrpc.invalid-parameter-422',
    ]);
    const arkExpected = { law: 'ark.invalid-limit-rejected', status: '4xx' } as const;
    expect(checkErrorResponse(ark, exchange('nope', [], 400), arkExpected)).toEqual([]);
    expect(lawIds(checkErrorResponse(ark, exchange({ items: [] }, [], 200), arkExpected))).toEqual([
      'ark.invalid-limit-rejected',
    ]);
    expect(lawIds(checkErrorResponse(ark, exchange({}, [], 500), arkExpected))).toEqual(['ark.not-a-server-error']);
  });
});

describe('lifecycles and time', () => {
  it('JSON-RPC allows the documented paths ("常见情况", common cases) and more, but no way back to created or out of an end', () => {
    for (const path of JSONRPC_DOCUMENTED_PATHS)
      for (let i = 0; i + 1 < path.length; i++)
        expect((jsonrpcLifecycle.transitions as Readonly<Record<string, readonly string[]>>)[path[i]!]).toContain(
          path[i + 1],
        );
    expect(jsonrpcLifecycle.transitions.created).not.toContain('failed');
    for (const end of jsonrpcLifecycle.terminal) {
      expect(jsonrpcLifecycle.transitions[end]).toBeUndefined();
      expect(mayFollow(jsonrpcLifecycle, end, 'working')).toBe(false);
    }
    for (const state of jsonrpcLifecycle.states.filter((s) => s !== 'created'))
      expect(mayFollow(jsonrpcLifecycle, state, 'created'), state).toBe(false);
    expect(mayFollow(jsonrpcLifecycle, 'created', 'failed')).toBe(true); // via working, between two polls
    // Queued again after input or after working: no sentence rules it out.
    expect(mayFollow(jsonrpcLifecycle, 'input-required', 'queued')).toBe(true);
    expect(mayFollow(jsonrpcLifecycle, 'working', 'queued')).toBe(true);
  });
  it("an Ark task's started_at is settled once it ended: it may move while the task is live", () => {
    const judge = (before: Record<string, unknown>, after: Record<string, unknown>) =>
      applyLaws(ark, 'observation', { id: 'task-1', before: arkItem(1, before), after: arkItem(1, after) })
        .filter((o) => o.law.id === 'ark.final-content-fixed')
        .flatMap((o) => o.judgement.violations.map((v) => v.message));
    const done = { state: 'succeeded', finished_at: 1_764_410_500_000 };
    expect(judge(done, { ...done, started_at: 1_764_410_450_000 })).toEqual([
      'task-1: /started_at changed from 1764410399005 to 1764410450000 while the task stayed succeeded, which is ' +
        'not processed further',
    ]);
    expect(judge(done, done)).toEqual([]);
    // Running twice, or queued again and started anew: the later start is not judged.
    expect(judge({ state: 'running' }, { state: 'running', started_at: 1_764_410_450_000 })).toEqual([]);
  });
  it('an Ark unknown task may come back to running; a finished one never runs again', () => {
    expect(mayFollow(arkLifecycle, 'unknown', 'running')).toBe(true);
    expect(mayFollow(arkLifecycle, 'succeeded', 'running')).toBe(false);
    expect(mayFollow(praxisTaskLifecycle, 'result_pending', 'completed')).toBe(true);
    expect(mayFollow(praxisTaskLifecycle, 'completed', 'result_pending')).toBe(false);
  });
  it('timeline: lifecycle, immutable fields, times that go back', () => {
    const snap = (...tasks: Record<string, unknown>[]): Snapshot => new Map(tasks.map((t) => [String(t.id), t]));
    const t0 = jsonrpcTask();
    expect(checkTimeline(jsonrpc, snap(t0), snap({ ...t0, status: 'completed' }))).toEqual([]);
    expect(lawIds(checkTimeline(jsonrpc, snap({ ...t0, status: 'completed' }), snap(t0)))).toEqual([
      'jsonrpc.lifecycle-forward',
    ]);
    expect(lawIds(checkTimeline(jsonrpc, snap(t0), snap({ ...t0, user_id: 'someone' })))).toEqual([
      'jsonrpc.immutable-fields',
    ]);
    const a: Record<string, unknown> = { ...arkTask(), id: 'x' };
    const arkSnap = (t: Record<string, unknown>): Snapshot => new Map([[String(t.task_id), t]]);
    expect(
      lawIds(checkTimeline(ark, arkSnap(a), arkSnap({ ...a, started_at: (a.started_at as number) - 10 }))),
    ).toEqual(['ark.times-never-go-back']);
  });

  it('a Praxis task lost with no end may be found running; one lost with an end, or one ended, may not', () => {
    const tasks = operation('praxis', 'listBackgroundTasks', BUILTIN);
    const snap = (task: Record<string, unknown>): Snapshot => new Map([['bgt_1', task]]);
    const task = { id: 'bgt_1', kind: 'bash', started_at: '2026-01-01T00:00:00Z', cancellable: false };
    const found = { ...task, status: 'running', ended_at: null };
    expect(checkTimeline(tasks, snap({ ...task, status: 'lost', ended_at: null }), snap(found))).toEqual([]);
    const lostAt = { ...task, status: 'lost', ended_at: '2026-01-01T00:05:00Z' };
    expect(lawIds(checkTimeline(tasks, snap(lostAt), snap(found)))).toEqual([
      'praxis.background-tasks.past-events-fixed',
    ]);
    const failed = { ...task, status: 'failed', ended_at: '2026-01-01T00:05:00Z' };
    expect(lawIds(checkTimeline(tasks, snap(failed), snap({ ...failed, status: 'running' })))).toEqual([
      'praxis.background-tasks.lifecycle-forward',
    ]);
  });

  it('one instant written two ways (.126Z, .126000Z, +08:00) is no change of an immutable or past-event time', () => {
    const tasks = operation('praxis', 'listBackgroundTasks', BUILTIN);
    const t = { id: 'bgt_1', kind: 'bash', status: 'completed', started_at: '2026-01-01T00:00:00Z' };
    const snap = (task: Record<string, unknown>): Snapshot => new Map([['bgt_1', task]]);
    const ended = { ...t, ended_at: '2026-01-01T08:05:13.126Z' };
    for (const same of ['2026-01-01T08:05:13.126000Z', '2026-01-01T16:05:13.126+08:00'])
      expect(
        checkTimeline(tasks, snap(ended), snap({ ...ended, started_at: '2026-01-01T00:00:00.000Z', ended_at: same })),
      ).toEqual([]);
    // Another instant, however written, is still a change.
    expect(
      lawIds(checkTimeline(tasks, snap(ended), snap({ ...ended, ended_at: '2026-01-01T08:05:13.127000Z' }))),
    ).toEqual(['praxis.background-tasks.past-events-fixed']);
    expect(lawIds(checkTimeline(tasks, snap(ended), snap({ ...ended, started_at: '2026-01-01T00:00:01Z' })))).toContain(
      'praxis.background-tasks.immutable-fields',
    );
  });

  it('reads state, times and fixed fields at nested paths, and points at them (status.state, status.at)', () => {
    // Ark's operation (its contract kept), its fields moved under objects as A2A nests its state and time.
    const nested = Object.defineProperties({}, Object.getOwnPropertyDescriptors(ark)) as typeof ark;
    Object.assign(nested, {
      stateField: '/status/state',
      timeFields: ['/status/at'],
      pastEventFields: ['/status/ended_at'],
      immutableFields: ['/origin/created_at'],
    });
    const t = { task_id: 'x', status: { state: 'succeeded', at: 2000, ended_at: 1900 }, origin: { created_at: 1000 } };
    const snap = (task: Record<string, unknown>): Snapshot => new Map([['x', task]]);
    const later = {
      ...t,
      status: { state: 'running', at: 1500, ended_at: 1950 },
      origin: { created_at: 1001 },
    };
    const found = checkTimeline(nested, snap(t), snap(later));
    expect(lawIds(found)).toEqual([
      'ark.immutable-fields',
      'ark.lifecycle-forward',
      'ark.past-events-fixed',
      'ark.times-never-go-back',
    ]);
    expect(found.map((v) => v.instancePath).sort()).toEqual([
      '/origin/created_at',
      '/status/at',
      '/status/ended_at',
      '/status/state',
    ]);
  });

  it('a Praxis notified_at once given is never null again; a later time is no break', () => {
    const tasks = operation('praxis', 'listBackgroundTasks', BUILTIN);
    const t = { id: 'bgt_1', kind: 'bash', status: 'running', started_at: '2026-01-01T00:00:00Z' };
    const snap = (task: Record<string, unknown>): Snapshot => new Map([['bgt_1', task]]);
    const notified = { ...t, notified_at: '2026-01-01T00:01:00Z' };
    expect(checkTimeline(tasks, snap(notified), snap({ ...t, notified_at: '2026-01-01T00:02:00Z' }))).toEqual([]);
    expect(checkTimeline(tasks, snap({ ...t, notified_at: null }), snap(notified))).toEqual([]);
    expect(checkTimeline(tasks, snap(notified), snap({ ...t, notified_at: null })).map((v) => v.message)).toEqual([
      'bgt_1: /notified_at went back from "2026-01-01T00:01:00Z" to null, which says it never happened ' +
        `(${PRAXIS_TASKS_DOCUMENT}: "notified_at: RFC 3339 time of the latest run that the task's notification ` +
        'started; null while no notification has been delivered.")',
    ]);
  });

  it('the tool call that produced an Ark task is fixed: its name and tool_use_id, read inside tool; its description may come', () => {
    const arkSnap = (t: Record<string, unknown>): Snapshot => new Map([[String(t.task_id), t]]);
    const a = { ...arkTask(), tool: { name: 'bash', tool_use_id: 'toolu_1' } };
    const found = (tool: Record<string, unknown>) => checkTimeline(ark, arkSnap(a), arkSnap({ ...a, tool }));
    expect(found({ name: 'bash', tool_use_id: 'toolu_1', description: 'Runs the build' })).toEqual([]);
    expect(found({ name: 'video_generate', tool_use_id: 'toolu_1' }).map((v) => [v.law, v.instancePath])).toEqual([
      ['ark.creation-snapshot-fixed', '/tool/name'],
    ]);
    expect(found({ name: 'bash', tool_use_id: 'toolu_2' }).map((v) => v.law)).toEqual(['ark.stable-tool-use-id']);
    // Given in one read and not the next: the document does not say an id once available stays.
    expect(found({ name: 'bash' })).toEqual([]);
  });
});

describe('laws between objects', () => {
  const session = (id: string, createdAt: string, extra: Record<string, unknown> = {}) => ({
    ...praxisSession(),
    id,
    created_at: createdAt,
    updated_at: createdAt,
    ...extra,
  });
  const outcome = (found: ReturnType<typeof applyLaws>, id: string) => found.find((o) => o.law.id === id)!.judgement;

  it('a fork on one page and its source on another are judged together; a source never listed is not', () => {
    const source = session('sesn_src', '2026-11-29T10:00:00Z', { cwd: '/srv/app' });
    const fork = session('sesn_fork', '2026-11-29T09:00:00Z', {
      cwd: '/srv/other',
      forked_from: { session_id: 'sesn_src' },
    });
    const orphan = session('sesn_orphan', '2026-11-29T08:00:00Z', { forked_from: { session_id: 'sesn_archived' } });
    const walk = {
      pages: [exchange({ data: [source], next_page: 'p2' }), exchange({ data: [fork, orphan], next_page: null })],
      cursors: ['p2', undefined],
    };
    expect(lawIds(checkWalk(sessions, walk))).toEqual(['praxis.sessions.fork-after-source']);
    expect(outcome(applyLaws(sessions, 'walk', { walk }), 'praxis.sessions.fork-after-source').judged).toBe(1);
  });

  it('every object the run saw: a previous task created later is found though no one walk listed both', () => {
    const previous = { ...jsonrpcTask(), id: 'task_a', created_at: 1_764_410_500 };
    const next = { ...jsonrpcTask(), id: 'task_b', created_at: 1_764_410_400, previous_task_id: 'task_a' };
    const found = applyLaws(jsonrpc, 'seen', { items: [previous, next] });
    expect(outcome(found, 'jsonrpc.previous-task-earlier').violations.map((v) => v.message)).toEqual([
      'task task_b (created 1764410400) names task_a as its previous task, created later (1764410500) (among every object the run saw)',
    ]);
    expect(outcome(applyLaws(jsonrpc, 'seen', { items: [next] }), 'jsonrpc.previous-task-earlier').judged).toBe(0);
  });
});

describe('a session an item links to', () => {
  const everruns = operation('everruns', 'listTasks', BUILTIN);
  const linked = (status: number, state = 'running') =>
    applyLaws(everruns, 'linked', {
      field: '/links/child_session_id',
      id: 'sess_child',
      from: 'task_1',
      state,
      exchange: exchange(status === 200 ? [] : { error: { code: 'not_found' } }, [], status),
    }).find((o) => o.law.id === 'everruns.linked-session-exists')!.judgement;

  it('answered as an unknown session (404): the child session a started task links to does not exist', () => {
    expect(linked(404).violations.map((v) => v.message)).toEqual([
      'task_1 is running and its /links/child_session_id names the session sess_child, which listTasks answers 404 ' +
        'for, as a session that does not exist',
    ]);
  });

  it('answered with its list, or refused otherwise (403), or a server error: nothing found', () => {
    expect(linked(200)).toEqual({ judged: 1, violations: [] });
    expect(linked(403)).toEqual({ judged: 1, violations: [] });
    expect(linked(503).judged).toBe(0);
  });
});

describe('two reads of a list', () => {
  const reread = (before: unknown[], after: unknown[], op = ark) => {
    const walkOf = (items: unknown[]) => ({ pages: [exchange({ items })], cursors: [undefined] });
    return applyLaws(op, 'reread', { before: walkOf(before), after: walkOf(after) }).find((o) =>
      o.law.id.endsWith('.ids-stable'),
    )!.judgement;
  };

  it('an object gone beside a new one the same in every other member is the same object under another id', () => {
    const moved = arkItem(2, { description: 'see task-2/result.json' });
    const found = reread([arkItem(1), moved], [arkItem(1), { ...moved, task_id: 'task-2b' }]);
    // A mention of the id inside the object is part of its id, not another difference.
    const renamed = { ...moved, task_id: 'task-2b', description: 'see task-2b/result.json' };
    const mentioned = reread([arkItem(1), moved], [arkItem(1), renamed]);
    expect(found.violations.map((v) => [v.message, v.pages])).toEqual([
      [
        'task-2 is listed as task-2b when the list is read again, every other member the same: /task_id identifies ' +
          'one object, and the object keeps it',
        [0, 1],
      ],
    ]);
    expect(mentioned.violations).toHaveLength(1);
  });

  it('an object that leaves beside another that comes, two alike that stay, or an empty read: nothing found', () => {
    expect(reread([arkItem(1), arkItem(2)], [arkItem(1), arkItem(3)])).toEqual({ judged: 1, violations: [] });
    const twin = { ...arkItem(1), task_id: 'task-twin' };
    expect(reread([arkItem(1), twin], [arkItem(1), twin]).violations).toEqual([]);
    expect(reread([], [arkItem(1)]).judged).toBe(0);
  });

  it('one gone beside a new one the same in every member that never changes, its state moved on: renamed', () => {
    const moved = { ...arkItem(2), task_id: 'task-9', state: 'failed' };
    expect(reread([arkItem(1), arkItem(2)], [arkItem(1), moved]).violations.map((v) => v.message)).toEqual([
      'task-2 is listed as task-9 when the list is read again, with the same /created_at, /session_id, ' +
        '/session_thread_id, which never change: /task_id identifies one object, and the object keeps it',
    ]);
    // Two objects of a read alike in those members: which one the new one is cannot be told.
    const twin = { ...arkItem(2), task_id: 'task-2t' };
    expect(reread([arkItem(2), twin], [arkItem(2), moved]).violations).toEqual([]);
    // Another creation time: another object.
    expect(reread([arkItem(2)], [{ ...arkItem(3), task_id: 'task-9', state: 'failed' }]).violations).toEqual([]);
  });

  it('times written in seconds: a look-alike counts only if born before the newest object of the first read', () => {
    // Tasks created in one second may be alike in every member, and one may be deleted as another is created.
    const task = (n: number, id = `task_${n}`) => ({ ...jsonrpcTask(), id, created_at: 1_764_410_400 - n });
    const once = (read: unknown[], again: unknown[]) => {
      const walkOf = (result: unknown[]) => ({
        pages: [exchange({ jsonrpc: '2.0', id: 1, result })],
        cursors: [undefined],
      });
      const outcomes = applyLaws(jsonrpc, 'reread', { before: walkOf(read), after: walkOf(again) });
      return outcomes.find((o) => o.law.id === 'jsonrpc.ids-stable')!.judgement.violations;
    };
    // task_1, the newest, gone as a look-alike of it comes: created again in its second.
    expect(once([task(1), task(2)], [task(1, 'task_1b'), task(2)])).toEqual([]);
    // task_2 was created a second before the newest: a new task of its second would have been listed.
    expect(once([task(1), task(2)], [task(1), task(2, 'task_2b')])).toHaveLength(1);
    expect(once([task(1), task(2)], [task(1, 'task_1b'), task(2, 'task_2b')])).toHaveLength(2);
    // Milliseconds (Ark's unit, even at a whole second) tell them apart: the newest is renamed too.
    expect(
      reread([arkItem(1), arkItem(2)], [{ ...arkItem(1), task_id: 'task-1b' }, arkItem(2)]).violations,
    ).toHaveLength(1);
  });
});

describe('evidence: which answers show a finding', () => {
  const walk = (pages: unknown[], cursors: (string | undefined)[]) => ({
    pages: pages.map((b) => exchange(b)),
    cursors,
  });
  const only = <V extends { law: string }>(found: V[], rule: string) => found.filter((v) => v.law === rule);

  it('an oldest-first page is a page finding (no pages named); a newer item after a page names both pages', () => {
    const page = checkListPage(ark, exchange({ items: [arkItem(3), arkItem(1)] }));
    expect(only(page, 'ark.order-newest-first').map((v) => [v.instancePath, v.pages])).toEqual([
      ['/items/1', undefined],
    ]);
    expect(only(page, 'ark.order-newest-first')[0]!.message).toContain('on the same page');
    const across = checkWalk(
      ark,
      walk([{ items: [arkItem(3)] }, { items: [] }, { items: [arkItem(1)] }], ['a', 'b', undefined]),
    );
    expect(only(across, 'ark.order-newest-first').map((v) => v.pages)).toEqual([[0, 2]]);
    expect(only(across, 'ark.order-newest-first')[0]!.message).toMatch(/first on page 3, .* last on page 1/);
  });

  it('a duplicate names the page it was first on and the page it came back on; a loop the two pages offering it', () => {
    const twice = checkWalk(
      ark,
      walk([{ items: [arkItem(1)] }, { items: [arkItem(2)] }, { items: [arkItem(1)] }], ['1', '2', undefined]),
    );
    expect(only(twice, 'ark.no-duplicates-across-pages').map((v) => v.pages)).toEqual([[0, 2]]);
    const loop = checkWalk(ark, walk([{ items: [arkItem(1)] }, { items: [arkItem(2)] }], ['7', '7']));
    expect(only(loop, 'ark.paging-terminates').map((v) => v.pages)).toEqual([[0, 1]]);
  });

  it('objects seen apart name the answers each was seen in', () => {
    const previous = { ...jsonrpcTask(), id: 'task_a', created_at: 1_764_410_500 };
    const other = { ...jsonrpcTask(), id: 'task_c', created_at: 1_764_410_450 };
    const next = { ...jsonrpcTask(), id: 'task_b', created_at: 1_764_410_400, previous_task_id: 'task_a' };
    const found = applyLaws(jsonrpc, 'seen', { items: [previous, other, next] });
    const judgement = found.find((o) => o.law.id === 'jsonrpc.previous-task-earlier')!.judgement;
    expect(judgement.violations.map((v) => v.pages)).toEqual([[0, 2]]);
  });
});

describe('cursor laws that hold in any order', () => {
  const task = (id: string, created: number) => ({ ...jsonrpcTask(), id, created_at: created });
  const page = (ids: string[], query: [string, string][]) =>
    exchange({ jsonrpc: '2.0', id: null, result: ids.map((id, i) => task(id, 1_764_410_400 + i)) }, query);
  const bound = (e: Exchange) =>
    applyLaws(jsonrpc, 'page', { exchange: e }).find((o) => o.law.id === 'jsonrpc.cursor-exclusive')!;

  it('the task starting_after or ending_before names is never on the page it bounds, whatever its order', () => {
    for (const param of ['starting_after', 'ending_before'])
      for (const ids of [
        ['task_b', 'task_x', 'task_c'],
        ['task_x', 'task_c', 'task_b'],
      ]) {
        const { judgement } = bound(page(ids, [[param, 'task_x']]));
        expect(judgement.judged).toBe(1);
        expect(judgement.violations.map((v) => v.message)).toEqual([
          `${param}=task_x bounds this page, and the page lists task_x itself`,
        ]);
      }
    expect(bound(page(['task_c', 'task_b'], [['starting_after', 'task_x']])).judgement).toEqual({
      judged: 1,
      violations: [],
    });
    // A page no cursor bounds says nothing about one.
    expect(bound(page(['task_x'], [])).judgement.judged).toBe(0);
  });

  it('a list walked to its end at two page sizes gives the same items, in any order; what one skipped is named with the pages', () => {
    const resized = (a: string[][], b: string[][]) => ({
      walks: [walkOf(a), walkOf(b)] as const,
      sizes: ['no limit', 'limit=2'] as const,
    });
    const walkOf = (pages: string[][]) => ({
      pages: pages.map((ids) => page(ids, [])),
      cursors: pages.map((_, i) => (i < pages.length - 1 ? `c${i}` : undefined)),
    });
    const skips = (a: string[][], b: string[][]) =>
      applyLaws(jsonrpc, 'resized', resized(a, b)).find((o) => o.law.id === 'jsonrpc.paging-skips-nothing')!.judgement;
    expect(skips([['task_a', 'task_b', 'task_c']], [['task_c', 'task_a'], ['task_b']])).toEqual({
      judged: 1,
      violations: [],
    });
    const gap = skips([['task_a', 'task_b', 'task_c']], [['task_a'], ['task_c']]);
    expect(gap.violations.map((v) => [v.message, v.pages])).toEqual([
      [
        'item task_b is on page 1 of the walk with no limit, but on none of the 2 pages of the walk to the end ' +
          'with limit=2: that walk skipped it',
        [0, 1, 2],
      ],
    ]);
    // Praxis background tasks and Everruns do not page: the law is not theirs.
    expect(lawsOf(operation('everruns', 'listTasks', BUILTIN)).some((l) => l.id.endsWith('paging-skips-nothing'))).toBe(
      false,
    );
  });
});

describe('a walk stopped after its first pages (capped) owes what its order puts before its last item', () => {
  // Newest first by created_at: session n was created n hours after midnight.
  const s = (n: number) => ({
    ...praxisSession(),
    id: `sesn_${n}`,
    created_at: `2026-11-29T${String(n).padStart(2, '0')}:00:00Z`,
  });
  const walkOf = (pages: number[][], capped: boolean) => ({
    pages: pages.map((ns) => exchange({ data: ns.map(s), next_page: 'more' }, [['limit', '1']])),
    cursors: pages.map(() => 'more'),
    capped,
  });
  const skips = (whole: number[][], first: number[][]) =>
    applyLaws(sessions, 'resized', {
      walks: [{ ...walkOf(whole, false), cursors: whole.map(() => undefined) }, walkOf(first, true)],
      sizes: ['no limit', 'limit=1'],
    })
      .find((o) => o.law.id === 'praxis.sessions.paging-skips-nothing')!
      .judgement.violations.map((v) => v.message);

  it('an item newer than the last of the first pages and missing from them is skipped; older ones are not owed', () => {
    expect(skips([[9, 8, 7, 6, 5]], [[9], [8], [7]])).toEqual([]);
    expect(skips([[9, 8, 7, 6, 5]], [[9], [7], [6]])).toEqual([
      'item sesn_8 is on page 1 of the walk with no limit, but on none of the first 3 pages of the walk with ' +
        'limit=1 (stopped there), though the documented order (newest first by /created_at) puts it before their ' +
        'last item: that walk skipped it',
    ]);
  });

  it('an item with the same time as the last, or walks out of their order, owe nothing', () => {
    const tie = (n: number, at: number) => ({ ...s(n), created_at: s(at).created_at });
    const pages = (items: object[][], capped: boolean) => ({
      pages: items.map((data) => exchange({ data, next_page: capped ? 'more' : null })),
      cursors: items.map(() => (capped ? 'more' : undefined)),
      capped,
    });
    const judged = (whole: object[][], first: object[][]) =>
      applyLaws(sessions, 'resized', {
        walks: [pages(whole, false), pages(first, true)],
        sizes: ['no limit', 'limit=1'],
      }).find((o) => o.law.id === 'praxis.sessions.paging-skips-nothing')!.judgement.violations;
    // sesn_7 and sesn_6 were created at one time: the first pages may end on either.
    expect(judged([[s(9), tie(7, 7), tie(6, 7), s(5)]], [[s(9)], [tie(6, 7)]])).toEqual([]);
    // The first pages out of their order: the order law reports it, this one owes nothing.
    expect(judged([[s(9), s(8), s(7)]], [[s(7)], [s(9)]])).toEqual([]);
    // An item the first pages list and the walk to the end does not: that walk skipped it, as between two ends.
    expect(judged([[s(9), s(7)]], [[s(9)], [s(8)]]).map((v) => v.value)).toEqual(['sesn_8']);
  });

  it('an order by a time that moves (not among the fields that never change) owes nothing', () => {
    // As A2A's status timestamp: an item whose time moved between the two walks moved in the list too.
    const moving = { ...sessions, immutableFields: sessions.immutableFields.filter((f) => f !== '/created_at') };
    const violations = applyLaws(moving, 'resized', {
      walks: [{ ...walkOf([[9, 8, 7, 6, 5]], false), cursors: [undefined] }, walkOf([[9], [7], [6]], true)],
      sizes: ['no limit', 'limit=1'],
    }).find((o) => o.law.id === 'praxis.sessions.paging-skips-nothing')!.judgement.violations;
    expect(violations).toEqual([]);
    // And its statement promises no debt of the first pages.
    const law = (o: typeof sessions) => lawsOf(o).find((l) => l.id === 'praxis.sessions.paging-skips-nothing')!;
    expect(law(sessions).statement).toContain('its first pages give every item its order puts before their last');
    expect(law(moving).statement).not.toContain('its first pages');
  });

  it('an order whose tie-breaker can change is no fixed order either', () => {
    const ties = { field: '/status', direction: 'ascending' } as const;
    expect(fixedOrder({ ...sessions, order: { ...sessions.order!, ties } })).toBeUndefined();
    expect(fixedOrder({ ...sessions, order: { ...sessions.order!, ties: { ...ties, field: '/id' } } })).toBeDefined();
  });
});

describe('the catalogue: every definition on every operation it applies to', () => {
  it('an operation the catalogue was not built with gets its laws from the same definitions', () => {
    const added = { ...ark };
    expect(lawsOf(added)).not.toBe(lawsOf(ark));
    expect(lawsOf(added).map((l) => l.id)).toEqual(lawsOf(ark).map((l) => l.id));
    const three = exchange({ items: [arkItem(1), arkItem(2), arkItem(3)] }, [['limit', '2']]);
    expect(lawIds(checkListPage(added, three, {}))).toEqual(['ark.limit-respected']);
  });
  it('a law whose appliesTo fails on an operation is not instantiated for it', () => {
    const ids = lawsOf({ ...ark, limit: undefined }).map((l) => l.id);
    expect(ids).not.toContain('ark.limit-respected');
    expect(ids).not.toContain('ark.default-limit');
    expect(ids).toContain('ark.items-belong-to-session');
  });
});
