/** Scenarios: task timelines replayed by the mock anywhere. Browser-safe. */

export {
  type AnyScenario,
  defineScenario,
  type FaultIdOf,
  type PlacedTaskOf,
  type ScenarioOf,
  type ScenarioSessionOf,
  type ScenarioStepOf,
  type TaskPartialOf,
} from './define.js';
export type { ScenarioName } from './generated/library.js';
export { LIBRARY } from './library.js';
export { scenarioLoader } from './loader.js';
export { type PlayableScenario, type ScenarioOptions, useScenario } from './msw.js';
export type { PlacedTask, Scenario, ScenarioStep } from './types.js';
