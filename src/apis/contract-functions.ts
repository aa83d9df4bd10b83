/**
 * The contract layer's public functions over the built-in API set by default, or the set given: what
 * the main entry, `/contract` and `/browser` export.
 */

import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/api-types.js';
import type { OperationIdOf } from '../contract/ids.js';
import * as layer from '../contract/index.js';
import type { JsonObject, RuleTarget } from '../contract/rules/types.js';
import type { SchemaReading } from '../contract/schema.js';
import type { Violation } from '../contract/violation.js';
import { builtinJudgedApis } from './generators.js';

/** Every item rule of an API broken by one object (`apis`: another set than the built-in one). */
export function checkItem(
  api: ApiName,
  target: RuleTarget,
  item: JsonObject,
  basePath = '',
  apis: ApiSet = builtinJudgedApis(),
): Violation[] {
  return layer.checkItem(api, target, item, basePath, apis);
}

/** A response body judged by its operation's documented schema (`apis`: another set than the built-in one). */
export function validateResponseBody<F extends ApiName>(
  api: F,
  operationId: OperationIdOf<F>,
  status: number,
  body: unknown,
  reading: SchemaReading = 'documented',
  apis: ApiSet = builtinJudgedApis(),
): Violation[] | undefined {
  return layer.validateResponseBody(api, operationId, status, body, reading, apis);
}

/** An API's list operations, as data (`apis`: another set than the built-in one). */
export function operationsOf(api: ApiName, apis: ApiSet = builtinJudgedApis()): layer.ListOperation[] {
  return layer.operationsOf(api, apis);
}
