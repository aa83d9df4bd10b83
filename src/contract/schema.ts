/**
 * Turns the OpenAPI documents into plain JSON Schema 2020-12: one bundle per API whose $defs
 * are the spec's components, so ajv (and the generators) can read them without OpenAPI
 * knowledge. Two readings:
 * - `strict`: every keyword the spec has. The mock and the generators are held to it.
 * - `documented`: subtrees marked `x-reference-only` keep only their JSON type and subtrees
 *   marked `x-assumption` accept anything, because the documents do not state them and the
 *   conformance runner must not judge a live server on what the documents do not say.
 */

import type { ApiSet } from './api-set.js';
import type { ApiName } from './api-types.js';
import { type JsonSchema, type SpecOperation, specOperations } from './openapi.js';

/** Which reading of the spec judges: `strict` (the mock and the generators) or `documented` (a live server). */
export type SchemaReading = 'strict' | 'documented';

const COMPONENT_PREFIX = '#/components/schemas/';

export function bundleId(api: ApiName, reading: SchemaReading): string {
  return `https://agent-task-contracts.invalid/${api}/${reading}.json`;
}

function transform(node: unknown, reading: SchemaReading, refPrefix: string): unknown {
  if (Array.isArray(node)) return node.map((item) => transform(item, reading, refPrefix));
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  if (reading === 'documented' && schema['x-assumption'] === true) return {};
  if (reading === 'documented' && schema['x-reference-only'] === true) {
    return schema.type === undefined ? {} : { type: schema.type };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)) {
      out.$ref = `${refPrefix}${value.slice(COMPONENT_PREFIX.length)}`;
    } else {
      out[key] = transform(value, reading, refPrefix);
    }
  }
  return out;
}

/** The API's components as one JSON Schema document with `$defs`. */
export function schemaBundle(api: ApiName, reading: SchemaReading, apis: ApiSet): JsonSchema {
  const spec = apis.contractOf(api).spec;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: bundleId(api, reading),
    $defs: transform(spec.components?.schemas ?? {}, reading, '#/$defs/'),
  };
}

export function findOperation(api: ApiName, operationId: string, apis: ApiSet): SpecOperation {
  const { spec, specFile } = apis.contractOf(api);
  const found = specOperations(spec).get(operationId);
  if (found) return found;
  throw new Error(`no operation "${operationId}" in ${specFile}; operations are named by operationId`);
}

/** The JSON schema of one documented response body, or undefined when the spec gives none. */
export function responseSchema(
  api: ApiName,
  operationId: string,
  status: number,
  reading: SchemaReading,
  apis: ApiSet,
): JsonSchema | undefined {
  const { operation } = findOperation(api, operationId, apis);
  const response = operation.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (schema === undefined) return undefined;
  return transform(schema, reading, `${bundleId(api, reading)}#/$defs/`) as JsonSchema;
}

export function documentedStatuses(api: ApiName, operationId: string, apis: ApiSet): number[] {
  return Object.keys(findOperation(api, operationId, apis).operation.responses).map(Number);
}
