/**
 * Laws over identifiers: an id identifies one object, so no two items of one answer share it;
 * an id nested in an object (a tool call's, a pending ask's) that the documents make identify one
 * thing is shared by no two objects of one answer or walk; an object keeps its id between two
 * reads of its list; and a stable id stays the same between two reads of the object that holds it.
 */
import { fieldValue, idOf, type ListOperation, withoutField } from '../operations.js';
import { canonicalJson, isObject } from '../rules/check-helpers.js';
import type { JsonObject } from '../rules/types.js';
import { inWholeSeconds } from '../time.js';
import { withArticle } from '../words.js';
import { NOTHING, objectItems, onPages, pageItems, violationOf } from './common.js';
import { defineLaw, having, type With } from './define.js';
import type { Judgement, LawRef, Walk } from './types.js';

const hasIdSource = having('idSource');

export const idsUnique = defineLaw({
  id: 'ids-unique',
  appliesTo: hasIdSource,
  statement: (op) => `No two items of one answer share ${withArticle(op.idField)}: it identifies one object.`,
  source: (op) => op.idSource,
  unexercised: 'no answer listed two items',
  check: {
    page({ exchange }, { op, law }) {
      const items = objectItems(op, exchange);
      if (items.length < 2) return NOTHING;
      const seen = new Map<string, number>();
      const violations = items.flatMap((item, index) => {
        const id = idOf(op, item);
        const first = seen.get(id);
        if (first === undefined) {
          seen.set(id, index);
          return [];
        }
        return [
          violationOf(
            law,
            `${op.itemsPointer}/${index}${op.idField}`,
            `item ${index} has ${op.idField} ${JSON.stringify(id)}, like item ${first} of the same answer`,
            id,
          ),
        ];
      });
      return { judged: 1, violations };
    },
  },
});

/**
 * An object's members that never change (`fields`, an absent one as null), as one text; undefined where
 * none of them holds a time: without a creation time, two objects alike in them are too often two.
 */
function keptMembers(op: ListOperation, fields: readonly string[], item: JsonObject): string | undefined {
  const values = fields.map((field) => fieldValue(item, field) ?? null);
  if (!fields.some((field, i) => op.timeFields.includes(field) && values[i] !== null)) return undefined;
  return canonicalJson(values);
}

/** The objects by key, those whose key another object shares left out. */
function uniqueBy(list: readonly Placed[], key: (at: Placed) => string | undefined): Map<string, Placed> {
  const byKey = new Map<string, Placed>();
  const shared = new Set<string>();
  for (const at of list) {
    const k = key(at);
    if (k === undefined) continue;
    if (byKey.has(k)) shared.add(k);
    else byKey.set(k, at);
  }
  for (const k of shared) byKey.delete(k);
  return byKey;
}

/** Ids this short are not looked for inside an object's other members: they would match unrelated text. */
const MENTIONED_FROM = 6;

/**
 * An object as it reads without its id: the id member left out, and then also every mention of the
 * id in its other members (`/.tasks/task_x/result.json`) written as one placeholder.
 */
function withoutId(op: ListOperation, item: JsonObject): string[] {
  const id = idOf(op, item);
  const text = canonicalJson(withoutField(item, op.idField));
  return id.length < MENTIONED_FROM ? [text] : [text, text.split(JSON.stringify(id).slice(1, -1)).join('\u0000')];
}

/** The objects of a walk with where each was listed; `offset` numbers the pages after another walk's. */
const placedIn = (op: ListOperation, walk: Walk, offset: number): Placed[] =>
  walk.pages.flatMap((page, n) =>
    (pageItems(op, page) ?? []).flatMap((item, index) => (isObject(item) ? [{ item, page: offset + n, index }] : [])),
  );

