/**
 * Laws between objects of one list: an id that names another object of the same list (a fork's
 * source session, a task's previous task) and what the documents say follows from it. They are
 * judged over a whole walk, every page of it, so the object named may be on another page, and
 * over every object the run has seen (all walks, all sessions). An object the run did not see is
 * not judged: the documents do not say it must be listed.
 */
import { forkSource } from '../rules/praxis.js';
import { type JsonObject, isObject } from '../rules/types.js';
import { type ListOperation, idOf } from '../operations.js';
import { pageItems, violationOf } from './common.js';
import { type LawChecks, defineLaw } from './define.js';
import { type Judgement, type LawRef, NOTHING, type Walk } from './types.js';

const P_SESSIONS = '004_a09f4aec44242b61.txt';
const EVERRUNS = '001_5ef50488d1ca2e3f.txt';
const JSONRPC = '003_74bd28131cc50021.txt';

/** Every object of a walk with the page it was on and its index there, in walk order. */
function placed(op: ListOperation, walk: Walk): { item: JsonObject; page: number; index: number }[] {
  return walk.pages.flatMap((page, pageIndex) =>
    (pageItems(op, page) ?? []).flatMap((item, index) => (isObject(item) ? [{ item, page: pageIndex, index }] : [])),
  );
}

/** The pair (object, the object it names) a reference law judges, and what is wrong with it, if anything. */
interface Reference {
  named(item: JsonObject): string | undefined;
  check(item: JsonObject, target: JsonObject, op: ListOperation): Problem | undefined;
}
type Problem = { path: string; message: string; value: unknown };

/**
 * The checks of a law over the pairs (object, the object it names) that one walk lists, and
 * that every object the run has seen holds.
 */
function referenceChecks(reference: Reference): LawChecks<ListOperation, undefined> {
  const judge = (
    op: ListOperation,
    law: LawRef,
    all: readonly { item: JsonObject; where: string; path: string }[],
  ): Judgement => {
    const byId = new Map(all.map((p) => [idOf(op, p.item), p.item]));
    let judged = 0;
    const violations = [];
    for (const { item, where, path } of all) {
      const targetId = reference.named(item);
      const target = targetId === undefined ? undefined : byId.get(targetId);
      if (!target || target === item) continue;
      judged++;
      const problem = reference.check(item, target, op);
      if (problem)
        violations.push(violationOf(law, `${path}${problem.path}`, `${problem.message} (${where})`, problem.value));
    }
    return judged === 0 ? NOTHING : { judged, violations };
  };
  return {
    walk: ({ walk }, { op, law }) =>
      judge(
        op,
        law,
        placed(op, walk).map(({ item, page, index }) => ({
          item,
          where: `page ${page + 1}`,
          path: `${op.itemsPointer}/${index}`,
        })),
      ),
    seen: ({ items }, { op, law }) =>
      judge(
        op,
        law,
        items.map((item) => ({ item, where: 'among every object the run saw', path: '' })),
      ),
  };
}

const time = (op: ListOperation, item: JsonObject) => (op.createdAt ? op.createdAt(item) : Number.NaN);

export const forkAfterSource = defineLaw({
  id: 'fork-after-source',
  appliesTo: (op) => op.lawPrefix === 'praxis.sessions',
  statement:
    'A fork is created no earlier than the session it was forked from, when the run lists both (in one walk or across walks).',
  source: () => ({
    file: P_SESSIONS,
    sentence: 'data[].forked_from: Praxis extension: source of a forked session; null for other sessions.',
  }),
  unexercised: 'no walk listed a forked session beside its source',
  check: referenceChecks({
    named: forkSource,
    check: (fork, source, op) =>
      time(op, fork) < time(op, source)
        ? {
            path: '/created_at',
            message: `session ${idOf(op, fork)} (created ${String(fork.created_at)}) is a fork of ${idOf(op, source)}, created later (${String(source.created_at)})`,
            value: fork.created_at,
          }
        : undefined,
  }),
});

export const previousTaskEarlier = defineLaw({
  id: 'previous-task-earlier',
  appliesTo: (op) => op.lawPrefix === 'jsonrpc',
  statement:
    'A task is created no earlier than the previous task it names (previous_task_id), when the run lists both (in one walk or across walks).',
  source: () => ({ file: JSONRPC, sentence: 'previous_task_id string — OPTIONAL 前置任务 ID（用于续写/衔接）。' }),
  unexercised: 'no walk listed a task beside the previous task it names',
  check: referenceChecks({
    named: (item) => (typeof item.previous_task_id === 'string' ? item.previous_task_id : undefined),
    check: (task, previous, op) =>
      typeof task.created_at === 'number' &&
      typeof previous.created_at === 'number' &&
      task.created_at < previous.created_at
        ? {
            path: '/previous_task_id',
            message: `task ${idOf(op, task)} (created ${task.created_at}) names ${idOf(op, previous)} as its previous task, created later (${previous.created_at})`,
            value: task.previous_task_id,
          }
        : undefined,
  }),
});

/** Everruns lists a session's tasks on one page: the page is the whole list. */
export const oneRootPerSession = defineLaw({
  id: 'one-root-per-session',
  appliesTo: (op) => op.lawPrefix === 'everruns',
  statement:
    'Every task of one session that gives a root_session_id gives the same one (the root of the owning session’s delegation tree).',
  source: () => ({
    file: EVERRUNS,
    sentence: 'root_session_id: Root of the owning session’s delegation tree (EVE-680).',
  }),
  unexercised: 'no session listed a task with a root_session_id',
  check: {
    page({ exchange }, { op, law }) {
      const items = (pageItems(op, exchange) ?? []).filter(isObject);
      const rooted = items
        .map((item, index) => ({ item, index }))
        .filter(({ item }) => typeof item.root_session_id === 'string');
      if (rooted.length === 0) return NOTHING;
      const violations = [];
      const first = rooted[0]!;
      for (const { item, index } of rooted) {
        // Tasks of different sessions (a stray item) are the business of items-belong-to-session.
        if (item.session_id !== first.item.session_id || item.root_session_id === first.item.root_session_id) continue;
        violations.push(
          violationOf(
            law,
            `${op.itemsPointer}/${index}/root_session_id`,
            `task ${idOf(op, item)} gives root_session_id ${JSON.stringify(item.root_session_id)} but task ${idOf(op, first.item)} of the same session gives ${JSON.stringify(first.item.root_session_id)}`,
            item.root_session_id,
          ),
        );
      }
      return { judged: rooted.length, violations };
    },
  },
});
