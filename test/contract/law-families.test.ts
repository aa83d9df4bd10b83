/**
 * The law families an operation declares as data: nested ids unique in one answer and one walk,
 * stable ids between two reads, a terminal task's content, nothing grown while a task waits, members under one condition given
 * together, and a page of the documented minimum limit 0. Each is shown firing on a break and silent on what the documents allow.
 */

import { describe, expect, it } from 'vitest';
import { checkListPage, checkTimeline, checkWalk, lawsOf } from '../../src/contract/laws/index.js';
import { idOf, operation } from '../../src/contract/operations.js';
import type { JsonObject } from '../../src/contract/rules/types.js';
import { repair } from '../../src/generators/repair.js';
import { arkTask, everrunsTask, exchange, jsonrpcTask } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

const ark = operation('ark', 'listTasks', BUILTIN);
const everruns = operation('everruns', 'listTasks', BUILTIN);

const lawIds = (violations: { law: string }[]) => [...new Set(violations.map((v) => v.law))].sort();
const arkItem = (n: number, extra: JsonObject = {}): JsonObject => ({
  ...arkTask(),
  task_id: `task-${n}`,
  created_at: 1_764_410_400_000 - n * 1000,
  started_at: 1_764_410_400_000 - n * 1000 + 5,
  ...extra,
});
const asking = (n: number, ask: JsonObject, extra: JsonObject = {}): JsonObject => ({
  ...everrunsTask(),
  id: `task_${n}`,
  state: 'awaiting_input',
  input_request: { prompt: 'Which database first?', ...ask },
  ...extra,
});
const tool = (id: string, name = 'bash') => ({ tool: { name, tool_use_id: id } });

describe('nested ids: no two objects of one answer or walk share one', () => {
  it('two tasks of two tools with one tool_use_id break ark.unique-tool-use-id; distinct ones or none do not', () => {
    const twoCalls = [arkItem(1, tool('toolu_a', 'video_generate')), arkItem(2, tool('toolu_a'))];
    const shared = checkListPage(ark, exchange({ items: twoCalls }));
    expect(lawIds(shared)).toEqual(['ark.unique-tool-use-id']);
    expect(shared[0]!.instancePath).toBe('/items/1/tool/tool_use_id');
    expect(shared[0]!.message).toContain('task-2 gives /tool/tool_use_id "toolu_a", like task-1');
    expect(checkListPage(ark, exchange({ items: [arkItem(1, tool('toolu_a')), arkItem(2, tool('toolu_b'))] }))).toEqual(
      [],
    );
    expect(checkListPage(ark, exchange({ items: [arkItem(1), arkItem(2)] }))).toEqual([]);
    // One call may start two tasks: two tasks of one tool that share its id are not judged.
    expect(checkListPage(ark, exchange({ items: [arkItem(1, tool('toolu_a')), arkItem(2, tool('toolu_a'))] }))).toEqual(
      [],
    );
  });

  it('across the pages of a walk, naming both pages; the same task listed twice is not judged by it', () => {
    const page = (items: JsonObject[], cursor?: number) =>
      exchange({ items, ...(cursor === undefined ? {} : { next_cursor: cursor }) });
    const walk = (a: JsonObject, b: JsonObject) => ({ pages: [page([a], 1), page([b])], cursors: ['1', undefined] });
    const found = checkWalk(ark, walk(arkItem(1, tool('toolu_a', 'video_generate')), arkItem(2, tool('toolu_a'))));
    expect(found.filter((v) => v.law === 'ark.unique-tool-use-id').map((v) => v.pages)).toEqual([[0, 1]]);
    const again = checkWalk(ark, walk(arkItem(1, tool('toolu_a')), arkItem(1, tool('toolu_a'))));
    expect(lawIds(again)).not.toContain('ark.unique-tool-use-id');
  });

  it('two different asks with one id break everruns.unique-input-request-id; one ask gating two tasks does not', () => {
    const body = [asking(1, { id: 'ask_1' }), asking(2, { id: 'ask_1', prompt: 'Deploy to production?' })];
    expect(lawIds(checkListPage(everruns, exchange(body)))).toEqual(['everruns.unique-input-request-id']);
    const expecting = asking(2, { id: 'ask_1', expected: { type: 'boolean' } });
    expect(lawIds(checkListPage(everruns, exchange([asking(1, { id: 'ask_1' }), expecting])))).toEqual([
      'everruns.unique-input-request-id',
    ]);
    const gating = [asking(1, { id: 'ask_1' }), asking(2, { id: 'ask_1' })];
    expect(lawIds(checkListPage(everruns, exchange(gating)))).not.toContain('everruns.unique-input-request-id');
  });
});

