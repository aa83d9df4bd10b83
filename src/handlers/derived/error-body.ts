/**
 * The error body of a module that gives no `errorResponse`, built from its spec as Prism builds a
 * body from a schema: the documented error schema of the status (or the operation's
 * `errorShapeStatus`, or any documented error), its required members filled in: text with the
 * message, numbers with the status, an enumerated value with the one the operation's data
 * documents for the status (else one whose words name it: not found, internal, invalid).
 */
import type { ApiContract } from '../../contract/api.js';
import {
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  resolvedSchema,
} from '../../contract/openapi.js';
import type { ListOperation } from '../../contract/operation-types.js';
import { json } from '../response.js';
import type { MockResponse } from '../types.js';
import { typePointerOf } from './request.js';

/** The error types the operations' data documents, by status (a refusal's, an unknown session's). */
function documentedTypes(operations: readonly ListOperation[]): Map<number, string> {
  const types = new Map<number, string>();
  for (const op of operations) {
    const refusals = [
      ...op.rejected,
      ...(op.unknownSession ? [op.unknownSession] : []),
      ...(op.paging.kind === 'token' && op.paging.boundToQuery ? [op.paging.boundToQuery] : []),
    ];
    for (const { status, errorType } of refusals)
      if (errorType !== undefined) types.set(status === '4xx' ? 400 : status, errorType);
  }
  return types;
}

/** Words an API's error codes use for a status. */
function wordsFor(status: number): RegExp {
  if (status === 404) return /not.?found/i;
  if (status === 405) return /method|not.?allowed/i;
  if (status >= 500) return /internal|server|unavailable|api.?error/i;
  return /invalid|bad|argument|request/i;
}

/** The schema of the errors an operation documents: the status's own, else its error shape, else any error. */
function errorSchemaOf(operation: OpenApiOperation, status: number, shapeStatus: number | undefined): unknown {
  const schemaAt = (code: string) => operation.responses[code]?.content?.['application/json']?.schema;
  const errorStatus = Object.keys(operation.responses).find((code) => /^[45]\d\d$/.test(code) && schemaAt(code));
  return (
    schemaAt(String(status)) ??
    (shapeStatus !== undefined ? schemaAt(String(shapeStatus)) : undefined) ??
    (errorStatus ? schemaAt(errorStatus) : undefined)
  );
}

function operationOf(spec: OpenApiDocument, operationId: string): OpenApiOperation | undefined {
  for (const item of Object.values(spec.paths))
    for (const operation of Object.values(item))
      if ((operation as OpenApiOperation | undefined)?.operationId === operationId)
        return operation as OpenApiOperation;
  return undefined;
}

/** An `errorResponse` for a contract, from its spec's error schemas. */
export function derivedErrorResponse(contract: ApiContract): (status: number, message: string) => MockResponse {
  const types = documentedTypes(contract.operations);
  const first = contract.operations[0];
  const operation = first && operationOf(contract.spec, first.operationId);
  const typePointer = first && typePointerOf(first.errorFormat);
  return (status, message) => {
    const type = types.get(status);
    const build = (schema: JsonSchema | undefined, pointer: string): unknown => {
      if (!schema) return message;
      const values = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined;
      if (values && values.length > 0)
        return values.find((v) => v === type) ?? values.find((v) => wordsFor(status).test(String(v))) ?? values[0];
      if (pointer === typePointer && type !== undefined) return type;
      const kinds = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (kinds.includes('object') || schema.properties) {
        const properties = (schema.properties ?? {}) as Record<string, unknown>;
        const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
        return Object.fromEntries(
          required.map((key) => [key, build(resolvedSchema(contract.spec, properties[key]), `${pointer}/${key}`)]),
        );
      }
      if (kinds.includes('string')) return message;
      if (kinds.includes('integer') || kinds.includes('number')) return status;
      if (kinds.includes('array')) return [];
      if (kinds.includes('boolean')) return false;
      const [option] = (schema.oneOf ?? schema.anyOf ?? []) as unknown[];
      return option === undefined ? message : build(resolvedSchema(contract.spec, option), pointer);
    };
    const schema =
      operation && resolvedSchema(contract.spec, errorSchemaOf(operation, status, first?.errorShapeStatus));
    return json(status, schema ? build(schema, '') : { error: { code: String(status), message } });
  };
}
