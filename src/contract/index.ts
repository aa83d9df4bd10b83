/** The executable contract: specs + named rules + list laws. Imports no consumer. */
export { FACES, type Face, isFace, SEED_FILES, SPEC_FILES, SPECS, VENDOR_BASE_URLS } from './faces.js';
export type { Source, Violation } from './violation.js';
export { validateComponent, validateResponseBody } from './validate.js';
export type { OperationIdOf } from './ids.js';
export { documentedStatuses, schemaBundle, responseSchema, type Profile } from './schema.js';
export { ITEM_RULES, checkItem, checkItemRule, itemRule, rulesFor, type ItemRuleId } from './rules/index.js';
export type { ItemRule, JsonObject, RuleTarget } from './rules/types.js';
export { forkSource, isNormalizedPath } from './rules/praxis.js';
export { type Lifecycle, isTerminal, mayFollow, reachableFrom } from './lifecycle.js';
export {
  OPERATIONS,
  PAGING_PARAMS,
  operation,
  operationsOf,
  taskOperation,
  componentOf,
  componentsOf,
  idOf,
  matchesFilter,
  fieldValue,
  itemsOf,
  type ListOperation,
  type FilterParam,
  type RejectedParam,
  type LawId,
  type LawName,
  type LawPrefix,
  type SessionBinding,
} from './operations.js';
export {
  ALL_LAWS,
  addedFilters,
  applyLaws,
  checkErrorResponse,
  checkListPage,
  checkTimeline,
  checkWalk,
  isJsonType,
  lawId,
  lawSource,
  lawsOf,
  type CatalogueId,
  type ErrorExpectation,
  type Exchange,
  type Judgement,
  type Law,
  type LawOutcome,
  type LawScope,
  type Snapshot,
  type Subjects,
  type Walk,
} from './laws/index.js';
export {
  DriftTally,
  observeBody,
  type BodyObservation,
  type DriftEntry,
  type DriftKind,
  type NewValue,
} from './drift.js';