describe('stable ids: the same between two reads of the same object', () => {
  const snap = (op: typeof ark, ...items: JsonObject[]) =>
    new Map(items.map((item) => [idOf(op, item), item] as const));

  it('a pending ask read twice, not updated, with another id breaks everruns.stable-input-request-id', () => {
    const at = { updated_at: '2026-11-29T10:00:00.250Z' };
    const before = asking(1, { id: 'ask_1' }, at);
    const found = checkTimeline(everruns, snap(everruns, before), snap(everruns, asking(1, { id: 'ask_2' }, at)));
    expect(lawIds(found)).toEqual(['everruns.stable-input-request-id']);
    expect(found[0]!.instancePath).toBe('/input_request/id');
    // An updated_at in whole seconds that stayed the same: answered and asked again within that second.
    const coarse = (id: string) => asking(1, { id }, { updated_at: '2026-11-29T10:00:00Z' });
    expect(checkTimeline(everruns, snap(everruns, coarse('ask_1')), snap(everruns, coarse('ask_2')))).toEqual([]);
  });

  it('a new ask (another prompt, or the task updated since) and a task that left awaiting_input are not judged', () => {
    const before = asking(1, { id: 'ask_1' });
    const newPrompt = asking(1, { id: 'ask_2', prompt: 'And the second one?' });
    const updated = asking(1, { id: 'ask_2' }, { updated_at: '2026-11-29T10:05:00Z' });
    for (const after of [newPrompt, updated])
      expect(checkTimeline(everruns, snap(everruns, before), snap(everruns, after))).toEqual([]);
    const judged = lawsOf(everruns).find((law) => law.id === 'everruns.stable-input-request-id')!;
    const left = { ...asking(1, { id: 'ask_2' }), state: 'running' };
    expect(judged.checks.observation!({ id: 'task_1', before, after: left }).judged).toBe(0);
  });

  it('a tool call id that changes between reads breaks ark.stable-tool-use-id, in any state', () => {
    const before = arkItem(1, tool('toolu_a'));
    const after = { ...arkItem(1, tool('toolu_b')), state: 'succeeded', finished_at: 1_764_410_500_000 };
    expect(lawIds(checkTimeline(ark, snap(ark, before), snap(ark, after)))).toEqual(['ark.stable-tool-use-id']);
    expect(checkTimeline(ark, snap(ark, arkItem(1)), snap(ark, arkItem(1, tool('toolu_b'))))).toEqual([]);
  });
});

describe('final content: a terminal task keeps what it produced', () => {
  it('an artifact added to a succeeded task breaks everruns.final-content-fixed; one added while running does not', () => {
    const task = (state: string, artifacts: JsonObject[]) => ({ ...everrunsTask(), state, artifacts });
    const report = { name: 'report', type: 'file', path: '/out/report.md', url: null };
    const snap = (item: JsonObject) => new Map([[String(item.id), item]]);
    const late = checkTimeline(everruns, snap(task('succeeded', [])), snap(task('succeeded', [report])));
    expect(lawIds(late)).toEqual(['everruns.final-content-fixed']);
    expect(checkTimeline(everruns, snap(task('running', [])), snap(task('running', [report])))).toEqual([]);
  });

  it('a result_path filled in after the end is a record written late; one that changes breaks the law', () => {
    const task = (result_path: string | null) => ({ ...everrunsTask(), state: 'succeeded', result_path });
    const snap = (item: JsonObject) => new Map([[String(item.id), item]]);
    const [none, path, other] = [task(null), task('/.tasks/t/result.json'), task('/.tasks/t/other.json')];
    expect(checkTimeline(everruns, snap(none), snap(path))).toEqual([]);
    expect(lawIds(checkTimeline(everruns, snap(path), snap(other)))).toEqual(['everruns.final-content-fixed']);
    expect(lawIds(checkTimeline(everruns, snap(path), snap(none)))).toEqual(['everruns.final-content-fixed']);
  });
});

