/**
 * Laws over time: two observations of the same object, in order. Its state moves only along
 * the lifecycle; identity, past events, counters and times never go back.
 */
import { SPEC_FILES } from '../faces.js';
import { mayFollow } from '../lifecycle.js';
import type { ListOperation } from '../operations.js';
import { has } from '../rules/types.js';
import type { Violation } from '../violation.js';
import { makeLaw, violationOf } from './common.js';
import type { Law } from './types.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
        violations: mayFollow(lifecycle, from, to) ? [] : [violationOf(law, `/${stateField}`, `task ${id} went from ${from} to ${to}, which its lifecycle does not allow`, { from, to })],
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
        violationOf(immutable, `/${field}`, `${id}: ${field} changed from ${JSON.stringify(before[field])} to ${JSON.stringify(after[field])}`, { from: before[field], to: after[field] }),
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
    counters.checks.observation = ({ id, before, after }) => {
      const both = fields.filter((field) => typeof before[field] === 'number' && typeof after[field] === 'number');
      return {
        judged: both.length > 0 ? 1 : 0,
        violations: both
          .filter((field) => (after[field] as number) < (before[field] as number))
          .map((field) => violationOf(counters, `/${field}`, `${id}: ${field} went down from ${String(before[field])} to ${String(after[field])}`, { from: before[field], to: after[field] })),
      };
    };
    laws.push(counters);
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
          violationOf(times, `/${field}`, `${id}: ${field} went back from ${JSON.stringify(before[field])} to ${JSON.stringify(after[field])}`, { from: before[field], to: after[field] }),
        );
    }
    return { judged, violations };
  };
  laws.push(times);
  return laws;
}
