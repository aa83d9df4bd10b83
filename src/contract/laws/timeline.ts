/**
 * Laws over time: two observations of the same object, in order. Its state moves only along
 * the lifecycle; identity, past events, counters and times never go back.
 */

import { contractOfOperation } from '../api-set.js';
import { mayFollow } from '../lifecycle.js';
import { fieldValue, type ListOperation } from '../operations.js';
import { escapePointer } from '../pointer.js';
import type { JsonObject } from '../rules/types.js';
import type { Violation } from '../violation.js';
import { lawId, NOTHING, violationOf } from './common.js';
import { defineLaw, everyOperation, having } from './define.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a field holds the same value in two reads: for a time field, the same instant however
 * it is written (RFC 3339 lets `.126Z`, `.126000Z` and `+08:00` name one instant); else the same JSON.
 */
function sameAt(op: Pick<ListOperation, 'timeFields' | 'readTime'>, field: string, a: unknown, b: unknown): boolean {
  if (same(a, b)) return true;
  if (!op.timeFields.includes(field) || typeof a !== typeof b || (typeof a !== 'string' && typeof a !== 'number'))
    return false;
  const [x, y] = [op.readTime(a), op.readTime(b)];
  return Number.isFinite(x) && x === y;
}

/** Equal JSON values, whatever the order of object keys (a server may serialize them in any order). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((v, i) => deepEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

const hasLifecycle = having('lifecycle', 'stateField');
const hasCounters = having('counters');
const hasCreationSnapshot = having('creationSnapshot');
const hasFinalContent = having('finalContent', 'stateField');
const hasStopsWork = having('stopsWork', 'stateField');

export const lifecycleForward = defineLaw({
  id: 'lifecycle-forward',
  appliesTo: hasLifecycle,
  statement: 'Between observations a task only moves along its lifecycle; a finished task never runs again.',
  source: (op) => op.lifecycle.source,
  unexercised: 'no task was seen to change state between two observations',
  check: {
    observation({ id, before, after }, { op, law }) {
      const { lifecycle, stateField } = op;
      const from = fieldValue(before, stateField);
      const to = fieldValue(after, stateField);
      if (typeof from !== 'string' || typeof to !== 'string' || from === to) return { judged: 0, violations: [] };
      return {
        judged: 1,
        violations: mayFollow(lifecycle, from, to)
          ? []
          : [
              violationOf(
                law,
                stateField,
                `task ${id} went from ${from} to ${to}, which its lifecycle does not allow`,
                { from, to },
              ),
            ],
      };
    },
  },
});

export const immutableFields = defineLaw({
  id: 'immutable-fields',
  appliesTo: (op) => op.immutableFields.length > 0,
  statement: (op) => `${op.immutableFields.join(', ')} never change between observations.`,
  source: (op) =>
    op.idSource ?? { file: contractOfOperation(op).specFile, sentence: `${op.idField} identifies the object` },
  unexercised: 'no object was observed twice',
  check: {
    observation: ({ id, before, after }, { op, law }) => ({
      judged: 1,
      violations: op.immutableFields.flatMap((field) => {
        const [was, now] = [fieldValue(before, field), fieldValue(after, field)];
        if (was === undefined || now === undefined || sameAt(op, field, was, now)) return [];
        return [
          violationOf(law, field, `${id}: ${field} changed from ${JSON.stringify(was)} to ${JSON.stringify(now)}`, {
            from: was,
            to: now,
          }),
        ];
      }),
    }),
  },
});

export const pastEventsFixed = defineLaw({
  id: 'past-events-fixed',
  appliesTo: (op) => op.pastEventFields.length > 0,
  statement: (op) => `${op.pastEventFields.join(', ')} record a past event: once set, they never change.`,
  source: (op) =>
    op.sources?.pastEvents ?? {
      file: contractOfOperation(op).specFile,
      sentence: `${op.pastEventFields.join(', ')}: the time the task started or ended`,
    },
  unexercised: (op) => `no object was observed twice with ${op.pastEventFields.join(' or ')} set`,
  check: {
    observation({ id, before, after }, { op, law }) {
      const set = op.pastEventFields.filter((field) => {
        const value = fieldValue(before, field);
        return value !== undefined && value !== null;
      });
      return {
        judged: set.length > 0 ? 1 : 0,
        violations: set.flatMap((field) => {
          const [was, now] = [fieldValue(before, field), fieldValue(after, field)];
          if (sameAt(op, field, was, now)) return [];
          return [
            violationOf(
              law,
              field,
              `${id}: ${field} was ${JSON.stringify(was)} and is now ` +
                `${now === undefined ? 'absent' : JSON.stringify(now)}; a past event does not change`,
              { from: was, to: now },
            ),
          ];
        }),
      };
    },
  },
});

/** A counter's value: a number, or how many entries a list of recorded things holds. */
function countOf(item: JsonObject, field: string): number | undefined {
  const value = fieldValue(item, field);
  if (typeof value === 'number') return value;
  return Array.isArray(value) ? value.length : undefined;
}

