/**
 * The executable contract, as a user's tests call it: validate a response body or one item,
 * the vendors' base URLs, the operations the generators take. Imports no consumer.
 */

export type { ApiContract } from './api.js';
export type { ApiSet } from './api-set.js';
export type { OperationIdOf } from './ids.js';
export type { Lifecycle } from './lifecycle.js';
export { type LawId, type ListOperation, operationsOf } from './operations.js';
export type { ApiName, ApiTypes, TypedApiName } from './registry.js';
export { checkItem, type ItemRuleId } from './rules/index.js';
export type { ItemRule, JsonObject, RuleTarget } from './rules/types.js';
export type { SchemaReading } from './schema.js';
export { validateResponseBody } from './validate.js';
export type { Source, Violation } from './violation.js';
