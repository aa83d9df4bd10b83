/**
 * The presence law over several reads of one list (`<api>.listed-between-reads`): an object that
 * two whole reads list is listed by every whole read between them. Shown firing where one answer
 * leaves the object out, and silent where the documents allow what a read shows: an object that
 * left for good, one that fell between two pages of a walk, a read of pages in no documented order.
 */

import { describe, expect, it } from 'vitest';
import { applyLaws, type Exchange, type Walk } from '../../src/contract/laws/index.js';
import { operation } from '../../src/contract/operations.js';
import type { JsonObject } from '../../src/contract/rules/types.js';
import { arkTask, everrunsTask, exchange, jsonrpcTask } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

type Read = { walk: Walk; plain: boolean };
const plain = (walk: Walk): Read => ({ walk, plain: true });

function judged(op: ReturnType<typeof operation>, reads: Read[]) {
  const [outcome] = applyLaws(op, 'reads', { reads }).filter((o) => o.law.id.endsWith('.listed-between-reads'));
  return outcome!.judgement;
}

describe('a list of one page', () => {
  const everruns = operation('everruns', 'listTasks', BUILTIN);
  const task = (n: number): JsonObject => ({ ...everrunsTask(), id: `task_${n}` });
  const read = (...ns: number[]): Walk => ({ pages: [exchange(ns.map(task))], cursors: [undefined] });

  it('an object listed, left out, and listed again breaks it, naming the three answers', () => {
    const { violations } = judged(everruns, [plain(read(1, 2, 3)), plain(read(1, 3)), plain(read(1, 2, 3))]);
    expect(violations.map((v) => v.message)).toEqual([
      'task_2 is listed by the first request below and by the last, but a whole read of the list made between ' +
        'them left it out (on its one page): an object does not leave a list and come back',
    ]);
    expect(violations[0]!.pages).toEqual([0, 1, 2]);
    expect(violations[0]!.instancePath).toBe('/1/id');
  });

  it('names every read between, filtered ones too, and does not take a filtered read as listing it', () => {
    const filtered = (...ns: number[]): Read => ({
      walk: { pages: [exchange(ns.map(task), [['state', 'running']])], cursors: [undefined] },
      plain: false,
    });
    const reads = [plain(read(1, 2)), filtered(2), plain(read(1)), filtered(2), plain(read(1, 2))];
    expect(judged(everruns, reads).violations.map((v) => v.pages)).toEqual([[0, 1, 2, 3, 4]]);
  });

  it('an object that left for good, one that is new, or two reads only are not judged', () => {
    expect(judged(everruns, [plain(read(1, 2)), plain(read(1)), plain(read(1))]).violations).toEqual([]);
    expect(judged(everruns, [plain(read(1)), plain(read(1)), plain(read(1, 2))]).violations).toEqual([]);
    expect(judged(everruns, [plain(read(1, 2)), plain(read(1))])).toEqual({ judged: 0, violations: [] });
  });
});

describe('a list of pages', () => {
  const ark = operation('ark', 'listTasks', BUILTIN);
  const task = (n: number): JsonObject => ({ ...arkTask(), task_id: `task-${n}`, created_at: 1_764_410_400_000 - n });
  /** Newest first (task-1 is the newest), cut into pages of the sizes given. */
  const read = (ns: number[], sizes: number[]): Walk => {
    const pages: Exchange[] = [];
    let at = 0;
    for (const [i, size] of sizes.entries()) {
      const last = i === sizes.length - 1;
      pages.push(exchange({ items: ns.slice(at, at + size).map(task), ...(last ? {} : { next_cursor: at + size }) }));
      at += size;
    }
    return { pages, cursors: sizes.map((_, i) => (i === sizes.length - 1 ? undefined : String(i))) };
  };
  const whole = read([1, 2, 3, 4, 5, 6], [6]);

  it('left out between two neighbours of one page, before the first or after the last: broken', () => {
    const inside = judged(ark, [plain(whole), plain(read([1, 2, 4, 5, 6], [3, 2])), plain(whole)]);
    expect(inside.violations.map((v) => v.message)).toEqual([
      expect.stringContaining('(on page 1, between task-2 and task-4)'),
    ]);
    expect(inside.violations[0]!.pages).toEqual([0, 1, 2, 3]);
    const first = judged(ark, [plain(whole), plain(read([2, 3, 4, 5, 6], [3, 2])), plain(whole)]);
    expect(first.violations.map((v) => v.message)).toEqual([
      expect.stringContaining('(on page 1, before task-2, which is older)'),
    ]);
    const end = judged(ark, [plain(whole), plain(read([1, 2, 3, 4, 5], [3, 2])), plain(whole)]);
    expect(end.violations.map((v) => v.message)).toEqual([
      expect.stringContaining('(on page 2, after task-5, which is newer)'),
    ]);
  });

  it('between two pages (others may leave as the walk goes on), or in a read out of order: not judged', () => {
    expect(judged(ark, [plain(whole), plain(read([1, 2, 3, 5, 6], [3, 2])), plain(whole)]).violations).toEqual([]);
    const shuffled = read([2, 1, 4, 5, 6], [3, 2]);
    expect(judged(ark, [plain(whole), plain(shuffled), plain(whole)]).violations).toEqual([]);
    const unfinished = { ...read([1, 2, 4], [3]), cursors: ['3'] };
    expect(judged(ark, [plain(whole), plain(unfinished), plain(whole)]).violations).toEqual([]);
  });

  it('a list ordered by a time that moves (not among the fields that never change) is judged on one page only', () => {
    // As A2A's status timestamp: where another read placed an object says nothing of where this one places it.
    const moving = { ...ark, immutableFields: ark.immutableFields.filter((f) => f !== '/created_at') };
    expect(judged(moving, [plain(whole), plain(read([1, 2, 4, 5, 6], [3, 2])), plain(whole)]).violations).toEqual([]);
    const one = read([1, 2, 4, 5, 6], [5]);
    expect(judged(moving, [plain(whole), plain(one), plain(whole)]).violations).toHaveLength(1);
  });

  it('a list in no documented order is judged on a read of one page only', () => {
    const jsonrpc = operation('jsonrpc', 'listTasks', BUILTIN);
    const rpc = (ns: number[], sizes: number[]): Walk => {
      const walk = read(ns, sizes);
      const bodies = walk.pages.map((page) => (page.body as { items: JsonObject[] }).items);
      const items = (list: JsonObject[]) => list.map((t) => ({ ...jsonrpcTask(), id: String(t.task_id) }));
      return { ...walk, pages: bodies.map((list) => exchange({ jsonrpc: '2.0', result: items(list) })) };
    };
    const all = rpc([1, 2, 3, 4], [4]);
    expect(judged(jsonrpc, [plain(all), plain(rpc([1, 3, 4], [2, 1])), plain(all)]).violations).toEqual([]);
    expect(judged(jsonrpc, [plain(all), plain(rpc([1, 3, 4], [3])), plain(all)]).violations).toHaveLength(1);
  });
});
