/** The small part of an OpenAPI 3.1 document this project reads. */
export type JsonSchema = { [keyword: string]: unknown };

interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  [extension: string]: unknown;
}

interface OpenApiResponse {
  description: string;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  responses: Record<string, OpenApiResponse>;
  [key: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: { schemas?: Record<string, JsonSchema> };
  [key: string]: unknown;
}

// A symbol every copy of the package shares (a --api module's kit may be another copy than the CLI's registry).
const PARSED_FROM = Symbol.for('agent-task-contracts/spec-parsed-from');

/** Records the file a document was parsed from (not enumerable: schemas and JSON never see it). */
export function markParsedFrom(document: OpenApiDocument, file: string): OpenApiDocument {
  Object.defineProperty(document, PARSED_FROM, { value: file, enumerable: false });
  return document;
}

/** The file `parseSpec` read this document from, when it was parsed by it. */
export function parsedFrom(document: OpenApiDocument): string | undefined {
  const file = (document as { [PARSED_FROM]?: unknown })[PARSED_FROM];
  return typeof file === 'string' ? file : undefined;
}

const COMPONENT = '#/components/schemas/';

/** A schema with its `$ref` to a component followed (one level at a time, a few levels deep), or undefined. */
export function resolvedSchema(spec: OpenApiDocument, schema: unknown): JsonSchema | undefined {
  let current = schema as JsonSchema | undefined;
  for (let depth = 0; depth < 8 && typeof current?.$ref === 'string'; depth++) {
    const ref = current.$ref as string;
    current = ref.startsWith(COMPONENT) ? spec.components?.schemas?.[ref.slice(COMPONENT.length)] : undefined;
  }
  return current;
}

/** An operation of a spec, at its path and method. */
export interface SpecOperation {
  path: string;
  method: string;
  operation: OpenApiOperation;
}

const operationIndexes = new WeakMap<OpenApiDocument, ReadonlyMap<string, SpecOperation>>();

/**
 * A spec's operations by operationId, read once per spec. Each operation's `parameters` are all that apply to
 * it, each a Parameter Object: its path's (an OpenAPI Path Item's `parameters`) beside its own, its own
 * overriding one of the same name and place, a `$ref` to `components.parameters` followed.
 */
export function specOperations(spec: OpenApiDocument): ReadonlyMap<string, SpecOperation> {
  let index = operationIndexes.get(spec);
  if (index) return index;
  const shared = (spec.components as { parameters?: Record<string, unknown> } | undefined)?.parameters ?? {};
  const parameter = (given: unknown) => {
    const ref = (given as { $ref?: unknown } | null)?.$ref;
    return (typeof ref === 'string' ? shared[ref.replace('#/components/parameters/', '')] : given) as
      | NonNullable<OpenApiOperation['parameters']>[number]
      | undefined;
  };
  const found = new Map<string, SpecOperation>();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    const atPath = Array.isArray(item?.parameters) ? (item.parameters as unknown[]) : [];
    for (const [method, value] of Object.entries(item ?? {})) {
      const op = value as OpenApiOperation | null;
      if (!op || typeof op !== 'object' || typeof op.operationId !== 'string') continue;
      const byPlace = new Map<string, NonNullable<OpenApiOperation['parameters']>[number]>();
      for (const given of [...atPath, ...(op.parameters ?? [])]) {
        const param = parameter(given);
        if (typeof param?.name === 'string') byPlace.set(`${param.in}|${param.name}`, param);
      }
      const operation = byPlace.size > 0 ? { ...op, parameters: [...byPlace.values()] } : op;
      found.set(op.operationId, { path, method, operation });
    }
  }
  operationIndexes.set(spec, (index = found));
  return index;
}
