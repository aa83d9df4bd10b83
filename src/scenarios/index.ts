/** Scenarios: task timelines replayed by the mock anywhere. Browser-safe. */
export { LIBRARY } from './library.js';
export {
  defineScenario,
  type AnyScenario,
  type FaultIdOf,
  type PlacedTaskOf,
  type ScenarioOf,
  type ScenarioSessionOf,
  type ScenarioStepOf,
  type TaskPartialOf,
} from './define.js';
export type { ScenarioName } from './generated/library.js';
export { useScenario, type PlayableScenario, type ScenarioOptions } from './msw.js';
export { scenarioLoader } from './loader.js';
export type { Scenario, ScenarioStep, PlacedTask } from './types.js';
