/** List laws: the catalogue, its vocabulary and the checks composed from it. */
export {
  ALL_LAWS,
  applyLaws,
  checkErrorResponse,
  checkListPage,
  checkTimeline,
  checkWalk,
  lawSource,
  lawsOf,
  type LawOutcome,
  type Snapshot,
} from './catalogue.js';
export { isJsonType, lawId } from './common.js';
export { addedFilters } from './filters.js';
export type {
  CatalogueId,
  ErrorExpectation,
  Exchange,
  Judgement,
  Law,
  LawScope,
  Subjects,
  Walk,
} from './types.js';
