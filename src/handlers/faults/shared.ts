/** Fault transforms every API has: broken item rules, a schema break, drift, revived tasks, shrinking counters. */

import type { ApiSet } from '../../contract/api-set.js';
import { isoFromMillis } from '../../contract/iso.js';
import {
  componentOf,
  fieldValue,
  idOf,
  type ListOperation,
  operationsIn,
  sessionFieldOf,
  setField,
  taskOperation,
} from '../../contract/operations.js';
import type { ApiName } from '../../contract/registry.js';
import { isObject } from '../../contract/rules/check-helpers.js';
import type { ItemRule, JsonObject } from '../../contract/rules/types.js';
import { withArticle } from '../../contract/words.js';
import { generatorsOf } from '../../generators/profiles.js';
import { repair } from '../../generators/repair.js';
import type { MockContext, MockResponse } from '../types.js';
import { afterFirstWalk, editEnvelope, editItems, type FaultTransform, isFiltered } from './transform.js';

/** Where a fault's count of broken objects lives in the mock's fault memory. */
const brokeKey = (id: string) => `broke|${id}`;
const listedKey = (id: string) => `listed|${id}`;

/** How many objects an item-rule fault has broken, of how many it was shown, since the mock was reset. */
export function brokenCount(memory: ReadonlyMap<string, number>, id: string): { broke: number; of: number } {
  return { broke: memory.get(brokeKey(id)) ?? 0, of: memory.get(listedKey(id)) ?? 0 };
}

/** Counts what one answer broke, and says so in the answer's `x-mock-faults` header (a test or devtools reads it). */
function tally(response: MockResponse, context: MockContext, id: string, noun: string, broke: number, of: number) {
  const add = (key: string, n: number) => context.faultMemory.set(key, (context.faultMemory.get(key) ?? 0) + n);
  add(brokeKey(id), broke);
  add(listedKey(id), of);
  const said = `${id} broke ${broke} of ${of} ${of === 1 ? noun : `${noun}s`}`;
  const before = response.headers['x-mock-faults'];
  response.headers = { ...response.headers, 'x-mock-faults': before ? `${before}, ${said}` : said };
  return response;
}

/**
 * Breaks one item rule on the first listed item of each answer (or on every one, the `every`
 * form; on the envelope, for envelope rules). Its `changes` is the repair's `breaks`.
 */
export function itemRuleFault(rule: ItemRule, apis: ApiSet): FaultTransform {
  const breakOne = (item: JsonObject) => {
    rule.repair.break(item);
    repair(rule.api, rule.target, item, rule.id, apis);
  };
  const how = rule.repair.breaks ?? `breaks it so that this no longer holds: ${rule.statement}`;
  // The spec's name for the objects (BackgroundTask: "background task", Job: "job").
  const noun =
    rule.target === 'envelope'
      ? 'envelope'
      : componentOf(rule.api, rule.target, apis)
          .replace(/(?<=[a-z])(?=[A-Z])/g, ' ')
          .toLowerCase();
  const transform =
    (every: boolean): FaultTransform['response'] =>
    (response, _sent, context, op) => {
      if (op.envelopeTarget === rule.target) {
        const edited = editEnvelope(response, breakOne);
        return edited === response ? response : tally(edited, context, rule.id, 'envelope', 1, 1);
      }
      if (op.target !== rule.target) return response;
      let broke = 0;
      let of = 0;
      const edited = editItems(op, response, (items) => {
        of = items.length;
        broke = every ? items.length : Math.min(1, items.length);
        for (let i = 0; i < broke; i++) breakOne((items[i] = structuredClone(items[i]!)));
        return items;
      });
      return edited === response ? response : tally(edited, context, rule.id, noun, broke, of);
    };
  if (rule.target === 'envelope') {
    const changes = `on the envelope of each list answer: ${how}`;
    return { changes, response: transform(false), every: { changes, response: transform(true) } };
  }
  return {
    changes: `on the first ${noun} of each list answer (one per page; \`:every\` breaks every one): ${how}`,
    response: transform(false),
    every: { changes: `on every ${noun} of each list answer: ${how}`, response: transform(true) },
  };
}

/** `…ids-unique`: the first item is listed again at the end of the answer. */
export const repeatedItem: FaultTransform = {
  changes: 'lists the first item of each answer again at its end',
  response: (response, _sent, _context, op) =>
    editItems(op, response, (items) => (items[0] ? [...items, items[0]] : items)),
};

/** A copy of an object with its id, and every mention of it in its other members, ending in `x`. */
function renamed(op: ListOperation, item: JsonObject): JsonObject {
  const id = idOf(op, item);
  const escaped = JSON.stringify(id).slice(1, -1);
  const copy = JSON.parse(JSON.stringify(item).split(escaped).join(`${escaped}x`)) as JsonObject;
  setField(copy, op.idField, `${id}x`);
  return copy;
}

/**
 * `…ids-stable`: a list asked for with no parameter but its session lists each object under `<id>x`
 * once an earlier walk has listed it, all but the first and last object of the page (a cursor may
 * name them).
 */
