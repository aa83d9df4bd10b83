import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';
import type { RecordedAnswer } from '../handlers/timeline.js';

export interface PlacedTask {
  session: string;
  task: JsonObject;
}

export type { RecordedAnswer };

export interface ScenarioStep {
  note?: string;
  answers?: RecordedAnswer[];
  set?: Record<string, JsonObject>;
  add?: PlacedTask[];
  put?: PlacedTask[];
  remove?: string[];
  sessions?: JsonObject[];
  removeSessions?: string[];
  faults?: string[];
  latencyMs?: number;
  fault?: boolean;
}

/** A scenario file, as written (see scenarios/schema.json). */
export interface Scenario {
  name: string;
  description?: string;
  api: ApiName;
  seed?: number;
  progression?: 'request' | 'time' | 'manual';
  stepMs?: number;
  /** Objects are complete as given (recordings): nothing is generated or repaired. */
  exact?: boolean;
  /** Step 0 deliberately breaks the contract: its objects are not checked. */
  fault?: boolean;
  sessions?: JsonObject[];
  tasks?: PlacedTask[];
  timeline: ScenarioStep[];
}

/** The full state of the scenario's API at one step. */
export interface StepState {
  /** Session objects (complete), in creation order, for an API that lists its sessions. */
  sessionObjects: JsonObject[];
  /** Session ids that exist. */
  sessions: string[];
  /** Tasks in creation order, each with its stable creation number. */
  tasks: { seq: number; session: string; task: JsonObject }[];
  faults: string[];
  latencyMs: number;
  /** Answers that replace a list's data at this step only. */
  answers: RecordedAnswer[];
  note?: string;
}

export interface Timeline {
  scenario: Scenario;
  steps: StepState[];
}