describe('states that stop work: nothing grows while the same wait holds', () => {
  const jsonrpc = operation('jsonrpc', 'listTasks', BUILTIN);
  const snap = (item: JsonObject) => new Map([[String(item.id), item]]);
  const report = { name: 'report', type: 'file', path: '/out/report.md', url: null };
  const waiting = (ask: JsonObject | null, artifacts: JsonObject[], progress: JsonObject | null = null) =>
    asking(1, {}, { input_request: ask, artifacts, progress });

  it('an artifact or progress made while one ask stays pending breaks everruns.nothing-grows-while-awaiting-input', () => {
    const ask = { id: 'ask_1', prompt: 'Which database first?' };
    const grown = checkTimeline(everruns, snap(waiting(ask, [])), snap(waiting(ask, [report])));
    expect(lawIds(grown)).toEqual(['everruns.nothing-grows-while-awaiting-input']);
    expect(grown[0]!.instancePath).toBe('/artifacts');
    expect(grown[0]!.message).toContain('artifacts went from 0 to 1 entries while the task stayed awaiting_input');
    const step = (current: number) => ({ current, total: 10, label: null, unit: null, steps: [] });
    const stepped = checkTimeline(everruns, snap(waiting(ask, [], step(3))), snap(waiting(ask, [], step(4))));
    expect(stepped.map((v) => v.message)).toEqual([expect.stringContaining('/progress/current went up from 3 to 4')]);
    // Fewer artifacts, or the same, is no growth.
    expect(checkTimeline(everruns, snap(waiting(ask, [report])), snap(waiting(ask, [])))).toEqual([]);
  });

  it('another ask, no ask, or a task that left awaiting_input between the reads is not judged', () => {
    const ask = (id: string, prompt = 'Which database first?') => ({ id, prompt });
    const apart = (before: JsonObject, after: JsonObject) => checkTimeline(everruns, snap(before), snap(after));
    expect(apart(waiting(ask('ask_1'), []), waiting(ask('ask_2'), [report]))).toEqual([]);
    expect(apart(waiting(ask('ask_1'), []), waiting(ask('ask_1', 'And the schema?'), [report]))).toEqual([]);
    expect(apart(waiting(null, []), waiting(null, [report]))).toEqual([]);
    const running = { ...waiting(null, [report]), state: 'running' };
    expect(lawIds(apart(waiting(ask('ask_1'), []), running))).not.toContain(
      'everruns.nothing-grows-while-awaiting-input',
    );
  });

  it('output or a usage number grown while the same calls are awaited breaks jsonrpc.nothing-grows-while-input-required', () => {
    const task = (calls: string[], output: number, usage: JsonObject = {}): JsonObject => ({
      ...jsonrpcTask(),
      status: 'input-required',
      input_required_call_ids: calls,
      output: Array.from({ length: output }, () => ({ type: 'message', content: [] })),
      usage,
    });
    const apart = (before: JsonObject, after: JsonObject) => checkTimeline(jsonrpc, snap(before), snap(after));
    const law = 'jsonrpc.nothing-grows-while-input-required';
    expect(lawIds(apart(task(['call_a', 'call_b'], 1), task(['call_b', 'call_a'], 2)))).toEqual([law]);
    const tokens = (output_tokens: number) => ({ input_tokens: 5, details: { output_tokens } });
    const used = apart(task(['call_a'], 1, tokens(7)), task(['call_a'], 1, tokens(9)));
    expect(used.map((v) => v.message)).toEqual([
      expect.stringContaining('/usage/details/output_tokens went up from 7 to 9'),
    ]);
    // Other calls (had its input, worked, waits again), or none named: nothing shows it stayed.
    expect(apart(task(['call_a'], 1), task(['call_b'], 3))).toEqual([]);
    expect(apart(task([], 1), task([], 3))).toEqual([]);
    // Paused is not judged: a task may be resumed and paused again between two reads.
    const paused = (output: number) => ({ ...task([], output), status: 'paused' });
    expect(apart(paused(1), paused(3))).toEqual([]);
  });
});

describe('members under one condition: all or none', () => {
  const failed = (extra: JsonObject) => arkItem(1, { state: 'failed', finished_at: 1_764_410_500_000, ...extra });

  it('error_code without error_message (or the reverse) breaks ark.present-together; both or neither do not', () => {
    const lone = checkListPage(ark, exchange({ items: [failed({ error_code: 'killed' })] }));
    expect(lawIds(lone)).toEqual(['ark.present-together']);
    expect(lone[0]!.instancePath).toBe('/items/0/error_message');
    expect(lawIds(checkListPage(ark, exchange({ items: [failed({ error_message: 'killed by the user' })] })))).toEqual([
      'ark.present-together',
    ]);
    expect(checkListPage(ark, exchange({ items: [failed({ error_code: 'killed', error_message: 'x' })] }))).toEqual([]);
    expect(checkListPage(ark, exchange({ items: [failed({})] }))).toEqual([]);
  });

  it('the generators repair it from the same data: a lone member is dropped', () => {
    const repaired = repair('ark', 'task', failed({ error_code: 'killed' }), undefined, BUILTIN);
    expect(repaired).not.toHaveProperty('error_code');
    expect(
      repair('ark', 'task', failed({ error_code: 'killed', error_message: 'x' }), undefined, BUILTIN),
    ).toHaveProperty('error_code');
  });
});

describe('limit 0, the documented minimum', () => {
  it('an Ark page of limit=0 holds no task: one that lists any breaks ark.limit-respected', () => {
    expect(lawIds(checkListPage(ark, exchange({ items: [arkItem(1)] }, [['limit', '0']])))).toEqual([
      'ark.limit-respected',
    ]);
    expect(checkListPage(ark, exchange({ items: [] }, [['limit', '0']]))).toEqual([]);
  });
});
