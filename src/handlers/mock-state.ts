/**
 * What a running mock says of itself: its state (`state()`, `GET /__mock/state`, the answer of
 * every control `POST`), each API's sessions and the faults each API can inject.
 */

import { type Face, faces } from '../contract/faces.js';
import type { StandingAnswer } from './answers.js';
import type { ClockState } from './clock.js';
import { type FaultEffect, type FaultId, faultsOf } from './faults/index.js';
import type { MockStore } from './store.js';
import type { ScenarioState } from './timeline.js';

/** What `state()` and `GET /__mock/state` say of the mock. */
export interface MockState {
  seed: number;
  /** Lifecycle steps the demo tasks have taken (`advance`). */
  advanced: number;
  faults: string[];
  /** What each injected fault changes (and how many objects an item rule's fault has broken). */
  faultEffects: FaultEffect[];
  latencyMs: number;
  /** The answers asked for, each with the requests it still answers (`remaining`, null: all). */
  answers: StandingAnswer[];
  scenario: ScenarioState | null;
  clock: ClockState;
  tasks: Record<Face, number>;
  /** Sessions put in by `seed`, by API. */
  seeded: Record<Face, string[]>;
}

/** How many tasks each API holds. */
export function taskCounts(store: MockStore): Record<Face, number> {
  return Object.fromEntries(faces().map((face) => [face, store.taskCount(face)])) as Record<Face, number>;
}

/** Each API's sessions (at most 100, in creation order) and how many tasks each holds. */
export function sessionsOf(store: MockStore): Record<Face, { session: string; tasks: number }[]> {
  return Object.fromEntries(
    faces().map((face) => [
      face,
      store
        .sessionsOf(face)
        .slice(0, MAX_LISTED_SESSIONS)
        .map((session) => ({ session, tasks: store.taskCount(face, session) })),
    ]),
  ) as Record<Face, { session: string; tasks: number }[]>;
}

/** The fault ids each of these APIs can inject. */
export function injectableFaults(served: readonly Face[]): Record<Face, FaultId[]> {
  return Object.fromEntries(served.map((face) => [face, faultsOf(face)])) as Record<Face, FaultId[]>;
}

const MAX_LISTED_SESSIONS = 100;
