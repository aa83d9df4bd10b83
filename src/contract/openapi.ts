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
