/**
 * Every field an operation names inside its objects is a JSON pointer (RFC 6901) into one object:
 * `/id`, `/status/state`, `/a~1b` for a member named `a/b`. This lists them with where the operation
 * names each, so that a module naming one otherwise is refused when it is added, not misread later.
 */
import type { ListOperation } from './operation-types.js';
import { escapePointer } from './pointer.js';

/** Each field the operation names, with the property that names it (`stopsWork[0].grows[1]`). */
function namedFields(op: ListOperation): [where: string, field: unknown][] {
  const out: [string, unknown][] = [];
  const one = (where: string, field: unknown) => {
    if (field !== undefined) out.push([where, field]);
  };
  const each = (where: string, fields: readonly unknown[] | undefined) => {
    for (const [i, field] of (fields ?? []).entries()) one(`${where}[${i}]`, field);
  };
  one('idField', op.idField);
  one('stateField', op.stateField);
  one('sessionField', op.sessionField);
  one('createdField', op.createdField);
  one('order.field', op.order?.field);
  one('order.ties.field', op.order?.ties?.field);
  if (op.session.in === 'path') one('session.discoveredFrom.field', op.session.discoveredFrom?.field);
  for (const [i, filter] of op.filters.entries()) one(`filters[${i}].field`, filter.field);
  each('immutableFields', op.immutableFields);
  each('pastEventFields', op.pastEventFields);
  each('timeFields', op.timeFields);
  one('sessionLink.field', op.sessionLink?.field);
  each('timesOnceSet.fields', op.timesOnceSet?.fields);
  each('counters.fields', op.counters?.fields);
  each('finalContent.fields', op.finalContent?.fields);
  each('creationSnapshot.fields', op.creationSnapshot?.fields);
  for (const [i, stop] of (op.stopsWork ?? []).entries()) {
    each(`stopsWork[${i}].sameWhile`, stop.sameWhile);
    each(`stopsWork[${i}].grows`, stop.grows);
  }
  one('namesEarlier.field', op.namesEarlier?.field);
  for (const [i, id] of (op.nestedIds ?? []).entries()) one(`nestedIds[${i}].field`, id.field);
  for (const [i, id] of (op.stableIds ?? []).entries()) {
    one(`stableIds[${i}].field`, id.field);
    each(`stableIds[${i}].sameWhile`, id.sameWhile);
  }
  for (const [i, law] of (op.timeOrder ?? []).entries())
    for (const [j, step] of law.order.entries()) {
      one(`timeOrder[${i}].order[${j}].field`, step.field);
      each(`timeOrder[${i}].order[${j}].notBefore`, step.notBefore);
    }
  for (const [i, group] of (op.together ?? []).entries()) each(`together[${i}].fields`, group.fields);
  one('samePerSession.field', op.samePerSession?.field);
  for (const [i, member] of (op.askedMembers ?? []).entries()) one(`askedMembers[${i}].field`, member.field);
  for (const [i, member] of (op.boundedMembers ?? []).entries()) one(`boundedMembers[${i}].field`, member.field);
  return out;
}

/** Whether a text is a JSON pointer to a member of an object: `/` then tokens, each `~` escaped as `~0` or `~1`. */
const isMemberPointer = (field: unknown): field is string =>
  typeof field === 'string' && /^(\/([^~]|~[01])*)+$/.test(field);

/** What to write for a field named as a dotted path (`status.state`) or a bare member name. */
const asPointer = (field: string) => `/${field.split('.').map(escapePointer).join('/')}`;

/** Why an operation's field names cannot be read (the first one that is not a JSON pointer), or undefined. */
export function fieldNameProblem(op: ListOperation): string | undefined {
  for (const [where, field] of namedFields(op)) {
    if (isMemberPointer(field)) continue;
    const instead =
      typeof field === 'string' && field !== '' && !field.startsWith('/')
        ? `write "${asPointer(field)}"`
        : 'write the member as a JSON pointer: "/id", "/status/state" (a "/" in a name is "~1", a "~" is "~0")';
    return (
      `API "${op.api}", operation ${op.operationId}: ${where} is ${JSON.stringify(field) ?? 'undefined'}, ` +
      `not a JSON pointer (RFC 6901) to a member of the object; ${instead}`
    );
  }
  return undefined;
}