export const idsStable = defineLaw({
  id: 'ids-stable',
  appliesTo: hasIdSource,
  statement: (op) =>
    `An object keeps its ${op.idField} between two reads of its list: one gone from the list beside a new one ` +
    'that is the same in every other member, or in every member that never changes (a creation time among ' +
    'them, and no other object of either read alike), is the same object listed under another id; where its ' +
    'times are written in whole seconds (objects created in one second may look alike), only if it was created ' +
    'before the newest object of the first read.',
  source: (op) => op.idSource,
  unexercised: 'no list was read whole twice with objects in it',
  check: {
    reread({ before, after }, { op, law }) {
      const was = placedIn(op, before, 0);
      const now = placedIn(op, after, before.pages.length);
      if (was.length === 0 || now.length === 0) return NOTHING;
      const nowIds = new Set(now.map((at) => idOf(op, at.item)));
      const wasIds = new Set(was.map((at) => idOf(op, at.item)));
      // Objects of the first read the second no longer lists, by each way they read without their id.
      const gone = new Map<string, { at: Placed; forms: string[] }>();
      for (const at of was) {
        if (nowIds.has(idOf(op, at.item))) continue;
        const entry = { at, forms: withoutId(op, at.item) };
        for (const form of entry.forms) gone.set(form, entry);
      }
      const renamedObjects: JsonObject[] = [];
      const renamed = (earlier: Placed, at: Placed, how: string) => {
        renamedObjects.push(at.item);
        const [from, id] = [idOf(op, earlier.item), idOf(op, at.item)];
        const found = violationOf(
          law,
          `${op.itemsPointer}/${at.index}${op.idField}`,
          `${from} is listed as ${id} when the list is read again, ${how}: ` +
            `${op.idField} identifies one object, and the object keeps it`,
          { from, to: id },
        );
        return onPages(found, [earlier.page, at.page]);
      };
      const matched = new Set<string>();
      const fresh: Placed[] = [];
      const violations = now.flatMap((at) => {
        if (wasIds.has(idOf(op, at.item))) return [];
        const entry = withoutId(op, at.item)
          .map((form) => gone.get(form))
          .find(Boolean);
        if (entry === undefined) {
          fresh.push(at);
          return [];
        }
        for (const form of entry.forms) gone.delete(form);
        matched.add(idOf(op, entry.at.item));
        return [renamed(entry.at, at, 'every other member the same')];
      });
      // Then by what never changes: a live object moves on (its state, its times) as it is renamed.
      const fields = op.immutableFields.filter((field) => field !== op.idField);
      const kept = (list: readonly Placed[]) => uniqueBy(list, (at) => keptMembers(op, fields, at.item));
      const keptBefore = kept(was);
      const keptAfter = kept(now);
      for (const at of fresh) {
        const key = keptMembers(op, fields, at.item);
        if (key === undefined) continue;
        const earlier = keptBefore.get(key);
        if (earlier === undefined || keptAfter.get(key) !== at) continue;
        const from = idOf(op, earlier.item);
        if (nowIds.has(from) || matched.has(from)) continue;
        matched.add(from);
        violations.push(renamed(earlier, at, `with the same ${fields.join(', ')}, which never change`));
      }
      // Objects created in one second may look alike in every member, and one may go as another comes
      // (deleted, created again): where times are written in seconds, a look-alike counts only if it was
      // born before the newest object of the first read, so it existed then and would have been listed.
      const newest = Math.max(...was.map((at) => bornAt(op, at.item)).filter(Number.isFinite));
      const telling = renamedObjects.some((item) => !toTheSecond(op, item) || bornAt(op, item) < newest);
      return { judged: 1, violations: telling ? violations : [] };
    },
  },
});

/** When an object was born: the first time it holds that never changes (its creation or start), as read. */
function bornAt(op: ListOperation, item: JsonObject): number {
  for (const field of op.timeFields) {
    if (!op.immutableFields.includes(field)) continue;
    const value = fieldValue(item, field);
    const at = value === null || value === undefined ? Number.NaN : op.readTime(value);
    if (Number.isFinite(at)) return at;
  }
  return Number.NaN;
}

/**
 * Whether an object writes its times in whole seconds, or writes none (contract/time.ts, inWholeSeconds).
 */
function toTheSecond(op: ListOperation, item: JsonObject): boolean {
  return op.timeFields.every((field) => {
    const value = fieldValue(item, field);
    return (typeof value !== 'number' && typeof value !== 'string') || inWholeSeconds(value);
  });
}

type NestedId = With<'nestedIds'>['nestedIds'][number];
type StableId = With<'stableIds'>['stableIds'][number];
/** An object of a walk with where it was listed. */
type Placed = { item: JsonObject; page: number; index: number };

const nestedString = (item: JsonObject, field: string) => {
  const value = fieldValue(item, field);
  return typeof value === 'string' ? value : undefined;
};

/**
 * Two different objects (by their own id: the same object listed twice is another law's business)
 * that give the same nested id, in the order listed.
 */
