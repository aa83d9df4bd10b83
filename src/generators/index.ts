/** fast-check arbitraries for every API, derived from the contract. Deterministic from a seed. */

export type { RuleRepair } from '../contract/rules/types.js';
export { type DrawOptions, drawObjects } from './bulk.js';
export { type LifecycleCase, legalLifecycle } from './lifecycles.js';
export { brokenObject, type ObjectOptions, validObject } from './objects.js';
export type { GeneratorProfile } from './profile.js';
export { type Expectation, type Query, type RequestCase, requestCase, type ValuePools } from './requests.js';
export type { Backend, MapTraits } from './schema-arbitrary.js';
