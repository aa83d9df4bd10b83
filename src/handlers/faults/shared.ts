/** Fault transforms every API has: broken item rules, a schema break, drift, revived tasks, shrinking counters. */
import type { Face } from '../../contract/faces.js';
import { idOf, sessionFieldOf, taskOperation } from '../../contract/operations.js';
import type { ItemRule, JsonObject } from '../../contract/rules/types.js';
import { generatorsOf, kitOf } from '../../generators/profiles.js';
import { repair } from '../../generators/repair.js';
import { afterFirstWalk, editEnvelope, editItems, type FaultTransform, isFiltered } from './transform.js';

/** Breaks one item rule on the first listed item (or on the envelope, for envelope rules). */
export function itemRuleFault(rule: ItemRule): FaultTransform {
  const kit = kitOf(rule.face, rule.id);
  const breakOne = (item: JsonObject) => {
    kit.break(item);
    repair(rule.face, rule.target, item, rule.id);
  };
  return {
    response: (response, _sent, _context, op) => {
      if (op.envelopeTarget === rule.target) return editEnvelope(response, breakOne);
      if (op.target !== rule.target) return response;
      return editItems(op, response, (items) => {
        if (items[0]) breakOne((items[0] = structuredClone(items[0])));
        return items;
      });
    },
  };
}

/** `…ids-unique`: the first item is listed again at the end of the answer. */
export const repeatedItem: FaultTransform = {
  response: (response, _sent, _context, op) =>
    editItems(op, response, (items) => (items[0] ? [...items, items[0]] : items)),
};

/** `<face>.response-schema`: the first item's id becomes a number. */
export const numericId: FaultTransform = {
  response: (response, _sent, _context, op) =>
    editItems(op, response, (items) => (items[0] ? [{ ...items[0], [op.idField]: 12345 }, ...items.slice(1)] : items)),
};

/** `…no-undocumented-fields`: a field no document declares (what a vendor adds before documenting it). */
export const undocumentedField: FaultTransform = {
  response: (response, _sent, _context, op) =>
    editItems(op, response, (items) =>
      items[0] ? [{ ...items[0], x_undocumented_field: 'added by the vendor' }, ...items.slice(1)] : items,
    ),
};

/**
 * `…lifecycle-forward`: a finished task is shown finished on the first walk that lists it and
 * running on every later walk (unfiltered lists only, so the revived task breaks no filter).
 */
export function revivesFinishedTasks(face: Face, liveState: string): FaultTransform {
  return {
    response: (response, sent, context, op) => {
      if (isFiltered(op, sent)) return response;
      const stateField = op.stateField!;
      const finished = op.lifecycle!.terminal;
      const revived = liveState;
      return editItems(op, response, (items) =>
        items.map((item) => {
          if (!finished.includes(String(item[stateField])) || !afterFirstWalk(context, `${face}|${idOf(op, item)}`))
            return item;
          return repair(face, 'task', { ...structuredClone(item), [stateField]: revived });
        }),
      );
    },
  };
}

/** `…counters-never-decrease`: from the second walk on, every counter of 2 or more reads one less. */
export function shrinkingCounter(face: Face): FaultTransform {
  const counter = taskOperation(face).counters?.fields[0];
  return {
    response: (response, _sent, context, op) => {
      if (!counter || !afterFirstWalk(context, `${face}.counters`)) return response;
      return editItems(op, response, (items) =>
        items.map((item) =>
          typeof item[counter] === 'number' && item[counter] >= 2 ? { ...item, [counter]: item[counter] - 1 } : item,
        ),
      );
    },
  };
}

/** A copy of a task moved to another session: what `items-belong-to-session` faults list. */
export function strayTask(face: Face, item: JsonObject, foreignSession: string): JsonObject {
  const stray = structuredClone(item);
  const idField = taskOperation(face).idField;
  stray[idField] = `${String(item[idField])}-stray`;
  const op = taskOperation(face);
  stray[sessionFieldOf(op) ?? 'session_id'] = foreignSession;
  generatorsOf(face).finish?.(stray);
  return stray;
}
