/** List laws: the catalogue, its vocabulary and the checks composed from it. */
export { ALL_LAWS, applyLaws, checkErrorResponse, checkListPage, checkTimeline, checkWalk, lawSource, lawsOf, type LawOutcome, type Snapshot } from './catalogue.js';
export { isJsonType, lawId } from './common.js';
export { addedFilters } from './filters.js';
export { type CatalogueId, type ErrorExpectation, type Exchange, type Judgement, type Law, type LawScope, type Query, type Subjects, type Walk } from './types.js';
