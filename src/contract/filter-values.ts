/**
 * The values a spec enumerates for a filter: the query parameter's own schema (its items', for a
 * comma-separated list), else the item member it filters on, however deep (`status.state`) and
 * through `$ref`s, unions and intersections (`anyOf: [State, null]`). Both the mock (a value outside
 * them is refused) and the runner (never sent as a valid value: `sentAsValid`) read them here.
 */
import { apisOf } from './api-set.js';
import { componentRef, memberAt } from './members.js';
import type { JsonSchema } from './openapi.js';
import type { FilterParam, ListOperation } from './operation-types.js';
import { pointerKeys } from './pointer.js';
import { findOperation } from './schema.js';

/** A schema's `enum`, with its `$ref`, union and intersection branches' and (for a list) its items'. */
function enumerated(schema: JsonSchema | undefined, resolve: (s: JsonSchema) => JsonSchema): string[] {
  if (schema === undefined) return [];
  const own = resolve(schema);
  const values: string[] = Array.isArray(own.enum) ? own.enum.filter((v) => v !== null).map(String) : [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(own[key]))
      for (const branch of own[key] as JsonSchema[]) values.push(...enumerated(branch, resolve));
  if (own.items && typeof own.items === 'object') values.push(...enumerated(own.items as JsonSchema, resolve));
  return [...new Set(values)];
}

/** The values the query parameter's own schema enumerates (what a server that validates it accepts). */
export function paramValues(op: ListOperation, filter: Pick<FilterParam, 'param'>): string[] {
  const apis = apisOf(op);
  return apis.derive(`param-values|${op.api}|${op.operationId}|${filter.param}`, () => {
    const { operation } = findOperation(op.api, op.operationId, apis);
    const param = operation.parameters?.find((p) => p.in === 'query' && p.name === filter.param);
    return param?.schema ? enumerated(toBundle(param.schema), resolver(op)) : [];
  });
}

/**
 * The values the spec enumerates for one of the operation's filters: the parameter's, else the
 * member's it filters on; none when both are open. A value outside them may be refused.
 */
export function filterValues(op: ListOperation, filter: Pick<FilterParam, 'param' | 'field'>): string[] {
  const apis = apisOf(op);
  return apis.derive(`filter-values|${op.api}|${op.operationId}|${filter.param}|${filter.field}`, () => {
    const fromParam = paramValues(op, filter);
    if (fromParam.length > 0) return fromParam;
    const member = memberAt(op.api, componentRef(op.component), pointerKeys(filter.field), 'strict', apis);
    return enumerated(member?.schema, resolver(op));
  });
}

/** Follows a schema's `$ref`s in the operation's own bundle. */
const resolver =
  (op: ListOperation) =>
  (schema: JsonSchema): JsonSchema =>
    memberAt(op.api, schema, [], 'strict', apisOf(op))?.schema ?? schema;

/** A parameter schema's `$ref`s to components written as the bundle's (`#/$defs/…`), which `memberAt` reads. */
function toBundle(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
}

/**
 * Whether the runner sends `value` for a filter as a valid one: inside the values the spec enumerates for it,
 * where it enumerates any (a value a listed object holds may lie outside them, and a server may refuse it), and
 * none the documents dispute.
 */
export function sentAsValid(op: ListOperation, filter: FilterParam, value: string): boolean {
  const documented = filterValues(op, filter);
  return (documented.length === 0 || documented.includes(value)) && !(filter.disputed ?? []).includes(value);
}
