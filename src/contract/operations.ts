/**
 * Every API's operations in a set, and the helpers that read one operation's data (its items,
 * its filters). The data itself is each API's (src/apis/<api>/contract.ts); the shapes are in
 * operation-types.ts.
 */

import type { ApiSet } from './api-set.js';
import type { ApiName } from './api-types.js';
import type { FilterParam, ListOperation } from './operation-types.js';
import { pointerKeys, valueAt, withValueAt } from './pointer.js';
import { isObject } from './rules/check-helpers.js';
import type { JsonObject, RuleTarget } from './rules/types.js';
import { subMillisecondNanos } from './time.js';

export type {
  CustomErrorFormat,
  ErrorFormat,
  FilterParam,
  LawId,
  LawName,
  ListOperation,
  ListOrder,
  RejectedParam,
  TimeOrder,
} from './operation-types.js';

/** Every list operation of every API of a set. */
export function allOperations(apis: ApiSet): readonly ListOperation[] {
  return apis.derive('operations', () => apis.apiNames().flatMap((api) => apis.contractOf(api).operations));
}

/** The items of a 200 body, read at the operation's items pointer. */
export function itemsOf(op: Pick<ListOperation, 'itemsPointer'>, body: unknown): unknown[] | undefined {
  const value = valueAt(body, op.itemsPointer);
  return Array.isArray(value) ? value : undefined;
}

/** A copy of a 200 body with other items at the operation's items pointer (the rest of the body shared). */
export function withItems(op: Pick<ListOperation, 'itemsPointer'>, body: unknown, items: readonly unknown[]): unknown {
  return withValueAt(body, op.itemsPointer, items);
}
/**
 * The token a token-paged answer offers for its next page, or undefined on the last page: a token
 * absent, null or empty. An empty string continues nothing (sent back, it asks for the first page
 * again), and proto3's JSON mapping writes an unset token that way (A2A's `nextPageToken: ""`).
 */
export function nextPageToken(op: ListOperation, body: unknown): unknown {
  if (op.paging.kind !== 'token' || !isObject(body)) return undefined;
  const value = body[op.paging.responseField];
  return value === null || value === '' ? undefined : value;
}

/** Every query parameter that continues a walk (a cursor or a page token), across the APIs. */
export function pagingParams(apis: ApiSet): readonly string[] {
  return apis.derive('paging-params', () => pagingParamsOf(allOperations(apis)));
}

/** The query parameters that continue a walk of these operations (a cursor or a page token). */
export function pagingParamsOf(ops: readonly ListOperation[]): string[] {
  const params = ops.flatMap((op) =>
    op.paging.kind === 'token' || op.paging.kind === 'offset'
      ? [op.paging.param]
      : op.paging.kind === 'item-id'
        ? [op.paging.afterParam, op.paging.beforeParam]
        : [],
  );
  return [...new Set(params)];
}

/** An API's operations (the package's entries read the built-in set; give another as `apis`). */
export function operationsOf(api: ApiName, apis: ApiSet): ListOperation[] {
  return operationsIn(apis, api);
}

/** An API's operations, read from a set. */
export function operationsIn(apis: ApiSet, api: ApiName): ListOperation[] {
  return [...apis.contractOf(api).operations];
}

export function operation(api: ApiName, operationId: string, apis: ApiSet): ListOperation {
  const op = apis.contractOf(api).operations.find((o) => o.api === api && o.operationId === operationId);
  if (!op) throw new Error(`no list operation ${api}.${operationId}`);
  return op;
}

/** The operation that lists an API's tasks. */
export function taskOperation(api: ApiName, apis: ApiSet): ListOperation {
  const op = apis.contractOf(api).operations.find((o) => o.api === api && o.target === 'task');
  if (!op) throw new Error(`${api} lists no tasks`);
  return op;
}

/** The spec component of each kind of object an API answers with (items, and JSON-RPC's envelope). */
export function componentsOf(api: ApiName, apis: ApiSet): Partial<Record<RuleTarget, string>> {
  const out: Partial<Record<RuleTarget, string>> = {};
  for (const op of operationsIn(apis, api)) {
    out[op.target] = op.component;
    if (op.envelopeTarget && op.envelopeComponent) out[op.envelopeTarget] = op.envelopeComponent;
  }
  return out;
}

