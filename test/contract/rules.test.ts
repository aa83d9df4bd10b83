import { describe, expect, it } from 'vitest';
import { ITEM_RULES } from '../../src/apis/index.js';
import { checkItem, type JsonObject } from '../../src/contract/index.js';
import { validateComponent } from '../../src/contract/validate.js';
import { arkTask, everrunsTask, jsonrpcTask, praxisSession, praxisTask } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

/** For every rule: objects that conform and objects that break it (and the runner's schema still accepts). */
const EXAMPLES: Record<string, { component: string; good: JsonObject[]; bad: JsonObject[] }> = {
  'praxis.ended-at-null-exactly-while-running': {
    component: 'BackgroundTask',
    good: [
      praxisTask(),
      { ...praxisTask(), status: 'completed', cancellable: false, ended_at: '2026-11-29T10:01:00Z' },
      // A lost task's record may not know when (or whether) it ended.
      { ...praxisTask(), status: 'lost', cancellable: false },
    ],
    bad: [
      { ...praxisTask(), ended_at: '2026-11-29T10:01:00Z' },
      { ...praxisTask(), status: 'failed', cancellable: false },
      { ...praxisTask(), status: 'result_pending', cancellable: false },
    ],
  },
  'praxis.cancellable-only-when-running': {
    component: 'BackgroundTask',
    good: [praxisTask(), { ...praxisTask(), cancellable: false }],
    bad: [{ ...praxisTask(), status: 'lost', ended_at: '2026-11-29T10:01:00Z', cancellable: true }],
  },
  'praxis.trigger-count-only-for-monitors': {
    component: 'BackgroundTask',
    good: [{ ...praxisTask(), kind: 'monitor', trigger_count: 3 }, praxisTask()],
    bad: [{ ...praxisTask(), trigger_count: 0 }],
  },
  'praxis.thread-id-only-for-subagents': {
    component: 'BackgroundTask',
    good: [{ ...praxisTask(), kind: 'subagent', thread_id: 'thread_7' }, praxisTask()],
    bad: [{ ...praxisTask(), kind: 'monitor', thread_id: 'thread_7' }],
  },
  'praxis.session-environment-xor-computer': {
    component: 'Session',
    good: [
      praxisSession(),
      (() => {
        const s = praxisSession();
        delete s.environment_id;
        return { ...s, computer_id: 'cmp_1' };
      })(),
    ],
    bad: [{ ...praxisSession(), computer_id: 'cmp_1' }],
  },
  'praxis.session-list-excludes-archived': {
    component: 'Session',
    good: [praxisSession()],
    bad: [{ ...praxisSession(), archived_at: '2026-11-29T11:00:00Z' }],
  },
  'everruns.input-request-only-while-awaiting-input': {
    component: 'Task',
    good: [
      { ...everrunsTask(), state: 'awaiting_input', input_request: { id: 'ask_1', prompt: 'Which branch?' } },
      everrunsTask(),
    ],
    bad: [{ ...everrunsTask(), input_request: { id: 'ask_1', prompt: 'Which branch?' } }],
  },
  'everruns.attempt-starts-at-1': {
    component: 'Task',
    good: [everrunsTask(), { ...everrunsTask(), attempt: 4 }],
    bad: [
      { ...everrunsTask(), attempt: 0 },
      { ...everrunsTask(), attempt: -3 },
    ],
  },
  'everruns.result-path-shape': {
    component: 'Task',
    good: [{ ...everrunsTask(), result_path: '/.tasks/task_01/result.json' }, everrunsTask()],
    bad: [
      { ...everrunsTask(), result_path: '/.tasks/task_02/result.json' },
      { ...everrunsTask(), result_path: 'result.json' },
    ],
  },
  'everruns.error-only-when-failed-or-canceled': {
    component: 'Task',
    good: [
      { ...everrunsTask(), state: 'failed', error: { kind: 'timeout', message: 'took too long' } },
      { ...everrunsTask(), state: 'canceled', error: { kind: 'orphaned', message: 'worker gone' } },
    ],
    bad: [
      { ...everrunsTask(), error: { kind: 'orphaned', message: 'worker gone' } },
      { ...everrunsTask(), state: 'succeeded', error: { kind: 'orphaned', message: 'x' } },
    ],
  },
  'everruns.root-session-not-self': {
    component: 'Task',
    good: [{ ...everrunsTask(), root_session_id: 'root' }, everrunsTask()],
    bad: [{ ...everrunsTask(), root_session_id: 'demo' }],
  },
  'ark.started-at-absent-before-start': {
    component: 'Task',
    good: [
      (() => {
        const t = arkTask();
        delete t.started_at;
        return { ...t, state: 'queued' };
      })(),
    ],
    bad: [{ ...arkTask(), state: 'queued' }],
  },
  'ark.started-at-present-once-running': {
    component: 'Task',
    good: [arkTask()],
    bad: [
      (() => {
        const t = arkTask();
        delete t.started_at;
        return t;
      })(),
    ],
  },
  'ark.started-at-present-once-succeeded': {
    component: 'Task',
    good: [
      { ...arkTask(), state: 'succeeded', finished_at: 1_764_410_402_000 },
      (() => {
        const t = arkTask();
        delete t.started_at;
        return { ...t, state: 'cancelled', finished_at: 1_764_410_402_000 };
      })(),
    ],
    bad: [
      (() => {
        const t = arkTask();
        delete t.started_at;
        return { ...t, state: 'succeeded', finished_at: 1_764_410_402_000 };
      })(),
    ],
  },
  'ark.finished-at-only-when-terminal': {
    component: 'Task',
    good: [arkTask(), { ...arkTask(), state: 'succeeded', finished_at: 1_764_410_402_000 }],
    bad: [
      { ...arkTask(), finished_at: 1_764_410_402_000 },
      { ...arkTask(), state: 'unknown', finished_at: 1_764_410_402_000 },
    ],
  },
  'ark.finished-at-when-terminal': {
    component: 'Task',
    good: [{ ...arkTask(), state: 'cancelled', finished_at: 1_764_410_402_000 }],
    bad: [{ ...arkTask(), state: 'succeeded' }],
  },
  'ark.error-only-when-failed-cancelled-or-unknown': {
    component: 'Task',
    good: [{ ...arkTask(), state: 'unknown', error_code: 'upstream', error_message: 'lost contact' }],
    bad: [
      { ...arkTask(), error_code: 'timeout' },
      { ...arkTask(), state: 'succeeded', finished_at: 1_764_410_402_000, error_message: 'x' },
    ],
  },
  'ark.times-are-unix-millis': {
    component: 'Task',
    // 2001-08-28 in milliseconds has 12 digits: still milliseconds, not seconds.
    good: [arkTask(), { ...arkTask(), created_at: 999_000_029_000, started_at: 999_000_030_000 }],
    bad: [
      { ...arkTask(), created_at: 1_764_410_400 },
      { ...arkTask(), created_at: 999_000_029 },
      { ...arkTask(), started_at: 1_764_410_400_000_000 },
    ],
  },
  'jsonrpc.input-required-call-ids-only-while-input-required': {
    component: 'Task',
    good: [
      { ...jsonrpcTask(), status: 'input-required', input_required_call_ids: ['call_1'] },
      { ...jsonrpcTask(), input_required_call_ids: [] },
    ],
    bad: [{ ...jsonrpcTask(), input_required_call_ids: ['call_1'] }],
  },
  'jsonrpc.created-at-unix-seconds': {
    component: 'Task',
    // 2001-08-28 in seconds has 9 digits: still seconds.
    good: [jsonrpcTask(), { ...jsonrpcTask(), created_at: 999_000_040 }],
    bad: [
      { ...jsonrpcTask(), created_at: 1_764_410_400_000 },
      { ...jsonrpcTask(), created_at: 999_000_040_000 },
    ],
  },
  'jsonrpc.envelope-result-xor-error': {
    component: 'ListTasksResponse',
    good: [
      { jsonrpc: '2.0', id: 1, result: [] },
      { jsonrpc: '2.0', id: 1, result: [], error: null },
      { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x' } },
    ],
    bad: [{ jsonrpc: '2.0', id: 1, result: [], error: { code: -32000, message: 'x' } }],
  },
  'praxis.session-cwd-normalized': {
    component: 'Session',
    good: [
      praxisSession(),
      { ...praxisSession(), cwd: '/home/user/workspace' },
      { ...praxisSession(), cwd: '/' },
      { ...praxisSession(), cwd: '/srv/app/' },
      { ...praxisSession(), cwd: '../shared' },
    ],
    bad: [
      { ...praxisSession(), cwd: '/home/user//workspace' },
      { ...praxisSession(), cwd: '/home/./user' },
      { ...praxisSession(), cwd: '/home/user/../root' },
      { ...praxisSession(), cwd: '/..' },
      { ...praxisSession(), cwd: '' },
    ],
  },
  'praxis.session-budget-names-its-ceiling': {
    component: 'Session',
    good: [
      praxisSession(),
      { ...praxisSession(), budget: null },
      { ...praxisSession(), budget: { type: 'limit', max_list_cost: { amount: '25.00', currency: 'USD' } } },
    ],
    bad: [
      { ...praxisSession(), budget: { type: 'limit' } },
      { ...praxisSession(), budget: { type: 'limit', max_cost: { amount: '25.00', currency: 'USD' } } },
    ],
  },
  'praxis.session-not-forked-from-itself': {
    component: 'Session',
    good: [
      praxisSession(),
      { ...praxisSession(), forked_from: null },
      { ...praxisSession(), forked_from: { session_id: 'sesn_00' } },
      { ...praxisSession(), forked_from: {} },
    ],
    bad: [{ ...praxisSession(), forked_from: { session_id: 'sesn_01' } }],
  },
  'everruns.timeout-rejection-only-on-failed': {
    component: 'Task',
    good: [
      everrunsTask(),
      { ...everrunsTask(), state: 'failed', error: { kind: 'rejection', message: 'refused' } },
      { ...everrunsTask(), state: 'canceled', error: { kind: 'orphaned', message: 'gone' } },
    ],
    bad: [{ ...everrunsTask(), state: 'canceled', error: { kind: 'timeout', message: 'took too long' } }],
  },
  'everruns.child-session-not-own-session': {
    component: 'Task',
    good: [
      everrunsTask(),
      { ...everrunsTask(), kind: 'subagent', links: { child_session_id: 'child_1' } },
      { ...everrunsTask(), links: { child_session_id: null } },
    ],
    bad: [{ ...everrunsTask(), kind: 'subagent', links: { child_session_id: 'demo' } }],
  },
  'everruns.nothing-produced-before-start': {
    component: 'Task',
    good: [
      { ...everrunsTask(), state: 'queued', artifacts: [] },
      // It ran before: started, or queued again for another attempt.
      {
        ...everrunsTask(),
        state: 'queued',
        started_at: '2026-11-29T10:00:01Z',
        artifacts: [{ name: 'a', type: 'file' }],
      },
      { ...everrunsTask(), state: 'queued', attempt: 2, artifacts: [{ name: 'a', type: 'file' }] },
      { ...everrunsTask(), artifacts: [{ name: 'a', type: 'file' }] },
    ],
    bad: [
      { ...everrunsTask(), state: 'queued', artifacts: [{ name: 'a', type: 'file', path: '/a.md', url: null }] },
      {
        ...everrunsTask(),
        state: 'queued',
        attempt: undefined,
        started_at: null,
        artifacts: [{ name: 'a', type: 'pr' }],
      },
    ],
  },
  'everruns.child-session-not-root': {
    component: 'Task',
    good: [
      { ...everrunsTask(), kind: 'subagent', root_session_id: 'root', links: { child_session_id: 'child_1' } },
      { ...everrunsTask(), kind: 'subagent', links: { child_session_id: 'child_1' } },
    ],
    bad: [{ ...everrunsTask(), kind: 'subagent', root_session_id: 'root', links: { child_session_id: 'root' } }],
  },
  'jsonrpc.nothing-produced-before-start': {
    component: 'Task',
    good: [
      { ...jsonrpcTask(), status: 'created', output: [] },
      { ...jsonrpcTask(), status: 'working', output: [{ type: 'message', role: 'assistant', content: [] }] },
    ],
    bad: [{ ...jsonrpcTask(), status: 'created', output: [{ type: 'message', role: 'assistant', content: [] }] }],
  },
  'jsonrpc.previous-task-not-self': {
    component: 'Task',
    good: [jsonrpcTask(), { ...jsonrpcTask(), previous_task_id: 'task_00' }],
    bad: [{ ...jsonrpcTask(), previous_task_id: 'task_01' }],
  },
  'everruns.artifact-url-absolute': {
    component: 'Task',
    good: [
      everrunsTask(),
      {
        ...everrunsTask(),
        artifacts: [
          { name: 'pr', type: 'pr', url: 'https://github.com/o/r/pull/1' },
          { name: 'doc', type: 'url', url: 's3://bucket/key' },
          { name: 'f', type: 'file', path: '/f', url: null },
        ],
      },
    ],
    bad: [
      { ...everrunsTask(), artifacts: [{ name: 'log', type: 'url', url: 'artifacts/log.txt' }] },
      { ...everrunsTask(), artifacts: [{ name: 'log', type: 'url', url: '/artifacts/log.txt' }] },
    ],
  },
  'everruns.artifact-path-not-a-url': {
    component: 'Task',
    good: [
      everrunsTask(),
      {
        ...everrunsTask(),
        artifacts: [
          { name: 'f', type: 'file', path: '/out/report.md', url: null },
          { name: 'g', type: 'file', path: 'out/notes.txt', url: 'https://files.example.com/notes.txt' },
          { name: 'pr', type: 'pr', url: 'https://github.com/o/r/pull/1' },
        ],
      },
    ],
    bad: [
      { ...everrunsTask(), artifacts: [{ name: 'f', type: 'file', path: 'https://files.example.com/out/f.md' }] },
      { ...everrunsTask(), artifacts: [{ name: 'f', type: 'file', path: 's3://bucket/key', url: null }] },
    ],
  },
};

describe('item rules', () => {
  it('every rule has examples, and every example names a rule that exists', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(ITEM_RULES.map((r) => r.id).sort());
  });

  for (const rule of ITEM_RULES) {
    const examples = EXAMPLES[rule.id];
    describe(rule.id, () => {
      it('cites its document and a sentence', () => {
        expect(rule.source.file).toMatch(/^specs\/sources\/00\d_[0-9a-f]+\.txt$/);
        expect(rule.source.sentence.length).toBeGreaterThan(10);
      });
      it('passes conforming objects (which the schema accepts too)', () => {
        for (const good of examples?.good ?? []) {
          expect(validateComponent(rule.api, examples!.component, good, undefined, BUILTIN)).toEqual([]);
          expect(checkItem(rule.api, rule.target, good, undefined, BUILTIN)).toEqual([]);
        }
        expect(examples?.good.length).toBeGreaterThan(0);
      });
      it('catches objects that break it, and only it', () => {
        for (const bad of examples?.bad ?? []) {
          // The schema the runner judges by accepts it: the rule, not response-schema, names the break.
          expect(validateComponent(rule.api, examples!.component, bad, 'documented', BUILTIN)).toEqual([]);
          const found = checkItem(rule.api, rule.target, bad, undefined, BUILTIN);
          expect(found.map((v) => v.law)).toContain(rule.id);
          expect(new Set(found.map((v) => v.law))).toEqual(new Set([rule.id, ...(rule.alsoBreaks ?? [])]));
          for (const v of found) expect(v.instancePath.startsWith('/')).toBe(true);
        }
        expect(examples?.bad.length).toBeGreaterThan(0);
      });
    });
  }

  it('a time in the wrong unit says which unit it reads as', () => {
    const messages = (api: 'ark' | 'jsonrpc', item: JsonObject) =>
      checkItem(api, 'task', item, undefined, BUILTIN).map((v) => v.message);
    expect(messages('ark', { ...arkTask(), created_at: 1_764_410_400 })).toContain(
      'created_at is 1764410400, which is not a Unix millisecond time (it reads as Unix seconds)',
    );
    expect(messages('ark', { ...arkTask(), started_at: 1_764_410_400_000_000 })).toContain(
      'started_at is 1764410400000000, which is not a Unix millisecond time (it reads as Unix microseconds)',
    );
    expect(messages('ark', { ...arkTask(), created_at: 1_764_410_400_000.5 })).toContain(
      'created_at is 1764410400000.5, which is not a Unix millisecond time (it is not a whole number from 0)',
    );
    expect(messages('jsonrpc', { ...jsonrpcTask(), created_at: 1_764_410_400_000 })).toEqual([
      'created_at is 1764410400000, which is not a Unix second time (it reads as Unix milliseconds)',
    ]);
  });

  it('a rule whose check throws is reported as a violation of that rule', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        has() {
          throw new Error('boom');
        },
      },
    ) as JsonObject;
    const found = checkItem('ark', 'task', hostile, '/items/0', BUILTIN);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((v) => v.message.includes('the check itself failed'))).toBe(true);
  });
});
