/**
 * Whether an operation's data names what its spec holds: its operationId, its component, the parameters it sends
 * and the fields it reads. A name the spec lacks would not fail where it was written: the mock would answer 500,
 * or a filter on a field no object has would list nothing and the runner would judge that list as right.
 */
import {
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  resolvedSchema,
  specOperations,
} from './openapi.js';
import type { ListOperation } from './operation-types.js';
import { pointerKeys } from './pointer.js';
import { closestName } from './words.js';

/** Why an operation's data disagrees with its spec (`file` names the spec), or undefined. */
export function specAgreementProblem(op: ListOperation, spec: OpenApiDocument, file: string): string | undefined {
  const where = `API "${op.api}", operation ${op.operationId}`;
  const operations = specOperations(spec);
  const operation = operations.get(op.operationId)?.operation;
  if (!operation)
    return `${where}: ${file} has no operation with that operationId; ${choose('operationId', op.operationId, [
      ...operations.keys(),
    ])}`;
  const schemas = spec.components?.schemas ?? {};
  const component = schemas[op.component];
  if (component === undefined)
    return `${where}: component "${op.component}" is not among ${file}'s components.schemas; ${choose(
      'component',
      op.component,
      Object.keys(schemas),
    )}`;
  const params = parametersOf(operation);
  for (const [what, name] of sentParams(op)) {
    if (params.has(name)) continue;
    const instead = choose(what, name, [...params.keys()]);
    return (
      `${where}: ${what} names the parameter "${name}", which ${file} does not list for ${op.operationId}; ` +
      `${instead}, or add it to the spec's parameters`
    );
  }
  const limitDefault = op.limit ? params.get(op.limit.param)?.default : undefined;
  if (
    op.limit?.default !== undefined &&
    limitDefault !== undefined &&
    String(limitDefault) !== String(op.limit.default)
  )
    return (
      `${where}: limit.default is ${op.limit.default} but ${file} gives the parameter ${op.limit.param} the ` +
      `default ${JSON.stringify(limitDefault)}; make them agree (the mock serves the module's, the spec documents ` +
      'the other)'
    );
  for (const [what, pointer] of readFields(op)) {
    const missing = undeclared(component, pointerKeys(pointer), spec);
    if (missing === undefined) continue;
    return (
      `${where}: ${what} is "${pointer}", but ${file}'s ${op.component} declares no "${missing.key}"` +
      `${missing.at ? ` in ${missing.at}` : ''}; ${choose(what, missing.key, missing.declared)}, or declare it`
    );
  }
  return undefined;
}

/** The operation's parameters by name, each with its schema's default. */
function parametersOf(operation: OpenApiOperation): Map<string, { default?: unknown }> {
  return new Map((operation.parameters ?? []).map((param) => [param.name, { default: param.schema?.default }]));
}

/** The parameters the runner and the mock send and read, each with the member of the data that names it. */
function sentParams(op: ListOperation): [string, string][] {
  const sent: [string, string][] = op.filters.map((f) => [`the filter ${f.param}`, f.param]);
  if (op.limit) sent.push(['limit.param', op.limit.param]);
  const { paging, session } = op;
  if (paging.kind === 'token' || paging.kind === 'offset') sent.push(['paging.param', paging.param]);
  if (paging.kind === 'item-id')
    sent.push(['paging.afterParam', paging.afterParam], ['paging.beforeParam', paging.beforeParam]);
  if (session.in === 'query') sent.push(['session.param', session.param]);
  return sent;
}

/** The fields the data reads in each listed object, each with the member that names it. */
function readFields(op: ListOperation): [string, string][] {
  const fields: [string, string | undefined][] = [
    ['idField', op.idField],
    ['stateField', op.stateField],
    ['createdField', op.createdField],
    ['sessionField', op.sessionField],
    ['order.field', op.order?.field],
    ...op.timeFields.map((field): [string, string] => ['timeFields', field]),
    ...op.filters.map((f): [string, string] => [`the filter ${f.param}'s field`, f.field]),
  ];
  return fields.filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
}

/**
 * The first member of a pointer that the schema does not declare, with the members it does, or undefined where
 * it declares every one or cannot say (no `properties` there, a schema for additional ones, a composition it
 * does not read).
 */
function undeclared(
  schema: JsonSchema,
  keys: readonly string[],
  spec: OpenApiDocument,
  at = '',
): { key: string; at: string; declared: string[] } | undefined {
  const resolved = resolvedSchema(spec, schema);
  const [key, ...rest] = keys;
  if (key === undefined || resolved === undefined) return undefined;
  const parts = [resolved, ...((resolved.allOf as JsonSchema[] | undefined) ?? []).map((s) => resolvedSchema(spec, s))];
  if (parts.some((part) => part === undefined || part.oneOf || part.anyOf || isObjectSchema(part.additionalProperties)))
    return undefined;
  if (parts.some((part) => part!.patternProperties)) return undefined;
  const declared = parts.flatMap((part) => Object.keys((part!.properties as Record<string, JsonSchema>) ?? {}));
  if (declared.length === 0) return undefined;
  const member = parts
    .map((part) => (part!.properties as Record<string, JsonSchema> | undefined)?.[key])
    .find((s) => s !== undefined);
  if (member === undefined) return { key, at, declared };
  return undeclared(member, rest, spec, `${at}/${key}`);
}

const isObjectSchema = (value: unknown) => typeof value === 'object' && value !== null;

/** What to write instead of a name, with the closest of the names there are. */
function choose(what: string, name: string, names: readonly string[]): string {
  const closest = closestName(name, names);
  const list = names.length > 0 ? names.join(', ') : 'none';
  return `${closest ? `did you mean "${closest}"? ` : ''}set ${what} to one of ${list}`;
}
