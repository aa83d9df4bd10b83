/**
 * `total-counts-the-list` (A2A's totalSize, "Total number of tasks available (before pagination)"): never
 * fewer than a walk to the end lists, and exactly the tasks of a one-page list no filter narrows. A total
 * above a filtered list, or above a walk of several pages (which may have skipped), is judged nothing.
 */
import { describe, expect, it } from 'vitest';
import { applyLaws, type Walk } from '../../src/contract/laws/index.js';
import { operation } from '../../src/contract/operations.js';
import { exchange } from '../fixtures.js';
import { BUILTIN } from '../helpers/apis.js';

const op = operation('a2a', 'listTasks', BUILTIN);
const task = (n: number) => ({
  id: `task-${n}`,
  contextId: 'ctx',
  status: { state: 'TASK_STATE_WORKING', timestamp: `2026-01-01T00:00:${String(60 - n).padStart(2, '0')}Z` },
});

/** A walk of pages (`ids` per page), each carrying `totals[i]`, asked with `query`. */
function walkOf(ids: number[][], totals: number[], query: [string, string][] = [], last = true): Walk {
  const pages = ids.map((page, i) =>
    exchange(
      {
        tasks: page.map(task),
        nextPageToken: i < ids.length - 1 || !last ? `t${i}` : '',
        pageSize: 50,
        totalSize: totals[i],
      },
      i === 0 ? query : [...query, ['pageToken', `t${i - 1}`]],
    ),
  );
  return { pages, cursors: pages.map((_, i) => (i < ids.length - 1 || !last ? `t${i}` : undefined)) };
}

const judged = (walk: Walk) =>
  applyLaws(op, 'walk', { walk }).find((o) => o.law.id === 'a2a.total-counts-the-list')!.judgement;
const messages = (walk: Walk) => judged(walk).violations.map((v) => v.message);

describe('a2a.total-counts-the-list', () => {
  it('a one-page list no filter narrows: exactly its tasks', () => {
    expect(messages(walkOf([[1, 2, 3]], [3]))).toEqual([]);
    expect(messages(walkOf([[1, 2, 3]], [5]))).toEqual([
      'totalSize is 5, but this answer, the whole list with no filter, lists 3 tasks: before pagination, every ' +
        'task available is on it',
    ]);
    expect(judged(walkOf([[1, 2, 3]], [2])).violations.map((v) => [v.value, v.pages])).toEqual([[2, [0]]]);
  });

  it('a filtered list: at least its tasks (the total may count every task the client may see)', () => {
    const context: [string, string][] = [['contextId', 'ctx']];
    expect(messages(walkOf([[1, 2, 3]], [60], context))).toEqual([]);
    expect(messages(walkOf([[1, 2, 3]], [2], context))).toEqual([
      'totalSize is 2 on page 1, but the walk to the end lists 3 tasks: a total of the tasks available is never ' +
        'fewer than a walk lists',
    ]);
  });

  it('counts each task once, and only those matching the filters asked (the others are the filter law’s)', () => {
    const status: [string, string][] = [['status', 'TASK_STATE_WORKING']];
    const walk = walkOf(
      [
        [1, 2],
        [2, 3],
      ],
      [3, 3],
      status,
    );
    expect(messages(walk)).toEqual([]);
    const other = (walk.pages[1]!.body as { tasks: { status: { state: string } }[] }).tasks;
    other.push({ ...task(4), status: { ...task(4).status, state: 'TASK_STATE_COMPLETED' } });
    expect(messages(walk)).toEqual([]);
    expect(
      messages(
        walkOf(
          [
            [1, 2],
            [3, 4],
          ],
          [3, 3],
          status,
        ),
      ),
    ).toEqual([expect.stringContaining('totalSize is 3 on page 1, but the walk to the end lists 4 tasks')]);
  });

  it('a walk of several pages: a total below what it lists, on any page, naming every page', () => {
    const pages = [
      [1, 2],
      [3, 4],
      [5, 4],
    ];
    expect(messages(walkOf(pages, [5, 5, 5]))).toEqual([]);
    const [violation] = judged(walkOf(pages, [5, 2, 5])).violations;
    expect(violation?.message).toContain('totalSize is 2 on page 2, but the walk to the end lists 5 tasks');
    expect(violation?.pages).toEqual([0, 1, 2]);
    // Above what it lists: a wrong total or a skipping walk, which one walk does not tell apart.
    expect(messages(walkOf(pages, [9, 9, 9]))).toEqual([]);
  });

  it('a walk that did not reach its end, or a total that is no number, is judged nothing here', () => {
    expect(judged(walkOf([[1, 2]], [1], [], false))).toEqual({ judged: 0, violations: [] });
    expect(judged({ ...walkOf([[1, 2]], [1]), capped: true })).toEqual({ judged: 0, violations: [] });
    const text = walkOf([[1, 2, 3]], [3]);
    (text.pages[0]!.body as { totalSize: unknown }).totalSize = '7';
    expect(judged(text)).toEqual({ judged: 0, violations: [] });
  });

  it('one page asked from a cursor is the rest of a list, not all of it: only a total below it is judged', () => {
    const rest = walkOf([[4, 5]], [5], [['pageToken', 't0']]);
    expect(messages(rest)).toEqual([]);
    expect(messages(walkOf([[4, 5]], [1], [['pageToken', 't0']]))).toEqual([
      expect.stringContaining('totalSize is 1 on page 1, but the walk to the end lists 2 tasks'),
    ]);
  });
});