function sharedNestedIds(op: ListOperation, law: LawRef, member: NestedId, placed: readonly Placed[], walk: boolean) {
  const { field, distinctBy } = member;
  const seen = new Map<string, Placed[]>();
  let judged = 0;
  const violations = [];
  for (const at of placed) {
    const value = nestedString(at.item, field);
    if (value === undefined) continue;
    judged++;
    const before = seen.get(value) ?? [];
    // The same object listed twice is another law's business; two that agree in `distinctBy` may share the id.
    const earlier = before.find(
      (e) =>
        idOf(op, e.item) !== idOf(op, at.item) &&
        (distinctBy === undefined || distinctBy.some((f) => !sameJson(fieldValue(e.item, f), fieldValue(at.item, f)))),
    );
    before.push(at);
    seen.set(value, before);
    if (!earlier) continue;
    const where = walk ? ` on page ${earlier.page + 1}` : '';
    const found = violationOf(
      law,
      `${op.itemsPointer}/${at.index}${field}`,
      `${idOf(op, at.item)} gives ${field} ${JSON.stringify(value)}, like ${idOf(op, earlier.item)}${where}` +
        `${walk ? ` (page ${at.page + 1})` : ''}; it identifies one of them`,
      value,
    );
    violations.push(walk ? onPages(found, [earlier.page, at.page]) : found);
  }
  return judged < 2 ? NOTHING : { judged, violations };
}

const placedOnPage = (items: readonly unknown[], page: number): Placed[] =>
  items.flatMap((item, index) => (isObject(item) ? [{ item, page, index }] : []));
const placedOnWalk = (op: ListOperation, walk: Walk): Placed[] =>
  walk.pages.flatMap((page, n) => placedOnPage(pageItems(op, page) ?? [], n));

/** `unique-<name>`: one law per nested id the operation declares, judged on each answer and each walk. */
export const nestedIdsUnique = defineLaw<With<'nestedIds'>, NestedId>({
  id: (op, member) => `${op.lawPrefix}.unique-${member.name}` as const,
  appliesTo: having('nestedIds'),
  each: (op) => op.nestedIds,
  statement: (_op, member) =>
    `No two objects of one answer or one walk${
      member.distinctBy ? ` that differ in ${member.distinctBy.join(' or ')}` : ''
    } give the same ${member.field}: it identifies one of them.`,
  source: (_op, member) => member.source,
  unexercised: (_op, member) => `no answer or walk listed two objects with ${withArticle(member.field)}`,
  check: {
    page: ({ exchange }, { op, member, law }): Judgement =>
      sharedNestedIds(op, law, member, placedOnPage(pageItems(op, exchange) ?? [], 0), false),
    walk: ({ walk }, { op, member, law }): Judgement =>
      walk.pages.length < 2 ? NOTHING : sharedNestedIds(op, law, member, placedOnWalk(op, walk), true),
  },
});

const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** Whether two reads show the object in the same situation the stable id is stable in. */
function sameSituation(op: ListOperation, member: StableId, before: JsonObject, after: JsonObject): boolean {
  const state = op.stateField === undefined ? undefined : fieldValue(before, op.stateField);
  if (member.states && (typeof state !== 'string' || !member.states.includes(state))) return false;
  if (member.states && op.stateField !== undefined && fieldValue(after, op.stateField) !== state) return false;
  // A time written in whole seconds that stayed the same says nothing of what happened within its second.
  return (member.sameWhile ?? []).every((field) => {
    const value = fieldValue(before, field);
    const coarse = op.timeFields.includes(field) && (typeof value === 'number' || typeof value === 'string');
    return sameJson(value, fieldValue(after, field)) && !(coarse && inWholeSeconds(value));
  });
}

const situation = (member: StableId) =>
  [
    member.states ? `while the object stays ${member.states.join(' or ')}` : '',
    member.sameWhile ? `with the same ${member.sameWhile.join(' and ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** `stable-<name>`: one law per stable id the operation declares, judged on two reads of one object. */
export const stableIdsFixed = defineLaw<With<'stableIds'>, StableId>({
  id: (op, member) => `${op.lawPrefix}.stable-${member.name}` as const,
  appliesTo: having('stableIds'),
  each: (op) => op.stableIds,
  statement: (_op, member) =>
    `${member.field} is stable: once given, it stays the same between two reads${
      situation(member) ? ` ${situation(member)}` : ''
    }.`,
  source: (_op, member) => member.source,
  unexercised: (_op, member) =>
    `no object was observed twice with ${withArticle(member.field)}${situation(member) ? ` ${situation(member)}` : ''}`,
  check: {
    observation({ id, before, after }, { op, member, law }) {
      const from = nestedString(before, member.field);
      const to = nestedString(after, member.field);
      if (from === undefined || to === undefined || !sameSituation(op, member, before, after)) return NOTHING;
      return {
        judged: 1,
        violations:
          from === to
            ? []
            : [
                violationOf(
                  law,
                  member.field,
                  `${id}: ${member.field} changed from ${JSON.stringify(from)} to ${JSON.stringify(to)}` +
                    `${situation(member) ? ` ${situation(member)}` : ''}; it is a stable id`,
                  { from, to },
                ),
              ],
      };
    },
  },
});
