/**
 * Laws between objects of one list: an id that names another object of the same list (a fork's
 * source session, a task's previous task) and what the documents say follows from it. They are
 * judged over a whole walk, every page of it, so the object named may be on another page, and
 * over every object the run has seen (all walks, all sessions). An object the run did not see is
 * not judged: the documents do not say it must be listed.
 */

import { fieldValue, idOf, type ListOperation, sessionFieldOf } from '../operations.js';
import { isObject } from '../rules/check-helpers.js';
import type { JsonObject } from '../rules/types.js';
import { withArticle } from '../words.js';
import { NOTHING, onPages, pageItems, violationOf } from './common.js';
import { defineLaw, having, type LawChecks, type With } from './define.js';
import type { Judgement, LawRef, Walk } from './types.js';

/** Every object of a walk with the page it was on and its index there, in walk order. */
function placed(op: ListOperation, walk: Walk): { item: JsonObject; page: number; index: number }[] {
  return walk.pages.flatMap((page, pageIndex) =>
    (pageItems(op, page) ?? []).flatMap((item, index) => (isObject(item) ? [{ item, page: pageIndex, index }] : [])),
  );
}

/** The pair (object, the object it names) a reference law judges, and what is wrong with it, if anything. */
interface Reference {
  named(item: JsonObject, op: ListOperation): string | undefined;
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
    all: readonly { item: JsonObject; where: string; path: string; page?: number }[],
  ): Judgement => {
    const byId = new Map(all.map((p) => [idOf(op, p.item), p]));
    let judged = 0;
    const violations = [];
    for (const { item, where, path, page } of all) {
      const targetId = reference.named(item, op);
      const target = targetId === undefined ? undefined : byId.get(targetId);
      if (!target || target.item === item) continue;
      judged++;
      const problem = reference.check(item, target.item, op);
      if (!problem) continue;
      const found = violationOf(law, `${path}${problem.path}`, `${problem.message} (${where})`, problem.value);
      // A walk's finding shows on the page of the object and the page of the one it names.
      violations.push(page !== undefined && target.page !== undefined ? onPages(found, [target.page, page]) : found);
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
          page,
        })),
      ),
    seen: ({ items }, { op, law }) =>
      judge(
        op,
        law,
        items.map((item, page) => ({ item, where: 'among every object the run saw', path: '', page })),
      ),
  };
}

const namesEarlier = having('namesEarlier', 'createdField');
const samePerSession = having('samePerSession');
const named = (op: With<'namesEarlier'>, item: JsonObject) => {
  const id = fieldValue(item, op.namesEarlier.field);
  return typeof id === 'string' ? id : undefined;
};
type Names = With<'namesEarlier' | 'createdField'>;
const createdAt = (op: Names, item: JsonObject) => op.readTime(fieldValue(item, op.createdField));

function violationAt(op: Names, item: JsonObject, target: JsonObject) {
  const { namesEarlier: law, createdField } = op;
  const created = (object: JsonObject) => fieldValue(object, createdField);
  return {
    path: law.path,
    message: law.message(idOf(op, item), created(item), idOf(op, target), created(target)),
    value: fieldValue(item, law.path === createdField ? createdField : law.field),
  };
}

/** `fork-after-source`, `previous-task-earlier`: the object named was created no later. */
export const namedObjectEarlier = defineLaw({
  id: (op: Names) => `${op.lawPrefix}.${op.namesEarlier.law}` as const,
  appliesTo: namesEarlier,
  statement: (op: Names) => op.namesEarlier.statement,
  source: (op: Names) => op.namesEarlier.source,
  unexercised: (op: Names) => op.namesEarlier.unexercised,
  check: referenceChecks({
    named: (item, op) => named(op as Names, item),
    check: (item, target, op) =>
      createdAt(op as Names, item) < createdAt(op as Names, target)
        ? violationAt(op as Names, item, target)
        : undefined,
  }),
});

/** `one-root-per-session`: one value of the field per session, on a page that is the whole list. */
export const oneValuePerSession = defineLaw({
  id: (op: With<'samePerSession'>) => `${op.lawPrefix}.${op.samePerSession.law}` as const,
  appliesTo: samePerSession,
  statement: (op: With<'samePerSession'>) => op.samePerSession.statement,
  source: (op: With<'samePerSession'>) => op.samePerSession.source,
  unexercised: (op: With<'samePerSession'>) => `no session listed a task with ${withArticle(op.samePerSession.field)}`,
  check: {
    page({ exchange }, { op, law }) {
      const field = op.samePerSession.field;
      const sessionField = sessionFieldOf(op);
      const items = (pageItems(op, exchange) ?? []).filter(isObject);
      const sessionOf = (item: JsonObject) => (sessionField === undefined ? undefined : fieldValue(item, sessionField));
      const given = items
        .map((item, index) => ({ item, index, value: fieldValue(item, field) }))
        .filter(({ value }) => typeof value === 'string');
      if (given.length === 0) return NOTHING;
      const violations = [];
      const first = given[0]!;
      for (const { item, index, value } of given) {
        // Tasks of different sessions (a stray item) are the business of items-belong-to-session.
        if (sessionOf(item) !== sessionOf(first.item) || value === first.value) continue;
        violations.push(
          violationOf(
            law,
            `${op.itemsPointer}/${index}${field}`,
            `task ${idOf(op, item)} gives ${field} ${JSON.stringify(value)} ` +
              `but task ${idOf(op, first.item)} of the same session gives ${JSON.stringify(first.value)}`,
            value,
          ),
        );
      }
      return { judged: given.length, violations };
    },
  },
});
