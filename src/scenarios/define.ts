import type { ApiFaultId, ApiSession, ApiTask, TypedApiName } from '../contract/api-types.js';
import type { RecordedAnswer } from '../handlers/timeline.js';
import type { DeepPartial } from '../types/index.js';

/** The fault ids one API can inject (docs/laws.md marks them): `FaultIdOf<'ark'>`. */
export type FaultIdOf<F extends TypedApiName> = ApiFaultId<F>;

/** A partial task of the API: any documented fields, the rest generated from the scenario's seed. */
export type TaskPartialOf<F extends TypedApiName> = DeepPartial<ApiTask<F>>;

/** Whether the API lists session objects of its own. */
type HasSessions<F extends TypedApiName> = [ApiSession<F>] extends [never] ? false : true;

/** A session of the scenario: an object of its own for an API that lists sessions (partial, completed), else an id. */
export type ScenarioSessionOf<F extends TypedApiName> =
  HasSessions<F> extends true ? DeepPartial<ApiSession<F>> & { id: string } : { id: string };

/** A task placed in a session. */
export interface PlacedTaskOf<F extends TypedApiName> {
  session: string;
  task: TaskPartialOf<F>;
}

/** One step of the timeline, in the API's own types. */
export interface ScenarioStepOf<F extends TypedApiName> {
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
  /** For an API that lists sessions: session objects created or changed at this step. */
  sessions?: HasSessions<F> extends true ? ScenarioSessionOf<F>[] : never[];
  removeSessions?: string[];
  /** The faults switched on from this step on (replacing the previous step's). */
  faults?: FaultIdOf<F>[];
  latencyMs?: number;
  /** The step deliberately breaks the contract: its objects and transitions are not checked. */
  fault?: boolean;
}

/** A scenario of one API, as the files in scenarios/ are written (see scenarios/schema.json). */
export interface ScenarioOf<F extends TypedApiName> {
  name: string;
  description?: string;
  api: F;
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

/** A typed scenario of any API (told apart by `api`). */
export type AnyScenario = { [F in TypedApiName]: ScenarioOf<F> }[TypedApiName];

/**
 * Checks a scenario against its API's types at compile time and returns it, for
 * `useScenario(…)`, `startMockWorker({ scenario })` or `POST /__mock/scenario {"scenario": …}`.
 * The contract (lifecycle transitions, rules) is checked when it is played. The API is read
 * from `api` alone, so a fault id of another API cannot widen it.
 */
export function defineScenario<F extends TypedApiName>(scenario: { api: F } & NoInfer<ScenarioOf<F>>): ScenarioOf<F> {
  return scenario;
}
