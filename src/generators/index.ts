/** fast-check arbitraries for every face, derived from the contract. Deterministic from a seed. */
export { validObject, brokenObject, type ObjectOptions } from './objects.js';
export { requestCase, type Expectation, type Query, type RequestCase, type ValuePools } from './requests.js';
export { legalLifecycle, type LifecycleCase } from './lifecycles.js';
export type { GeneratorProfile } from './profile.js';
export type { RuleKit } from './rule-kit.js';
