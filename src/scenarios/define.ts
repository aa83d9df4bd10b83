import type { BuiltinFace } from '../contract/face.js';
import type { FaultId } from '../handlers/faults/index.js';
import type { RecordedAnswer } from '../handlers/timeline.js';
import type { DeepPartial, SessionObjectOf, TaskOf } from '../types/index.js';

/** The fault ids one API can inject (docs/rules.md marks them): `FaultIdOf<'ark'>`. */
export type FaultIdOf<F extends BuiltinFace> = Extract<FaultId, `${F}.${string}`>;

/** A partial task of the API: any documented fields, the rest generated from the scenario's seed. */
export type TaskPartialOf<F extends BuiltinFace> = DeepPartial<TaskOf[F]>;

/** A session of the scenario: Praxis sessions are objects of their own (partial, completed), the others an id. */
export type ScenarioSessionOf<F extends BuiltinFace> = F extends keyof SessionObjectOf
  ? DeepPartial<SessionObjectOf[F]> & { id: string }
  : { id: string };

/** A task placed in a session. */
export interface PlacedTaskOf<F extends BuiltinFace> {
  session: string;
  task: TaskPartialOf<F>;
}

/** One step of the timeline, in the API's own types. */
export interface ScenarioStepOf<F extends BuiltinFace> {
  note?: string;
  /** Answers that replace a list's data at this step only (recorded 5xx, 429, timeouts). */
  answers?: RecordedAnswer[];
  /**
   * Fields to change, by task id; a state change must be a transition the API's lifecycle allows
   * unless `fault: true`.
   */
  set?: Record<string, TaskPartialOf<F>>;
  add?: PlacedTaskOf<F>[];
  /** Tasks replaced as given (nothing generated). */
  put?: PlacedTaskOf<F>[];
  remove?: string[];
  /** Praxis only: session objects created or changed at this step. */
  sessions?: F extends keyof SessionObjectOf ? ScenarioSessionOf<F>[] : never[];
  removeSessions?: string[];
  /** The faults switched on from this step on (replacing the previous step's). */
  faults?: FaultIdOf<F>[];
  latencyMs?: number;
  /** The step deliberately breaks the contract: its objects and transitions are not checked. */
  fault?: boolean;
}

/** A scenario of one API, as the files in scenarios/ are written (see scenarios/schema.json). */
export interface ScenarioOf<F extends BuiltinFace> {
  name: string;
  description?: string;
  face: F;
  seed?: number;
  progression?: 'request' | 'time' | 'manual';
  stepMs?: number;
  /** Objects are complete as given (recordings): nothing is generated or repaired. */
  exact?: boolean;
  /** Step 0 deliberately breaks the contract: its objects are not checked. */
  fault?: boolean;
  sessions?: ScenarioSessionOf<F>[];
  tasks?: PlacedTaskOf<F>[];
  timeline: ScenarioStepOf<F>[];
}

/** A typed scenario of any API (told apart by `face`). */
export type AnyScenario = { [F in BuiltinFace]: ScenarioOf<F> }[BuiltinFace];

/**
 * Checks a scenario against its API's types at compile time and returns it unchanged, for
 * `useScenario(…)`, `startMockWorker({ scenario })` or `POST /__mock/scenario {"scenario": …}`.
 * The contract (lifecycle transitions, rules) is checked when it is played. The API is read
 * from `face` alone, so a fault id of another API cannot widen it.
 */
export function defineScenario<F extends BuiltinFace>(scenario: { face: F } & NoInfer<ScenarioOf<F>>): ScenarioOf<F> {
  return scenario;
}
