/** Scenarios: task timelines replayed by the mock anywhere. Browser-safe. */
export { compileScenario, checkScenarioShape } from './compile.js';
export { LIBRARY, libraryScenario } from './library.js';
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
export { ScenarioPlayer, type StepView } from './player.js';
export { useScenario, type PlayableScenario, type ScenarioOptions } from './msw.js';
export { scenarioLoader } from './loader.js';
export {
  type Scenario,
  type ScenarioStep,
  type PlacedTask,
  type StepState,
  type Timeline,
  ScenarioError,
} from './types.js';
