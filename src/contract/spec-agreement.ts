/**
 * Whether an operation's data names what its spec holds: its operationId, its component, the parameters it sends
 * and the fields it reads. A name the spec lacks would not fail where it was written: the mock would answer 500,
 * or a filter on a field no object has would list nothing and the runner would judge that list as right.
 */
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './openapi.js';
import type { ListOperation } from './operation-types.js';
import { pointerKeys } from './pointer.js';
import { closestName } from './words.js';

/** Why an operation's data disagrees with its spec (`file` names the spec), or undefined. */
export function specAgreementProblem(op: ListOperation, spec: OpenApiDocument, file: string): string | undefined {
  const where = `API "${op.api}", operation ${op.operationId}`;
  const operation = operationsOf(spec).get(op.operationId);
  if (!operation)
    return `${where}: ${file} has no operation with that operationId; ${choose('operationId', op.operationId, [
      ...operationsOf(spec).keys(),
    ])}`;
  const schemas = spec.components?.schemas ?? {};
  const component = schemas[op.component];
  if (component === undefined)
    return `${where}: component "${op.component}" is not among ${file}'s components.schemas; ${choose(
      'component',
      op.component,
      Object.keys(schemas),
    )}`;
  const params = parametersOf(operation, spec);
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

/** Every operation of the spec by operationId, its path's parameters among its own (OpenAPI's Path Item). */
function operationsOf(spec: OpenApiDocument): Map<string, OpenApiOperation> {
  const found = new Map<string, OpenApiOperation>();
  for (const item of Object.values(spec.paths ?? {})) {
    const shared = Array.isArray(item?.parameters) ? (item.parameters as unknown[]) : [];
    for (const operation of Object.values(item ?? {})) {
      const id = (operation as OpenApiOperation | undefined)?.operationId;
      if (typeof id !== 'string') continue;
      const own = (operation as OpenApiOperation).parameters ?? [];
      found.set(id, { ...(operation as OpenApiOperation), parameters: [...shared, ...own] as typeof own });
    }
  }
  return found;
}

/** The operation's parameters by name (a `$ref` to components.parameters followed), each with its schema default. */
function parametersOf(operation: OpenApiOperation, spec: OpenApiDocument): Map<string, { default?: unknown }> {
  const shared = (spec.components as { parameters?: Record<string, unknown> } | undefined)?.parameters ?? {};
  const params = new Map<string, { default?: unknown }>();
  for (const given of operation.parameters ?? []) {
    const ref = (given as { $ref?: unknown }).$ref;
    const param = (typeof ref === 'string' ? shared[ref.replace('#/components/parameters/', '')] : given) as
      | { name?: unknown; schema?: JsonSchema }
      | undefined;
    if (typeof param?.name === 'string') params.set(param.name, { default: param.schema?.default });
  }
  return params;
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
  const resolved = resolve(schema, spec);
  const [key, ...rest] = keys;
  if (key === undefined || resolved === undefined) return undefined;
  const parts = [resolved, ...((resolved.allOf as JsonSchema[] | undefined) ?? []).map((s) => resolve(s, spec))];
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

/** A schema with its `$ref` to components.schemas followed (a few deep), or undefined where it leads nowhere. */
function resolve(schema: JsonSchema | undefined, spec: OpenApiDocument): JsonSchema | undefined {
  let current = schema;
  for (let depth = 0; depth < 8 && typeof current?.$ref === 'string'; depth++)
    current = spec.components?.schemas?.[current.$ref.replace('#/components/schemas/', '')];
  return current;
}

/** What to write instead of a name, with the closest of the names there are. */
function choose(what: string, name: string, names: readonly string[]): string {
  const closest = closestName(name, names);
  const list = names.length > 0 ? names.join(', ') : 'none';
  return `${closest ? `did you mean "${closest}"? ` : ''}set ${what} to one of ${list}`;
}
