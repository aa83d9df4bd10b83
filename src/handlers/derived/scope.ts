/**
 * Which tasks a request lists: its session (a path parameter of any name, a query parameter, or
 * none) and its filters (each one field, comma-separated values where the data says so).
 */

import type { ListOperation } from '../../contract/operation-types.js';
import { fieldValue } from '../../contract/operations.js';
import { sessionParamOf } from '../../contract/session-param.js';
import { isProblem, truncate } from '../query.js';
import type { IndexedTask } from '../task-index.js';
import type { MockContext } from '../types.js';
import { Answered, type RequestParams, refused, specFacts, unknownSessionAnswer } from './request.js';

export interface ListScope {
  session?: string;
  /** Any of these states (the state filter, read from the store's state index). */
  states?: readonly string[];
  /** The other filters, as one test. */
  where?: (item: Record<string, unknown>) => boolean;
  /** What a token bound to its query compares: the session and every filter as given (and the page size). */
  key: string;
}

/**
 * Whether a session the store does not know is one a stored task links to while in a state where
 * it exists for certain (`sessionLink`: a child session): its list is answered, empty or not.
 * Asked only of unknown sessions, so the scan of every task is paid on that path alone.
 */
function linked(op: ListOperation, context: MockContext, session: string): boolean {
  const { sessionLink: link, stateField } = op;
  if (!link || !stateField) return false;
  for (const known of context.store.sessionsOf(op.api))
    for (const { item } of context.store.tasks(op.api, known))
      if (fieldValue(item, link.field) === session && link.whileStates.includes(String(item[stateField]))) return true;
  return false;
}

function sessionOf(
  op: ListOperation,
  read: RequestParams,
  path: Record<string, string>,
  context: MockContext,
): string | undefined | Answered {
  const binding = op.session;
  if (binding.in === 'none') return undefined;
  const session = binding.in === 'path' ? (path[sessionParamOf(op) ?? ''] ?? '') : read.one(binding.param);
  if (isProblem(session)) return refused(op, context, session.param, session.message);
  if (session === undefined) return undefined;
  // A session named in the query is a filter unless the data says an unknown one is refused.
  if (binding.in === 'query' && !op.unknownSession) return session;
  if (context.store.hasSession(op.api, session) || linked(op, context, session)) return session;
  return new Answered(unknownSessionAnswer(op, context, session));
}

/** The scope of a request, or the answer that refuses it. */
export function scopeOf(
  op: ListOperation,
  read: RequestParams,
  path: Record<string, string>,
  context: MockContext,
): ListScope | Answered {
  const session = sessionOf(op, read, path, context);
  if (session instanceof Answered) return session;
  const sessionParam = op.session.in === 'query' ? op.session.param : undefined;
  const given: string[] = [session ?? ''];
  let states: readonly string[] | undefined;
  const tests: ((item: Record<string, unknown>) => boolean)[] = [];
  for (const filter of op.filters) {
    if (filter.param === sessionParam) continue;
    const raw = read.one(filter.param);
    if (isProblem(raw)) return refused(op, context, raw.param, raw.message);
    given.push(raw ?? '');
    if (raw === undefined) continue;
    const values = filter.commaSeparated ? raw.split(',').map((v) => v.trim()) : [raw];
    const documented = specFacts(op, context.apis).enums.get(filter.param);
    const outside = documented && values.find((v) => !documented.includes(v));
    // A value the spec does not enumerate matches nothing, unless a document says it is refused.
    if (outside !== undefined && op.rejected.some((r) => r.param === filter.param))
      return refused(
        op,
        context,
        filter.param,
        `${filter.param} ${truncate(outside)} is not one of ${documented?.join(', ')}`,
      );
    if (filter.field === op.stateField) states = states ? states.filter((s) => values.includes(s)) : values;
    else tests.push((item) => matches(fieldValue(item, filter.field), values));
  }
  return {
    ...(session !== undefined ? { session } : {}),
    ...(states ? { states } : {}),
    ...(tests.length > 0 ? { where: (item) => tests.every((test) => test(item)) } : {}),
    key: JSON.stringify(given),
  };
}

/** A field's value equals one of the values given (as text: a query parameter is text). */
function matches(actual: unknown, values: readonly string[]): boolean {
  return (
    (typeof actual === 'string' || typeof actual === 'number' || typeof actual === 'boolean') &&
    values.includes(String(actual))
  );
}

/** Whether a stored task is in the scope (the item an item-id cursor names must be). */
export function inScope(op: ListOperation, scope: ListScope, entry: IndexedTask): boolean {
  return (
    (scope.session === undefined || entry.session === scope.session) &&
    (scope.states === undefined ||
      (op.stateField !== undefined && scope.states.includes(String(entry.item[op.stateField])))) &&
    (scope.where === undefined || scope.where(entry.item))
  );
}