/** The spec component of an API's objects of one kind (`BackgroundTask`, `Session`, `Task`, an envelope). */
export function componentOf(api: ApiName, target: RuleTarget, apis: ApiSet): string {
  const components = componentsOf(api, apis);
  const component = components[target];
  if (!component) throw new Error(`${api} has no ${target} objects; it has ${Object.keys(components).join(', ')}`);
  return component;
}

/** The value that identifies an item of the operation's list. */
export function idOf(op: ListOperation, item: JsonObject): string {
  return String(fieldValue(item, op.idField));
}

/** The keys of each field pointer read so far: the mock reads a field of every task a page looks at. */
const fieldKeys = new Map<string, readonly string[]>();
const keysOf = (field: string): readonly string[] => {
  let keys = fieldKeys.get(field);
  if (!keys) fieldKeys.set(field, (keys = pointerKeys(field)));
  return keys;
};

/** Whether a field pointer names a member of the object itself (`/id`), which needs no walk. */
const isTopLevel = (field: string) => field.indexOf('/', 1) === -1 && !field.includes('~');

/** Reads a field of an object at its JSON pointer (`/status/state`). */
export function fieldValue(item: JsonObject, field: string): unknown {
  // The mock reads the state of every task a page looks at: a top-level name is read without a walk.
  if (isTopLevel(field)) return item[field.slice(1)];
  let current: unknown = item;
  for (const key of keysOf(field)) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Writes a field at its JSON pointer in place, making the objects on its way where they are missing. */
export function setField(item: JsonObject, field: string, value: JsonObject[string]): void {
  const keys = keysOf(field);
  let current = item;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    current = isObject(next) ? next : (current[key] = {});
  }
  current[keys[keys.length - 1]!] = value;
}

/** Whether an object gives a field: present and not null. */
export function isGiven(item: JsonObject, field: string): boolean {
  const value = fieldValue(item, field);
  return value !== undefined && value !== null;
}

/** Deletes the member at a field pointer in place, where it is there. */
export function deleteField(item: JsonObject, field: string): void {
  const keys = keysOf(field);
  let current: unknown = item;
  for (const key of keys.slice(0, -1)) current = isObject(current) ? current[key] : undefined;
  if (isObject(current)) delete current[keys[keys.length - 1]!];
}

/** The top-level member a field pointer is in (`status` for `/status/state`). */
export const topMemberOf = (field: string): string => keysOf(field)[0] ?? '';

/** A copy of an object without the member at a field pointer (the objects on its way copied, the rest shared). */
export const withoutField = (item: JsonObject, field: string): JsonObject => without(item, keysOf(field));

function without(item: JsonObject, [key, ...rest]: readonly string[]): JsonObject {
  if (key === undefined || !(key in item)) return item;
  const { [key]: inner, ...others } = item;
  if (rest.length === 0) return others;
  return isObject(inner) ? { ...others, [key]: without(inner, rest) } : item;
}

/** Whether an item satisfies a filter value as the documents define matching. */
export function matchesFilter(
  filter: FilterParam,
  item: JsonObject,
  value: string,
  readTime: (value: unknown) => number,
): boolean {
  const actual = fieldValue(item, filter.field);
  // A time filter keeps the items at or after the time given; an item without a readable time matches none.
  // Two times in one millisecond compare by their finer digits.
  if (filter.compare === 'at-or-after') {
    const [at, from] = [readTime(actual), readTime(value)];
    return at > from || (at === from && subMillisecondNanos(actual) >= subMillisecondNanos(value));
  }
  if (filter.commaSeparated)
    return value
      .split(',')
      .map((v) => v.trim())
      .includes(String(actual));
  return actual === value;
}

/** The item field naming an item's session: the one bound to the path, or the session filter's field. */
export function sessionFieldOf(op: ListOperation): string | undefined {
  if (op.sessionField) return op.sessionField;
  const binding = op.session;
  return binding.in === 'query' ? op.filters.find((f) => f.param === binding.param)?.field : undefined;
}
