/**
 * What a derived behaviour reads of its operation's spec, and how it refuses: the status and error type
 * the operation's data documents for a parameter, or the spec's validation status where no document
 * names one (as Prism answers: a documented 422, else 400), in the API's own error body (the module's
 * `errorResponse`).
 */
import type { ApiSet } from '../../contract/api-set.js';
import { paramValues } from '../../contract/filter-values.js';
import { type JsonSchema, resolvedSchema } from '../../contract/openapi.js';
import type { ErrorFormat, ListOperation } from '../../contract/operation-types.js';
import { valueAt, withValueAt } from '../../contract/pointer.js';
import { findOperation } from '../../contract/schema.js';
import { mockOf } from '../apis.js';
import type { MockContext, MockRequest, MockResponse } from '../types.js';

export interface SpecFacts {
  /** The status of a refusal no `rejected` entry names: a documented 422, else 400 (as Prism answers). */
  validationStatus: number;
  /** The values the spec enumerates for each filter parameter that has them. */
  enums: ReadonlyMap<string, readonly string[]>;
  /** The page token is written as a number (Ark's `next_cursor`), not as text. */
  numericToken: boolean;
}

const typesOf = (schema: JsonSchema | undefined): unknown[] =>
  schema === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

export function specFacts(op: ListOperation, apis: ApiSet): SpecFacts {
  return apis.derive(`derived-facts|${op.api}|${op.operationId}`, () => {
    const { spec } = apis.contractOf(op.api);
    const { operation } = findOperation(op.api, op.operationId, apis);
    const enums = new Map<string, readonly string[]>();
    for (const filter of op.filters) {
      // The parameter's own schema (a comma-separated filter's items'): what the mock validates.
      const values = paramValues(op, filter);
      if (values.length > 0) enums.set(filter.param, values);
    }
    let numericToken = false;
    if (op.paging.kind === 'token') {
      const page = resolvedSchema(spec, operation.responses['200']?.content?.['application/json']?.schema);
      const field = resolvedSchema(
        spec,
        (page?.properties as Record<string, JsonSchema> | undefined)?.[op.paging.responseField],
      );
      numericToken = typesOf(field).some((type) => type === 'integer' || type === 'number');
    }
    return { validationStatus: operation.responses['422'] !== undefined ? 422 : 400, enums, numericToken };
  });
}

/** A status and the error type a document gives it. */
export interface Refused {
  status: number | '4xx';
  errorType?: string;
}

/** Where the error format keeps the documented error type, if it says. */
export function typePointerOf(format: ErrorFormat): string | undefined {
  if (format === 'anthropic') return '/error/type';
  if (format === 'json-rpc') return '/code';
  return typeof format === 'object' ? format.typePointer : undefined;
}

/** The API's error body for `status`, with `errorType` where its error format keeps the type. */
export function errorAnswer(op: ListOperation, context: MockContext, refused: Refused, message: string): MockResponse {
  // '4xx': the document implies a refusal but names no status.
  const status = refused.status === '4xx' ? 400 : refused.status;
  const { errorType } = refused;
  const response = mockOf(op.api, context.apis).errorResponse(status, message, context.requestNumber, errorType);
  if (errorType === undefined) return response;
  const pointer = typePointerOf(op.errorFormat);
  if (pointer === undefined || valueAt(response.body, pointer) === undefined) return { ...response, errorType };
  return { ...response, errorType, body: withValueAt(response.body, pointer, errorType) };
}

/** A request header's value (repeated ones joined, as Node joins them), or undefined where it is absent or empty. */
export function headerValue(request: MockRequest, name: string): string | undefined {
  const given = request.headers?.[name.toLowerCase()];
  const value = Array.isArray(given) ? given.join(', ') : given?.trim();
  return value === '' ? undefined : value;
}

/** How one parameter's invalid values are refused: its `rejected` entry, else the validation status. */
function refusalOf(op: ListOperation, param: string, context: MockContext): Refused {
  const entry = op.rejected.find((r) => r.param === param);
  if (entry) return entry.errorType === undefined ? { status: entry.status } : entry;
  return { status: specFacts(op, context.apis).validationStatus };
}

/** A step of a derived behaviour that answered the request already (a refusal, an unknown session). */
export class Answered {
  constructor(readonly response: MockResponse) {}
}

/** The refusal of one parameter's value, answered. */
export function refused(op: ListOperation, context: MockContext, param: string, message: string): Answered {
  return new Answered(errorAnswer(op, context, refusalOf(op, param, context), message));
}
