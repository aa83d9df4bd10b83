/**
 * The members a spec declares, read from its schemas: what a member's description says (the
 * documents' words, which messages quote) and which members an object has (what an added task may set).
 */
import type { ApiSet } from './api-set.js';
import type { ApiName } from './api-types.js';
import type { JsonSchema } from './openapi.js';
import { type SchemaReading, schemaBundle } from './schema.js';

/** A schema with its `$ref`s followed (the referring schema's own keywords, such as its description, kept). */
function resolved(api: ApiName, reading: SchemaReading, schema: JsonSchema, apis: ApiSet): JsonSchema {
  let current = schema;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const name = current.$ref.split('#/$defs/')[1];
    const defs = apis.derive(`bundle|${api}|${reading}`, () => schemaBundle(api, reading, apis)).$defs as
      | Record<string, unknown>
      | undefined;
    const target = name === undefined ? undefined : defs?.[name];
    if (!target || typeof target !== 'object') return current;
    const { $ref: _ref, ...own } = current;
    current = { ...(target as JsonSchema), ...own };
  }
  return current;
}

/** An object schema's declared properties and required names, its union and intersection branches included. */
function declared(
  api: ApiName,
  reading: SchemaReading,
  schema: JsonSchema,
  apis: ApiSet,
): { properties: Record<string, JsonSchema>; required: string[] } {
  const out = { properties: {} as Record<string, JsonSchema>, required: [] as string[] };
  const add = (s: JsonSchema) => {
    const r = resolved(api, reading, s, apis);
    Object.assign(out.properties, (r.properties as Record<string, JsonSchema> | undefined) ?? {});
    if (Array.isArray(r.required)) out.required.push(...(r.required as string[]));
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const)
      if (Array.isArray(r[key])) for (const branch of r[key] as JsonSchema[]) add(branch);
  };
  add(schema);
  return out;
}

/** A component (`Task`) of the API's bundle, as a schema that refers to it. */
export const componentRef = (component: string): JsonSchema => ({ $ref: `#/$defs/${component}` });

export interface Member {
  schema: JsonSchema;
  /** Whether the object holding it requires it. */
  required: boolean;
}

/** The member at a JSON pointer's keys below `root` (array indexes step into `items`), or undefined when undeclared. */
export function memberAt(
  api: ApiName,
  root: JsonSchema,
  keys: readonly string[],
  reading: SchemaReading = 'strict',
  apis: ApiSet,
): Member | undefined {
  let current = resolved(api, reading, root, apis);
  let required = true;
  for (const key of keys) {
    if (/^\d+$/.test(key) && current.items && typeof current.items === 'object') {
      current = resolved(api, reading, current.items as JsonSchema, apis);
      required = true;
      continue;
    }
    const { properties, required: names } = declared(api, reading, current, apis);
    const child = properties[key];
    if (!child) return undefined;
    required = names.includes(key);
    current = resolved(api, reading, child, apis);
  }
  return { schema: current, required };
}

/** The member names an object schema declares, or undefined when it declares none one by one (a free-form object). */
export function memberNames(
  api: ApiName,
  root: JsonSchema,
  reading: SchemaReading = 'strict',
  apis: ApiSet,
): string[] | undefined {
  const names = Object.keys(declared(api, reading, root, apis).properties);
  return names.length > 0 ? names : undefined;
}
