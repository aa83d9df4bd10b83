/**
 * Faults the mock can inject, each named by the contract rule or law it breaks. For people
 * testing how a UI copes with a misbehaving API, and for proving the conformance runner
 * catches each one.
 */
import { type Face, ITEM_RULES, type ItemRuleId, type JsonObject, type LawId, type RuleTarget, operationsOf, taskOperation } from '../contract/index.js';
import { RULE_KITS } from '../generators/rule-kit.js';
import { repair } from '../generators/repair.js';
import type { MockContext } from './types.js';

/** Law faults each operation implements (item-rule faults come from the generators' breakers). */
export const LAW_FAULTS = [
  'praxis.sessions.unsupported-filter-400',
  'praxis.sessions.malformed-cursor-rejected',
  'praxis.sessions.cursor-bound-to-query',
  'praxis.sessions.limit-respected',
  'praxis.sessions.order-newest-first',
  'praxis.sessions.no-duplicates-across-pages',
  'praxis.sessions.paging-terminates',
  'praxis.sessions.filter-agent_id',
  'praxis.sessions.error-format',
  'praxis.background-tasks.unknown-session-404',
  'praxis.background-tasks.lifecycle-forward',
  'praxis.background-tasks.counters-never-decrease',
  'praxis.response-schema',
  'everruns.filter-state',
  'everruns.filter-kind',
  'everruns.items-belong-to-session',
  'everruns.unknown-session-404',
  'everruns.lifecycle-forward',
  'everruns.immutable-fields',
  'everruns.counters-never-decrease',
  'everruns.not-a-server-error',
  'everruns.response-schema',
  'ark.limit-respected',
  'ark.default-limit',
  'ark.order-newest-first',
  'ark.no-duplicates-across-pages',
  'ark.paging-terminates',
  'ark.filter-state',
  'ark.filter-session_thread_id',
  'ark.items-belong-to-session',
  'ark.invalid-limit-rejected',
  'ark.invalid-cursor-rejected',
  'ark.lifecycle-forward',
  'ark.times-never-go-back',
  'ark.response-schema',
  'jsonrpc.limit-respected',
  'jsonrpc.filter-session_id',
  'jsonrpc.filter-user_id',
  'jsonrpc.filter-status',
  'jsonrpc.cursor-exclusive',
  'jsonrpc.no-duplicates-across-pages',
  'jsonrpc.invalid-parameter-422',
  'jsonrpc.error-format',
  'jsonrpc.lifecycle-forward',
  'jsonrpc.response-schema',
  'praxis.sessions.no-undocumented-fields',
  'praxis.background-tasks.no-undocumented-fields',
  'everruns.no-undocumented-fields',
  'ark.no-undocumented-fields',
  'jsonrpc.no-undocumented-fields',
] as const satisfies readonly LawId[];

/** Every fault the mock can inject: a rule or law id, so a misspelt one is a type error. */
export type FaultId = ItemRuleId | (typeof LAW_FAULTS)[number];

export const FAULTS: readonly FaultId[] = [...ITEM_RULES.map((r) => r.id), ...LAW_FAULTS];

/** True on every walk after the first one that reached this point: what a client saw first, then a change. */
export function afterFirstWalk(context: MockContext, key: string): boolean {
  const first = context.faultMemory.get(key);
  if (first === undefined) context.faultMemory.set(key, context.walkNumber);
  return first !== undefined && first !== context.walkNumber;
}

/** A copy of a task moved to another session: what `items-belong-to-session` faults list. */
export function strayTask(face: Face, item: JsonObject): JsonObject {
  const stray = structuredClone(item);
  const idField = taskOperation(face).idField;
  stray[idField] = `${String(item[idField])}-stray`;
  stray.session_id = face === 'ark' ? 'sesn-someone-else' : 'someone-else';
  if (face === 'everruns' && typeof stray.result_path === 'string') stray.result_path = `/.tasks/${String(stray[idField])}/result.json`;
  return stray;
}

export function unknownFaults(ids: readonly string[]): string[] {
  return ids.filter((id) => !(FAULTS as readonly string[]).includes(id));
}

/** Edit distance, for "did you mean" (ids are short: the quadratic table is cheap). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** Says which fault ids are unknown and the closest known id for each, or undefined when all are known. */
export function describeUnknownFaults(ids: readonly string[]): string | undefined {
  const unknown = unknownFaults(ids);
  if (unknown.length === 0) return undefined;
  return unknown
    .map((id) => {
      const closest = [...FAULTS].sort((a, b) => distance(id, a) - distance(id, b))[0]!;
      return `unknown fault "${id}" (did you mean "${closest}"?)`;
    })
    .join('; ')
    .concat(`; faults are rule and law ids (docs/rules.md, ${FAULTS.length} in all)`);
}


/**
 * Applies the faults that concern items of this face and target to a copy of the page: each
 * item-rule fault breaks the first item, `<face>.response-schema` gives it a numeric id, and
 * `<prefix>.lifecycle-forward` shows finished tasks running again on later walks.
 */
export function breakItems(face: Face, target: RuleTarget, items: JsonObject[], context: MockContext, filtered = false): JsonObject[] {
  if (context.faults.size === 0 || items.length === 0) return items;
  const out = items.map((item) => item);
  const first = () => (out[0] = out[0] === items[0] ? structuredClone(items[0]!) : out[0]!);
  for (const rule of ITEM_RULES) {
    if (rule.face !== face || rule.target !== target || !context.faults.has(rule.id)) continue;
    const item = first();
    RULE_KITS[rule.id].break(item);
    repair(face, target, item, rule.id);
  }
  if (target !== 'envelope' && context.faults.has(`${face}.response-schema`)) first()[taskOperation(face).idField] = 12345;
  // Drift: a field no document declares (what a vendor adds before documenting it).
  const listing = operationsOf(face).find((o) => o.target === target);
  if (listing && context.faults.has(`${listing.lawPrefix}.no-undocumented-fields`)) first().x_undocumented_field = 'added by the vendor';
  const op = taskOperation(face);
  const lifecyclePrefix = op.lawPrefix;
  // Only unfiltered lists, so the revived tasks do not also break a filter. A finished task is
  // shown finished on the first walk that lists it and running on every later walk.
  if (target === 'task' && !filtered && context.faults.has(`${lifecyclePrefix}.lifecycle-forward`)) {
    const stateField = op.stateField!;
    const revived = face === 'jsonrpc' ? 'working' : 'running';
    const finished = op.lifecycle!.terminal;
    for (let i = 0; i < out.length; i++) {
      if (finished.includes(String(out[i]![stateField]))) {
        if (!afterFirstWalk(context, `${face}|${String(out[i]![taskOperation(face).idField])}`)) continue;
        const item = structuredClone(out[i]!);
        item[stateField] = revived;
        out[i] = repair(face, 'task', item);
      }
    }
  }
  const counter = face === 'praxis' ? 'trigger_count' : face === 'everruns' ? 'attempt' : undefined;
  if (target === 'task' && counter && context.faults.has(`${lifecyclePrefix}.counters-never-decrease`) && afterFirstWalk(context, `${face}.counters`)) {
    for (let i = 0; i < out.length; i++) {
      const value = out[i]![counter];
      if (typeof value === 'number' && value >= 2) out[i] = { ...out[i]!, [counter]: value - 1 };
    }
  }
  return out;
}
