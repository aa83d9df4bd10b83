/**
 * The plug-in point for anything that changes the mock's world step by step (the scenario
 * player is one): the app asks it which store and which step settings serve a request. The
 * handlers define this interface and know no scenario format.
 */
import type { ApiSet } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import type { MockStore } from './store.js';
import type { MockRequest } from './types.js';

/** What a list answered at one step instead of its data (a recorded 5xx, 429 or timeout). */
export interface RecordedAnswer {
  /** The list's path below the API's base. */
  path: string;
  status?: number;
  body?: unknown;
  retryAfter?: string;
  /** No complete answer within this many ms (replayed as a 504 after that delay). */
  timeoutMs?: number;
}

/** The world one request sees. */
export interface TimelineView {
  store: MockStore;
  /** Faults switched on at this step only. */
  faults: readonly string[];
  latencyMs: number;
  /** Answers that replace a list's data at this step. */
  answers: readonly RecordedAnswer[];
}

export interface TimelinePlayer {
  readonly api: ApiName;
  /** The view a request sees at clock time `now` (and, for request-driven players, the step it moves on). */
  view(request: MockRequest, now: number): TimelineView;
  /** Moves a manually driven timeline on; false when the timeline moves by itself. */
  advance?(steps: number): boolean;
  /** Back to the first step. */
  rewind(): void;
  /** What it plays and, at clock time `now`, the step it is on (when it knows one). */
  describe(now?: number): ScenarioState;
  /** The store the next list request would see at clock time `now`, moving nothing on: what the mock serves. */
  storeAt(now: number): MockStore;
}

/** A playing timeline, as `GET /__mock/state` says it. */
export interface ScenarioState {
  name: string;
  api: ApiName;
  steps: number;
  /** The step it is on (0-based): the latest step a list request saw, or the manual or clock step. */
  step?: number;
  progression?: 'request' | 'time' | 'manual';
}

/** How to play a timeline, over what its file says. */
export interface PlayOptions {
  /** `manual` moves only on advance (immune to extra polls such as React StrictMode's double mount). */
  progression?: 'request' | 'time' | 'manual';
  /** Step length of `time` progression, in clock ms. */
  stepMs?: number;
}

/** Loads players by library name or from a scenario object (`POST /__mock/scenario`). */
export interface TimelineLoader {
  /** `apis`: the API set of the mock that plays it. */
  load(scenario: string | Record<string, unknown>, play: PlayOptions, apis: ApiSet): Promise<TimelinePlayer>;
  /** Names `load` accepts, for error messages. */
  names(): Promise<readonly string[]>;
}
