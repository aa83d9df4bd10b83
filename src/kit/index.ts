/**
 * The kit for writing a list API module: everything the built-in modules use to describe an API
 * (operations as data, item rules and lifecycles, time readers, rule repairs, the mock's
 * query readers, answers, error codes and fault transforms, validators compiled from a spec). A
 * module joins an API set beside the built-in ones (`{ ...BUILTIN_APIS, acme }`, `--api FILE`); one
 * built from this subpath alone has the same powers as a built-in one.
 */

// What an API is, to the contract.
export type { ValidateFunction } from 'ajv/dist/2020.js';
export type { ApiContract, ApiContractInput } from '../contract/api.js';
export type {
  ApiFaultId,
  ApiName,
  ApiOperationId,
  ApiRuleId,
  ApiSession,
  ApiTask,
  ApiTaskState,
  ApiTypeEntry,
  ApiTypes,
  ApiTypesOf,
  FaultIdsOf,
  TypedApiName,
} from '../contract/api-types.js';
export { compileValidators } from '../contract/compile.js';
export { isoBefore, isoFromMillis, millisFromIso } from '../contract/iso.js';
export { JSON_RPC_ERRORS } from '../contract/json-rpc.js';
export {
  isTerminal,
  type Lifecycle,
  liveToAnyTransitions,
  mayFollow,
  transitionsFromPaths,
} from '../contract/lifecycle.js';
export type { OpenApiDocument } from '../contract/openapi.js';
export type { Handshake } from '../contract/operation-types.js';
export {
  type CustomErrorFormat,
  type ErrorFormat,
  type FilterParam,
  fieldValue,
  itemsOf,
  type LawId,
  type LawName,
  type ListOperation,
  type ListOrder,
  type RejectedParam,
  setField,
  type TimeOrder,
  taskOperation,
  withItems,
} from '../contract/operations.js';
export { optional } from '../contract/optional.js';
export { escapePointer, valueAt, withValueAt } from '../contract/pointer.js';
export { earlierThan, finding, has, isObject } from '../contract/rules/check-helpers.js';
export { beforeBy, del, isoPlus, millisAfter, notBefore } from '../contract/rules/repair-helpers.js';
export type { Finding, ItemRule, JsonObject, RuleRepair, RuleTarget } from '../contract/rules/types.js';
export { epochNumber, looksLikeUnixMillis, looksLikeUnixSeconds, readsAs, rfc3339Millis } from '../contract/time.js';
export type { Source } from '../contract/violation.js';
export { withArticle } from '../contract/words.js';
export { base36 } from '../generators/digits.js';
// How the generators make its objects.
export { plausibleMillis } from '../generators/instants.js';
export { randomId } from '../generators/nested-ids.js';
export type { FastCheck, GeneratorProfile } from '../generators/profile.js';
export { repair } from '../generators/repair.js';
export type { Backend, MapTraits } from '../generators/schema-arbitrary.js';
// How the mock serves it, and breaks it on purpose.
export { type ApiModules, apiSetOf, errorResponse } from '../handlers/apis.js';
export { copyJson, hash8, isoAt, pad } from '../handlers/demo.js';
export {
  integer,
  isProblem,
  MOCK_MAX_LIMIT,
  type ParamProblem,
  pageResponse,
  single,
  truncate,
} from '../handlers/derived/list.js';
export { orderedPage } from '../handlers/derived/ordered-page.js';
export {
  changedOnLaterWalks,
  droppedOnAlternateReads,
  numericId,
  renamedOnLaterReads,
  repeatedItem,
  revivesFinishedTasks,
  sharedNestedId,
  shrinkingCounter,
  strayTask,
  timesOutOfOrder,
  undocumentedField,
  unstableNestedId,
} from '../handlers/faults/shared.js';
export {
  afterFirstWalk,
  editEnvelope,
  editItems,
  editQuery,
  type FaultTransform,
  isFiltered,
  lastValue,
  sessionInPath,
  withBody,
} from '../handlers/faults/transform.js';
export type { ApiModuleInput } from '../handlers/module.js';
export type { ApiModule, DemoShape, MockDocument, MockProfile } from '../handlers/profile.js';
export { errorCode, json } from '../handlers/response.js';
export type { MockStore } from '../handlers/store.js';
export type { IndexedTask, Page, PageQuery } from '../handlers/task-index.js';
export type { ErrorCodes, MockContext, MockRequest, MockResponse, OperationBehaviour } from '../handlers/types.js';
// How its page overrides are written (`pages.<name>`), and its typed `http` object for per-test handlers.
export {
  type BaseUrls,
  completedTasks,
  limitOf,
  offsetPage,
  queryOf,
  type RequestLike,
  sessionOf,
  typedApi,
} from '../overrides/index.js';
export { type ApiFileExport, defineApi } from './define.js';
export { parseSpec } from './spec.js';