export const countersNeverDecrease = defineLaw({
  id: 'counters-never-decrease',
  appliesTo: hasCounters,
  statement: (op) => `${op.counters.fields.join(', ')} never decrease between observations.`,
  source: (op) => op.counters.source,
  unexercised: (op) => `no object was observed twice with ${op.counters.fields.join(' or ')} set`,
  check: {
    // A pointer (/usage/input_tokens) reaches into nested objects; a list counts its entries.
    observation({ id, before, after }, { op, law }) {
      const both = op.counters.fields.filter(
        (field) => countOf(before, field) !== undefined && countOf(after, field) !== undefined,
      );
      return {
        judged: both.length > 0 ? 1 : 0,
        violations: both
          .filter((field) => countOf(after, field)! < countOf(before, field)!)
          .map((field) =>
            violationOf(
              law,
              field,
              `${id}: ${field} went down from ${countOf(before, field)} to ${countOf(after, field)}` +
                (Array.isArray(fieldValue(after, field)) ? ' entries' : ''),
              { from: fieldValue(before, field), to: fieldValue(after, field) },
            ),
          ),
      };
    },
  },
});

export const creationSnapshotFixed = defineLaw({
  id: 'creation-snapshot-fixed',
  appliesTo: hasCreationSnapshot,
  statement: (op) =>
    `${op.creationSnapshot.fields.join(', ')} are taken when the object is created: ` +
    'they never change between observations.',
  source: (op) => op.creationSnapshot.source,
  unexercised: (op) => `no object was observed twice with ${op.creationSnapshot.fields.join(' or ')}`,
  check: {
    // A pointer (/tool/name) reaches into nested objects, as counters do.
    observation({ id, before, after }, { op, law }) {
      const both = op.creationSnapshot.fields.filter(
        (field) => fieldValue(before, field) !== undefined && fieldValue(after, field) !== undefined,
      );
      return {
        judged: both.length > 0 ? 1 : 0,
        violations: both
          .filter((field) => !deepEqual(unordered(fieldValue(before, field)), unordered(fieldValue(after, field))))
          .map((field) => {
            const [from, to] = [fieldValue(before, field), fieldValue(after, field)];
            return violationOf(
              law,
              field,
              `${id}: ${field} changed from ${JSON.stringify(from)} to ${JSON.stringify(to)}; it is fixed at creation`,
              { from, to },
            );
          }),
      };
    },
  },
});

export const finalContentFixed = defineLaw({
  id: 'final-content-fixed',
  appliesTo: hasFinalContent,
  statement: (op) =>
    `A task that is ${op.finalContent.states.join(' or ')} is not processed further: while it stays so, its ` +
    `${op.finalContent.fields.join(' and ')} never change between observations.`,
  source: (op) => op.finalContent.source,
  unexercised: (op) => `no task was observed twice while ${op.finalContent.states.join(' or ')}`,
  check: {
    observation({ id, before, after }, { op, law }) {
      const state = fieldValue(before, op.stateField);
      if (
        typeof state !== 'string' ||
        !op.finalContent.states.includes(state) ||
        fieldValue(after, op.stateField) !== state
      )
        return { judged: 0, violations: [] };
      return {
        judged: 1,
        violations: op.finalContent.fields.flatMap((field) => {
          const [was, now] = [fieldValue(before, field), fieldValue(after, field)];
          if (deepEqual(was, now) || (op.finalContent.filledLate?.includes(field) && !held(was))) return [];
          return [
            violationOf(
              law,
              field,
              `${id}: ${field} changed from ${JSON.stringify(was) ?? 'absent'} to ` +
                `${JSON.stringify(now) ?? 'absent'} while the task stayed ${state}, which is not processed further`,
              { from: was, to: now },
            ),
          ];
        }),
      };
    },
  },
});

type Stop = NonNullable<ListOperation['stopsWork']>[number];

