/** List laws: the catalogue, its vocabulary and the checks composed from it. */
export {
  allLaws,
  applyLaws,
  checkErrorResponse,
  checkListPage,
  checkTimeline,
  checkWalk,
  type LawJudgement,
  lawsOf,
  type Snapshot,
} from './catalogue.js';
export { lawId } from './common.js';
export { addedFilters } from './filters.js';
export type { ErrorExpectation, Exchange, LawScope, Subjects, Walk } from './types.js';
