/**
 * Snapshots of one task over time: legal sequences (each step a transition the lifecycle
 * allows, times that never go back, immutable fields unchanged) and illegal ones labelled with
 * the law they break.
 */
import fc from 'fast-check';
import type { ApiSet } from '../contract/api-set.js';
import { isTerminal } from '../contract/lifecycle.js';
import { fieldValue, setField, taskOperation } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import { repair, validObject } from './objects.js';
import { generatorsOf } from './profiles.js';

export interface LifecycleCase {
  snapshots: JsonObject[];
  /** The laws an illegal sequence breaks; absent for legal ones. */
  breaks?: string[];
}

/**
 * Moves a snapshot one step on: new state, later times, fields the rules require. New times are
 * `stepMs` after the previous ones, or, given `atMs` (a clock's now), that time (never earlier
 * than the previous times).
 */
export function advanceSnapshot(
  api: ApiName,
  previous: JsonObject,
  state: string,
  stepMs: number,
  atMs: number | undefined,
  apis: ApiSet,
): JsonObject {
  const later = (base: number) => (atMs === undefined ? base + stepMs : Math.max(atMs, base + 1));
  const op = taskOperation(api, apis);
  const next = structuredClone(previous);
  setField(next, op.stateField!, state);
  generatorsOf(api, apis).lifecycle.advance?.(previous, next, state, later, stepMs);
  return repair(api, 'task', next, undefined, apis);
}

function startAt(api: ApiName, task: JsonObject, apis: ApiSet): JsonObject {
  const { lifecycle } = generatorsOf(api, apis);
  const first = structuredClone(task);
  setField(first, taskOperation(api, apis).stateField!, lifecycle.initial);
  lifecycle.start?.(first);
  return repair(api, 'task', first, undefined, apis);
}

/** Legal timelines of one task, 1 to `maxSteps` snapshots. */
export function legalLifecycle(api: ApiName, maxSteps = 6, apis: ApiSet): fc.Arbitrary<LifecycleCase> {
  const op = taskOperation(api, apis);
  const lifecycle = op.lifecycle!;
  return fc
    .tuple(
      validObject(api, 'task', { apis }),
      fc.array(fc.nat(), { minLength: 0, maxLength: maxSteps - 1 }),
      fc.array(fc.integer({ min: 1, max: 600_000 }), { minLength: maxSteps, maxLength: maxSteps }),
    )
    .map(([task, choices, steps]) => {
      const snapshots = [startAt(api, task, apis)];
      for (const [i, choice] of choices.entries()) {
        const current = String(fieldValue(snapshots[snapshots.length - 1]!, op.stateField!));
        const options = lifecycle.transitions[current] ?? [];
        if (options.length === 0) break;
        snapshots.push(
          advanceSnapshot(
            api,
            snapshots[snapshots.length - 1]!,
            options[choice % options.length]!,
            steps[i]!,
            undefined,
            apis,
          ),
        );
      }
      return { snapshots };
    });
}

export type IllegalKind = 'lifecycle-forward' | 'immutable-fields' | 'times-never-go-back';

/** Timelines that break one over-time law, labelled with it. */
export function illegalLifecycle(
  api: ApiName,
  kind: IllegalKind | undefined,
  apis: ApiSet,
): fc.Arbitrary<LifecycleCase> {
  const op = taskOperation(api, apis);
  const lifecycle = op.lifecycle!;
  // No immutable-fields case where the operation names no fixed field (A2A's task: its id only, ids-stable's).
  const all: IllegalKind[] = ['lifecycle-forward', 'immutable-fields', 'times-never-go-back'];
  const kinds = kind ? [kind] : all.filter((k) => k !== 'immutable-fields' || op.immutableFields.length > 0);
  return fc
    .tuple(legalLifecycle(api, undefined, apis), fc.constantFrom(...kinds), fc.constantFrom(...lifecycle.terminal))
    .map(([legal, chosen, terminal]) => {
      const snapshots = legal.snapshots.slice();
      const last = snapshots[snapshots.length - 1]!;
      if (chosen === 'lifecycle-forward') {
        // Finish the task, then show it back in its first state: a finished task never runs again.
        const finished = isTerminal(lifecycle, String(fieldValue(last, op.stateField!)))
          ? last
          : advanceSnapshot(api, last, terminal, 1000, undefined, apis);
        if (finished !== last) snapshots.push(finished);
        const revived = structuredClone(finished);
        setField(revived, op.stateField!, generatorsOf(api, apis).lifecycle.initial);
        snapshots.push(revived);
      } else if (chosen === 'immutable-fields') {
        const changed = structuredClone(last);
        const field = op.immutableFields.find((f) => f !== op.idField) ?? op.idField;
        // A numeric field (a Unix time) moves on by one unit; any other takes a value it cannot have had.
        const was = fieldValue(last, field);
        setField(changed, field, typeof was === 'number' ? was + 1 : '2030-01-01T00:00:00.000Z');
        snapshots.push(changed);
      } else {
        const earlier = structuredClone(last);
        const present = op.timeFields.filter((f) => Number.isFinite(op.readTime(fieldValue(last, f))));
        const field = present.find((f) => !op.immutableFields.includes(f)) ?? present[0]!;
        // A Unix time goes back one unit; an RFC 3339 time one second.
        const was = fieldValue(last, field);
        setField(
          earlier,
          field,
          typeof was === 'number' ? was - 1 : new Date(Date.parse(String(was)) - 1000).toISOString(),
        );
        snapshots.push(earlier);
        // A time that is also immutable (JSON-RPC has only created_at) or a past event breaks both laws.
        if (op.immutableFields.includes(field))
          return { snapshots, breaks: [`${op.lawPrefix}.${chosen}`, `${op.lawPrefix}.immutable-fields`] };
        if (op.pastEventFields.includes(field))
          return { snapshots, breaks: [`${op.lawPrefix}.${chosen}`, `${op.lawPrefix}.past-events-fixed`] };
        // So does a time the task's end state holds fixed (Ark's started_at), moved while it stays there.
        const state = String(fieldValue(last, op.stateField!));
        if (op.finalContent?.fields.includes(field) && op.finalContent.states.includes(state))
          return { snapshots, breaks: [`${op.lawPrefix}.${chosen}`, `${op.lawPrefix}.final-content-fixed`] };
      }
      return { snapshots, breaks: [`${op.lawPrefix}.${chosen}`] };
    });
}
