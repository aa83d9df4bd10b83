/**
 * Reads an answer body beside the schema the spec documents for it and reports what the spec
 * does not declare — fields (by JSON path, arrays collapsed: `/items/*\/tool/foo`) and values of
 * enumerated fields — and every value of an enumerated or open field it saw, for coverage.
 * Subtrees the documents do not describe (`x-reference-only`, `x-assumption`) are not read:
 * what the documents do not state is not drift. A field documented as open (an `examples` list
 * and no `enum`, like Praxis `kind`) reports values outside the examples as new, not as drift.
 */

import type { ApiContract } from './api.js';
import type { ApiSet } from './api-set.js';
import type { ApiName } from './api-types.js';
import type { DriftEntry, DriftKind } from './drift-entry.js';
import type { JsonSchema } from './openapi.js';
import { escapePointer } from './pointer.js';
import { responseSchema, type SchemaReading, schemaBundle } from './schema.js';

export interface BodyObservation {
  /** Fields and enumerated values the spec does not declare. */
  drift: { kind: DriftKind; path: string; value: unknown }[];
  /** Values of open fields outside their documented examples. */
  newValues: { path: string; value: string }[];
  /** Every value of an enumerated field, by collapsed path, with the values the spec declares there. */
  enumValues: { path: string; value: string; declared: readonly string[] }[];
}

const READING: SchemaReading = 'documented';
/** One contract's documented components, and each $ref resolved once, not once per value of every answer. */
interface Schemas {
  defs: Record<string, JsonSchema>;
  resolved: WeakMap<JsonSchema, JsonSchema | undefined>;
}
const schemasByContract = new WeakMap<ApiContract, Schemas>();
function schemasOf(api: ApiName, apis: ApiSet): Schemas {
  const contract = apis.contractOf(api);
  let found = schemasByContract.get(contract);
  if (!found) {
    const defs = (schemaBundle(api, READING, apis).$defs ?? {}) as Record<string, JsonSchema>;
    schemasByContract.set(contract, (found = { defs, resolved: new WeakMap() }));
  }
  return found;
}

function resolve(api: Schemas, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema || typeof schema.$ref !== 'string') return schema;
  const cache = api.resolved;
  if (cache.has(schema)) return cache.get(schema);
  const resolved = resolveRefs(api, schema);
  cache.set(schema, resolved);
  return resolved;
}

function resolveRefs(api: Schemas, schema: JsonSchema): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 20; depth++) {
    const name: string | undefined = current.$ref.split('#/$defs/')[1];
    current =
      name === undefined
        ? undefined
        : { ...api.defs[name], ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
  }
  return current;
}

const typeOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

function allows(schema: JsonSchema, value: unknown): boolean {
  const t = schema.type;
  if (t === undefined) return true;
  const types = Array.isArray(t) ? t : [t];
  const actual = typeOf(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

/** The branch of a union (oneOf/anyOf) that describes this value, or the schema itself. */
function branch(api: Schemas, schema: JsonSchema, value: unknown): JsonSchema {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const match = options
        .map((o) => resolve(api, o as JsonSchema))
        .find((o): o is JsonSchema => o !== undefined && allows(o, value));
      if (match) return match;
    }
  }
  return schema;
}

export function observeBody(
  api: ApiName,
  operationId: string,
  status: number,
  body: unknown,
  apis: ApiSet,
): BodyObservation {
  const out: BodyObservation = { drift: [], newValues: [], enumValues: [] };
  const root = responseSchema(api, operationId, status, READING, apis);
  if (root) visit(schemasOf(api, apis), root, body, '', out);
  return out;
}

function visit(api: Schemas, raw: JsonSchema, value: unknown, path: string, out: BodyObservation): void {
  const resolved = resolve(api, raw);
  if (!resolved || Object.keys(resolved).length === 0) return; // undescribed: nothing is asserted
  const schema = branch(api, resolved, value);
  if (Array.isArray(schema.enum) && value !== null) {
    const declared = schema.enum.filter((v): v is string => typeof v === 'string');
    if (typeof value === 'string') out.enumValues.push({ path, value, declared });
    if (!schema.enum.includes(value)) out.drift.push({ kind: 'value', path, value });
    return;
  }
  if (Array.isArray(schema.examples) && typeof value === 'string' && !schema.examples.includes(value))
    out.newValues.push({ path, value });
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    if (items) for (const item of value) visit(api, items, item, `${path}/*`, out);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return; // a free-form object (or one typed only): its keys are not declared one by one
  const additional = schema.additionalProperties;
  for (const [key, child] of Object.entries(value)) {
    const childPath = `${path}/${escapePointer(key)}`;
    const declared = properties[key];
    if (declared) visit(api, declared, child, childPath, out);
    else if (additional && typeof additional === 'object') visit(api, additional as JsonSchema, child, childPath, out);
    else if (additional !== true) out.drift.push({ kind: 'field', path: childPath, value: child });
  }
}

/** A field or enumerated value the spec does not declare, counted over a run, with an example. */

/** A value of a field the documents declare open (Praxis `kind`) outside the documented examples. */
export interface NewValue {
  operation: string;
  path: string;
  value: string;
  count: number;
}

/** Tallies the drift and new values of many bodies (what `conform` and `record` both report). */
export class DriftTally {
  private readonly drift = new Map<string, DriftEntry>();
  private readonly fresh = new Map<string, NewValue>();

  add(operationId: string, seen: BodyObservation): void {
    for (const d of seen.drift) {
      const key = `${operationId}|${d.kind}|${d.path}|${d.kind === 'value' ? JSON.stringify(d.value) : ''}`;
      const existing = this.drift.get(key);
      if (existing) existing.count++;
      else this.drift.set(key, { operation: operationId, kind: d.kind, path: d.path, count: 1, example: d.value });
    }
    for (const v of seen.newValues) {
      const key = `${operationId}|${v.path}|${v.value}`;
      const existing = this.fresh.get(key);
      if (existing) existing.count++;
      else this.fresh.set(key, { operation: operationId, path: v.path, value: v.value, count: 1 });
    }
  }

  /** Most frequent first. */
  driftEntries(): DriftEntry[] {
    return [...this.drift.values()].sort((a, b) => b.count - a.count);
  }

  newValues(): NewValue[] {
    return [...this.fresh.values()];
  }
}
