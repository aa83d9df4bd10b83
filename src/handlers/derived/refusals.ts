/**
 * A derived behaviour's refusals, in the API's own error body (the module's `errorResponse`): the
 * status and error type the operation's data documents for the parameter, or the spec's
 * validation status where no document names one (Prism's choice: a documented 422, else 400).
 */
import type { ErrorFormat, ListOperation } from '../../contract/operation-types.js';
import { valueAt, withValueAt } from '../../contract/pointer.js';
import { mockOf } from '../apis.js';
import { truncate } from '../query.js';
import type { MockContext, MockResponse } from '../types.js';
import { specFacts } from './spec-facts.js';

/** A status and the error type a document gives it. */
export interface Refused {
  status: number | '4xx';
  errorType?: string;
}

/** Where the error format keeps the documented error type, if it says. */
export function typePointerOf(format: ErrorFormat): string | undefined {
  if (format === 'anthropic') return '/error/type';
  return typeof format === 'object' ? format.typePointer : undefined;
}

/** The API's error body for `status`, with `errorType` where its error format keeps the type. */
export function errorAnswer(op: ListOperation, context: MockContext, refused: Refused, message: string): MockResponse {
  // '4xx': the document implies a refusal but names no status.
  const status = refused.status === '4xx' ? 400 : refused.status;
  const response = mockOf(op.api, context.apis).errorResponse(status, message, context.requestNumber);
  const pointer = typePointerOf(op.errorFormat);
  if (refused.errorType === undefined || pointer === undefined || valueAt(response.body, pointer) === undefined)
    return response;
  return { ...response, body: withValueAt(response.body, pointer, refused.errorType) };
}

/** How one parameter's invalid values are refused: its `rejected` entry, else the validation status. */
function refusalOf(op: ListOperation, param: string, context: MockContext): Refused {
  const entry = op.rejected.find((r) => r.param === param);
  if (entry) return entry.errorType === undefined ? { status: entry.status } : entry;
  return { status: specFacts(op, context.apis).validationStatus };
}

/** The answer to a session the store does not know: the operation's `unknownSession` data, else 404. */
export function unknownSessionAnswer(op: ListOperation, context: MockContext, session: string): MockResponse {
  return errorAnswer(op, context, op.unknownSession ?? { status: 404 }, `session ${truncate(session)} was not found`);
}

/** A step of a derived behaviour that answered the request already (a refusal, an unknown session). */
export class Answered {
  constructor(readonly response: MockResponse) {}
}

/** The refusal of one parameter's value, answered. */
export function refused(op: ListOperation, context: MockContext, param: string, message: string): Answered {
  return new Answered(errorAnswer(op, context, refusalOf(op, param, context), message));
}
