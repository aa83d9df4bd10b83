/**
 * Laws over time: two observations of the same object, in order. Its state moves only along
 * the lifecycle; identity, past events, counters and times never go back.
 */
import { SPEC_FILES } from '../faces.js';
import { mayFollow } from '../lifecycle.js';
import { type ListOperation, fieldValue } from '../operations.js';
import { has } from '../rules/types.js';
import type { Violation } from '../violation.js';
import { makeLaw, violationOf } from './common.js';
import type { Law } from './types.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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

export function timelineLaws(op: ListOperation): Law[] {
  const laws: Law[] = [];
  if (op.lifecycle && op.stateField) {
    const { lifecycle, stateField } = op;
    const law = makeLaw(
      op,
      'lifecycle-forward',
      'Between observations a task only moves along its lifecycle; a finished task never runs again.',
      lifecycle.source,
      'no task was seen to change state between two observations',
      {},
    );
    law.checks.observation = ({ id, before, after }) => {
      const from = before[stateField];
      const to = after[stateField];
      if (typeof from !== 'string' || typeof to !== 'string' || from === to) return { judged: 0, violations: [] };
      return {
        judged: 1,
        violations: mayFollow(lifecycle, from, to)
          ? []
          : [
              violationOf(
                law,
                `/${stateField}`,
                `task ${id} went from ${from} to ${to}, which its lifecycle does not allow`,
                { from, to },
              ),
            ],
      };
    };
    laws.push(law);
  }

  const immutable = makeLaw(
    op,
    'immutable-fields',
    `${op.immutableFields.join(', ')} never change between observations.`,
    { file: SPEC_FILES[op.face], sentence: `${op.idField} identifies the object` },
    'no object was observed twice',
    {},
  );
  immutable.checks.observation = ({ id, before, after }) => ({
    judged: 1,
    violations: op.immutableFields
      .filter((field) => field in before && field in after && !same(before[field], after[field]))
      .map((field) =>
        violationOf(
          immutable,
          `/${field}`,
          `${id}: ${field} changed from ${JSON.stringify(before[field])} to ${JSON.stringify(after[field])}`,
          { from: before[field], to: after[field] },
        ),
      ),
  });
  laws.push(immutable);

  if (op.pastEventFields.length > 0) {
    const fields = op.pastEventFields;
    const past = makeLaw(
      op,
      'past-events-fixed',
      `${fields.join(', ')} record a past event: once set, they never change.`,
      { file: SPEC_FILES[op.face], sentence: `${fields.join(', ')}: the time the task started or ended` },
      `no object was observed twice with ${fields.join(' or ')} set`,
      {},
    );
    past.checks.observation = ({ id, before, after }) => {
      const set = fields.filter((field) => has(before, field) && before[field] !== null);
      return {
        judged: set.length > 0 ? 1 : 0,
        violations: set
          .filter((field) => !same(before[field], after[field]))
          .map((field) =>
            violationOf(
              past,
              `/${field}`,
              `${id}: ${field} was ${JSON.stringify(before[field])} and is now ${after[field] === undefined ? 'absent' : JSON.stringify(after[field])}; a past event does not change`,
              { from: before[field], to: after[field] },
            ),
          ),
      };
    };
    laws.push(past);
  }

  if (op.counters) {
    const fields = op.counters.fields;
    const counters = makeLaw(
      op,
      'counters-never-decrease',
      `${fields.join(', ')} never decrease between observations.`,
      op.counters.source,
      `no object was observed twice with ${fields.join(' or ')} set`,
      {},
    );
    // Dotted names (usage.input_tokens) reach into nested objects.
    counters.checks.observation = ({ id, before, after }) => {
      const both = fields.filter(
        (field) => typeof fieldValue(before, field) === 'number' && typeof fieldValue(after, field) === 'number',
      );
      return {
        judged: both.length > 0 ? 1 : 0,
        violations: both
          .filter((field) => (fieldValue(after, field) as number) < (fieldValue(before, field) as number))
          .map((field) =>
            violationOf(
              counters,
              `/${field.replace(/\./g, '/')}`,
              `${id}: ${field} went down from ${String(fieldValue(before, field))} to ${String(fieldValue(after, field))}`,
              {
                from: fieldValue(before, field),
                to: fieldValue(after, field),
              },
            ),
          ),
      };
    };
    laws.push(counters);
  }

  if (op.creationSnapshot) {
    const { fields, source } = op.creationSnapshot;
    const snapshot = makeLaw(
      op,
      'creation-snapshot-fixed',
      `${fields.join(', ')} are taken when the object is created: they never change between observations.`,
      source,
      `no object was observed twice with ${fields.join(' or ')}`,
      {},
    );
    snapshot.checks.observation = ({ id, before, after }) => {
      const both = fields.filter((field) => has(before, field) && has(after, field));
      return {
        judged: both.length > 0 ? 1 : 0,
        violations: both
          .filter((field) => !deepEqual(unordered(before[field]), unordered(after[field])))
          .map((field) =>
            violationOf(
              snapshot,
              `/${field}`,
              `${id}: ${field} changed from ${JSON.stringify(before[field])} to ${JSON.stringify(after[field])}; it is fixed at creation`,
              {
                from: before[field],
                to: after[field],
              },
            ),
          ),
      };
    };
    laws.push(snapshot);
  }

  const times = makeLaw(
    op,
    'times-never-go-back',
    `${op.timeFields.join(', ')} never move backwards between observations.`,
    { file: SPEC_FILES[op.face], sentence: 'timestamps record when things happened' },
    'no object was observed twice',
    {},
  );
  times.checks.observation = ({ id, before, after }) => {
    let judged = 0;
    const violations: Violation[] = [];
    for (const field of op.timeFields) {
      const a = op.readTime(before[field]);
      const b = op.readTime(after[field]);
      if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
      judged = 1;
      if (b < a)
        violations.push(
          violationOf(
            times,
            `/${field}`,
            `${id}: ${field} went back from ${JSON.stringify(before[field])} to ${JSON.stringify(after[field])}`,
            { from: before[field], to: after[field] },
          ),
        );
    }
    return { judged, violations };
  };
  laws.push(times);
  return laws;
}

/** An array of ids as a set (sorted copies); anything else as it is. */
function unordered(value: unknown): unknown {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value].sort() : value;
}