export const renamedOnLaterReads: FaultTransform = {
  changes:
    'lists each object of a list asked for with no parameter (but its session) with x appended to its id, and to ' +
    'every mention of the id inside it, once an earlier walk has listed it (not the first or last of the page)',
  response: (response, sent, context, op) =>
    [...sent.query.keys()].some((param) => op.session.in !== 'query' || param !== op.session.param)
      ? response
      : editItems(op, response, (items) =>
          items.map((item, i) =>
            i > 0 &&
            i < items.length - 1 &&
            isObject(item) &&
            afterFirstWalk(context, `ids-stable|${op.operationId}|${idOf(op, item)}`)
              ? renamed(op, item)
              : item,
          ),
        ),
};

/**
 * `…listed-between-reads`: a list asked for with no parameter but its session leaves out its second
 * object on every second such request (counted by path), as a replica behind the others would.
 */
export const droppedOnAlternateReads: FaultTransform = {
  changes:
    'leaves the second object out of every second answer to a list asked for with no parameter but its session ' +
    '(counted for each path), and lists it on the others',
  response: (response, sent, context, op) => {
    if ([...sent.query.keys()].some((param) => op.session.in !== 'query' || param !== op.session.param))
      return response;
    const key = `listed-between-reads|${op.operationId}|${sent.path}`;
    const asked = (context.faultMemory.get(key) ?? 0) + 1;
    context.faultMemory.set(key, asked);
    return asked % 2 === 0 ? editItems(op, response, (items) => items.filter((_, i) => i !== 1)) : response;
  },
};

/** `<api>.response-schema`: the first item's id becomes a number. */
export const numericId: FaultTransform = {
  changes: 'turns the id of the first item of each answer into the number 12345',
  response: (response, _sent, _context, op) =>
    editItems(op, response, ([first, ...rest]) => {
      if (!first) return [];
      const changed = structuredClone(first);
      setField(changed, op.idField, 12345);
      return [changed, ...rest];
    }),
};

/** `…no-undocumented-fields`: a field no document declares (what a vendor adds before documenting it). */
export const undocumentedField: FaultTransform = {
  changes: 'adds the field x_undocumented_field to the first item of each answer',
  response: (response, _sent, _context, op) =>
    editItems(op, response, (items) =>
      items[0] ? [{ ...items[0], x_undocumented_field: 'added by the vendor' }, ...items.slice(1)] : items,
    ),
};

/**
 * `…lifecycle-forward`: a finished task is shown finished on the first walk that lists it and
 * running on every later walk (unfiltered lists only, so the revived task breaks no filter).
 */
export function revivesFinishedTasks(api: ApiName, liveState: string): FaultTransform {
  return {
    changes:
      `shows every finished task ${liveState} again on each walk after the first that listed it finished ` +
      '(unfiltered lists only)',
    response: (response, sent, context, op) => {
      if (isFiltered(op, sent)) return response;
      const stateField = op.stateField!;
      const finished = op.lifecycle!.terminal;
      const revived = liveState;
      return editItems(op, response, (items) =>
        items.map((item) => {
          if (
            !finished.includes(String(fieldValue(item, stateField))) ||
            !afterFirstWalk(context, `${api}|${idOf(op, item)}`)
          )
            return item;
          const again = structuredClone(item);
          setField(again, stateField, revived);
          return repair(api, 'task', again, undefined, context.apis);
        }),
      );
    },
  };
}

/**
 * A fault over time: each task of an unfiltered list is listed as it is on the first walk that
 * lists it, and as `change` makes it on every later walk (`change` gives undefined to leave a
 * task as it is, and is asked only about tasks it may change). Filtered lists are left alone, so
 * the change breaks no filter.
 */
export function changedOnLaterWalks(
  key: string,
  changes: string,
  change: (task: JsonObject, context: MockContext) => JsonObject | undefined,
): FaultTransform {
  return {
    changes,
    response: (response, sent, context, op) =>
      isFiltered(op, sent)
        ? response
        : editItems(op, response, (items) =>
            items.map((task) => {
              const changed = change(task, context);
              return changed !== undefined && afterFirstWalk(context, `${key}|${idOf(op, task)}`) ? changed : task;
            }),
          ),
  };
}

/** A copy of an object whose nested string field (`/tool/tool_use_id`) `next` changes; undefined when it has none. */
function withNestedId(item: JsonObject, field: string, next: (current: string) => string): JsonObject | undefined {
  const current = fieldValue(item, field);
  if (typeof current !== 'string') return undefined;
  const copy = structuredClone(item);
  setField(copy, field, next(current));
  return copy;
}

/**
 * What a fault's `changes` says of its API's task operation, in the set the fault serves in: it is
 * declared before its API is in any set, and may serve in several.
 */
const said =
  (api: ApiName, say: (op: ListOperation) => string, otherwise: string) =>
  (apis: ApiSet): string =>
    apis.has(api) ? say(taskOperation(api, apis)) : otherwise;