/** Whether a member holds something: not absent, not null, not an empty list. */
const held = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** How much a member holds, by where in it: a number, a list's length, or each number inside an object. */
function amounts(value: unknown, at = ''): Map<string, number> {
  if (typeof value === 'number') return new Map([[at, value]]);
  if (Array.isArray(value)) return new Map([[at, value.length]]);
  if (typeof value !== 'object' || value === null) return new Map();
  return new Map(Object.entries(value).flatMap(([key, member]) => [...amounts(member, `${at}/${escapePointer(key)}`)]));
}

/** Where a member of the later read holds more than the earlier one held there (undefined where nowhere). */
function grownAt(before: unknown, after: unknown): string | undefined {
  const was = amounts(before);
  for (const [at, now] of amounts(after)) if (was.has(at) && now > was.get(at)!) return at;
  return undefined;
}

export const nothingGrowsWhileStopped = defineLaw({
  id: (op, stop: Stop) => lawId(op, `nothing-grows-while-${stop.state.replace(/_/g, '-')}`),
  appliesTo: hasStopsWork,
  each: (op) => op.stopsWork,
  statement: (_op, stop) =>
    `A task that is ${stop.state} waits for ${stop.waitsFor} and does not proceed meanwhile: between two reads ` +
    `that show it ${stop.state} with the same ${stop.sameWhile.join(' and ')} (the same wait), ` +
    `${stop.grows.join(', ')} do not grow.`,
  source: (_op, stop) => stop.source,
  unexercised: (_op, stop) =>
    `no task was read twice while ${stop.state} with the same ${stop.sameWhile.join(' and ')}`,
  check: {
    observation({ id, before, after }, { op, member: stop, law }) {
      const state = op.stateField;
      if (fieldValue(before, state) !== stop.state || fieldValue(after, state) !== stop.state) return NOTHING;
      const sameWait = stop.sameWhile.every((field) => {
        const [was, now] = [fieldValue(before, field), fieldValue(after, field)];
        return held(was) && held(now) && deepEqual(unordered(was), unordered(now));
      });
      if (!sameWait) return NOTHING;
      const violations = stop.grows.flatMap((field) => {
        const [from, to] = [fieldValue(before, field), fieldValue(after, field)];
        const where = grownAt(from, to);
        if (where === undefined) return [];
        const [was, now] = [amounts(from).get(where), amounts(to).get(where)];
        const grown = Array.isArray(fieldValue(after, `${field}${where}`))
          ? `went from ${was} to ${now} entries`
          : `went up from ${was} to ${now}`;
        return [
          violationOf(
            law,
            field,
            `${id}: ${field}${where} ${grown} while the task stayed ${stop.state}, waiting for ` +
              `${stop.waitsFor} (the same ${stop.sameWhile.join(' and ')} on both reads)`,
            { from, to },
          ),
        ];
      });
      return { judged: 1, violations };
    },
  },
});

export const timesNeverGoBack = defineLaw({
  id: 'times-never-go-back',
  appliesTo: everyOperation,
  statement: (op) =>
    `${op.timeFields.join(', ')} never move backwards between observations` +
    (op.timesOnceSet ? `; once set, ${op.timesOnceSet.fields.join(', ')} is never null again.` : '.'),
  source: (op) =>
    op.sources?.times ?? { file: contractOfOperation(op).specFile, sentence: 'timestamps record when things happened' },
  unexercised: (op) => `no object was observed twice with ${op.timeFields.join(' or ')} holding a time`,
  check: {
    observation({ id, before, after }, { op, law }) {
      let judged = 0;
      const violations: Violation[] = [];
      for (const field of op.timeFields) {
        const [was, now] = [fieldValue(before, field), fieldValue(after, field)];
        const a = op.readTime(was);
        const b = op.readTime(now);
        const onceSet = op.timesOnceSet;
        if (Number.isFinite(a) && now === null && onceSet?.fields.includes(field)) {
          judged = 1;
          violations.push(
            violationOf(
              law,
              field,
              `${id}: ${field} went back from ${JSON.stringify(was)} to null, which says it never ` +
                `happened (${onceSet.source.file}: "${onceSet.source.sentence}")`,
              { from: was, to: null },
            ),
          );
          continue;
        }
        if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
        judged = 1;
        if (b < a)
          violations.push(
            violationOf(law, field, `${id}: ${field} went back from ${JSON.stringify(was)} to ${JSON.stringify(now)}`, {
              from: was,
              to: now,
            }),
          );
      }
      return { judged, violations };
    },
  },
});

/** An array of ids as a set (sorted copies); anything else as it is. */
function unordered(value: unknown): unknown {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value].sort() : value;
}
