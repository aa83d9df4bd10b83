/** The executable contract: specs + named rules + list laws. Imports no consumer. */
export { FACES, type Face, isFace, SEED_FILES, SPEC_FILES, SPECS, VENDOR_BASE_URLS } from './faces.js';
export type { Source, Violation } from './violation.js';
export { validateComponent, validateResponseBody } from './validate.js';
export { schemaBundle, responseSchema, type Profile } from './schema.js';
export { ITEM_RULES, checkItem, itemRule, rulesFor } from './rules/index.js';
export type { ItemRule, JsonObject, RuleTarget } from './rules/types.js';
export { type Lifecycle, isTerminal, mayFollow, reachableFrom } from './lifecycle.js';
export { OPERATIONS, operation, operationsOf, taskOperation, componentFor, matchesFilter, fieldValue, type ListOperation, type FilterParam, type RejectedParam } from './operations.js';
export { ALL_LAWS, lawsOf, lawPrefix, lawSource, checkListPage, checkWalk, checkSubset, checkFilterComplete, checkErrorResponse, checkErrorFormat, checkTimeline, type Exchange, type Walk, type Law, type Snapshot } from './laws.js';