const nestedFieldOf = (op: ListOperation) => op.nestedIds?.[0]?.field ?? '/id';
const stableFieldOf = (op: ListOperation) => op.stableIds?.[0]?.field ?? '/id';

const sharedText = (field: string, shared: string) =>
  `gives every listed task that has ${withArticle(field)} the same one, ${shared}`;

/** `…unique-<name>`: every listed object that gives the operation's first nested id gives `shared`. */
export function sharedNestedId(api: ApiName, shared: string): FaultTransform {
  return {
    changes: said(api, (op) => sharedText(nestedFieldOf(op), shared), sharedText('first nested id', shared)),
    response: (response, _sent, context, op) => {
      const field = nestedFieldOf(taskOperation(api, context.apis));
      return editItems(op, response, (items) => items.map((item) => withNestedId(item, field, () => shared) ?? item));
    },
  };
}

/** `…stable-<name>`: the operation's first stable id reads `<id>-again` on every walk after the first. */
export function unstableNestedId(api: ApiName): FaultTransform {
  const walks = changedOnLaterWalks(`${api}.stable`, '', (task, context) =>
    withNestedId(task, stableFieldOf(taskOperation(api, context.apis)), (id) => `${id}-again`),
  );
  const text = (field: string) =>
    `appends -again to the ${field} of every task on each walk after the first that listed it (unfiltered lists only)`;
  return {
    changes: said(api, (op) => text(stableFieldOf(op)), text('first stable id')),
    response: walks.response!,
  };
}

/** `…counters-never-decrease`: from the second walk on, every counter of 2 or more reads one less. */
export function shrinkingCounter(api: ApiName): FaultTransform {
  const text = (counter: string) =>
    `from the second walk on, lowers by one the ${counter} of every task where it is 2 or more`;
  return {
    changes: said(api, (op) => text(op.counters?.fields[0] ?? 'counter'), text('counter')),
    response: (response, _sent, context, op) => {
      const counter = taskOperation(api, context.apis).counters?.fields[0];
      if (!counter || !afterFirstWalk(context, `${api}.counters`)) return response;
      return editItems(op, response, (items) =>
        items.map((item) => {
          const count = fieldValue(item, counter);
          if (typeof count !== 'number' || count < 2) return item;
          const lowered = structuredClone(item);
          setField(lowered, counter, count - 1);
          return lowered;
        }),
      );
    },
  };
}

/** A copy of a task moved to another session: what `items-belong-to-session` faults list. */
export function strayTask(api: ApiName, item: JsonObject, foreignSession: string, apis: ApiSet): JsonObject {
  const stray = structuredClone(item);
  const op = taskOperation(api, apis);
  setField(stray, op.idField, `${idOf(op, item)}-stray`);
  setField(stray, sessionFieldOf(op) ?? '/session_id', foreignSession);
  generatorsOf(api, apis).finish?.(stray);
  return stray;
}

/**
 * A time-order law (`timeOrder`) broken on every listed object that gives both times of its first
 * pair: the later time moves just before the earlier one (one less, for a number; a second
 * before, for RFC 3339 text), in the same form. The order is looked up when first used, not when
 * the fault is declared, so an API's own module may declare it before it is in any set.
 */
export function timesOutOfOrder(api: ApiName, id: string): FaultTransform {
  // Looked up once per set: two sets may each hold their own module of this API.
  const found = new WeakMap<ApiSet, { op: ListOperation; later: string; earlier: string }>();
  const resolve = (apis: ApiSet) => {
    const known = found.get(apis);
    if (known) return known;
    const op = operationsIn(apis, api).find((o) => o.timeOrder?.some((member) => member.id === id));
    const pair = op?.timeOrder?.find((m) => m.id === id)?.order[0];
    const earlier = pair?.notBefore[0];
    if (!op || !pair || earlier === undefined) throw new Error(`${api} declares no time order ${id}`);
    const order = { op, later: pair.field, earlier };
    found.set(apis, order);
    return order;
  };
  const before = (op: ListOperation, value: unknown) =>
    typeof value === 'number' ? value - 1 : isoFromMillis(op.readTime(value) - 1000);
  return {
    changes: (apis) => {
      if (!apis.has(api))
        return `moves the later time of ${id} just before the earlier one on every object that gives both`;
      const { op, later, earlier } = resolve(apis);
      return `moves ${later} just before ${earlier} on every ${op.target} that gives both`;
    },
    response: (response, _sent, context, listed) => {
      const { op, later, earlier } = resolve(context.apis);
      if (listed.api !== op.api || listed.operationId !== op.operationId) return response;
      return editItems(op, response, (items) =>
        items.map((item) => {
          const bound = fieldValue(item, earlier);
          if (!Number.isFinite(op.readTime(fieldValue(item, later))) || !Number.isFinite(op.readTime(bound)))
            return item;
          const moved = structuredClone(item);
          setField(moved, later, before(op, bound));
          return moved;
        }),
      );
    },
  };
}
