/** fast-check arbitraries for every face, derived from the contract. Deterministic from a seed. */
export { validObject, brokenObject, repair, type ObjectOptions } from './objects.js';
export {
  validQuery,
  rejectedRequest,
  requestCase,
  type Query,
  type RequestCase,
  type Expectation,
  type ValuePools,
} from './requests.js';
export {
  legalLifecycle,
  illegalLifecycle,
  advanceSnapshot,
  type LifecycleCase,
  type IllegalKind,
} from './lifecycles.js';
export { SchemaArbitraries, type ArbitraryOptions } from './schema-arbitrary.js';
export { completer, type Completer } from './complete.js';
