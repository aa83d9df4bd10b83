/**
 * Plays a compiled timeline: one store per step (built once, ahead), and for each request the
 * step it sees. With `request` progression the scenario is at step n once some list (a path
 * and its non-paging query) has been called n + 1 times: a client polling one list sees step 0,
 * 1, 2…; a client polling several lists each round sees one step per round; a list called for
 * the first time joins at the current step, so the world never goes back in time. The pages
 * of one walk stay on the step their first page saw. With `time` progression the step is the
 * time since the first request divided by `stepMs`.
 */

import type { ApiSet } from '../contract/api-set.js';
import { pagingParams } from '../contract/operations.js';
import type { ApiName } from '../contract/registry.js';
import { MockStore } from '../handlers/store.js';
import type { ScenarioState, TimelinePlayer, TimelineView } from '../handlers/timeline.js';
import type { MockRequest } from '../handlers/types.js';
import type { StepState, Timeline } from './types.js';

export interface StepView extends TimelineView {
  step: number;
  state: StepState;
}

export class ScenarioPlayer implements TimelinePlayer {
  /** First-page calls per list. */
  private readonly calls = new Map<string, number>();
  /** The step each list's latest walk is on. */
  private readonly walkStep = new Map<string, number>();
  private mostCalls = 0;
  private startedAt: number | undefined;
  private manualStep = 0;

  private constructor(
    readonly timeline: Timeline,
    private readonly stores: MockStore[],
    /** The API set of the mock that plays it: what continues a walk is read from it. */
    private readonly apis: ApiSet,
  ) {}

  static async load(timeline: Timeline, apis: ApiSet): Promise<ScenarioPlayer> {
    const api = timeline.scenario.api;
    const stores: MockStore[] = [];
    for (const state of timeline.steps) {
      const store = new MockStore(apis);
      for (const session of state.sessionObjects) await store.addSessionObject(api, session, true);
      for (const session of state.sessions) store.addSession(api, session);
      // Objects were checked when the timeline was compiled (fault steps on purpose not).
      for (const { seq, session, task } of state.tasks) await store.addTask(api, session, task, true, seq);
      stores.push(store);
    }
    return new ScenarioPlayer(timeline, stores, apis);
  }

  get api(): ApiName {
    return this.timeline.scenario.api;
  }

  get lastStep(): number {
    return this.timeline.steps.length - 1;
  }

  /** The step a request sees, moving its list on when it is a new list call. */
  view(request: MockRequest, now = Date.now()): StepView {
    const step = this.stepFor(request, now);
    const state = this.timeline.steps[step]!;
    return {
      step,
      state,
      store: this.stores[step]!,
      faults: state.faults,
      latencyMs: state.latencyMs,
      answers: state.answers,
    };
  }

  describe(now = Date.now()): ScenarioState {
    const { name, progression = 'request' } = this.timeline.scenario;
    return { name, api: this.api, steps: this.lastStep + 1, step: this.currentStep(now), progression };
  }

  storeAt(now: number): MockStore {
    return this.stores[this.currentStep(now)]!;
  }

  /** The step the next first-page request would see, without moving anything on. */
  private currentStep(now: number): number {
    if (this.timeline.scenario.progression === 'manual') return this.manualStep;
    if (this.timeline.scenario.progression === 'time') {
      if (this.startedAt === undefined) return 0;
      // A clock set back before the scenario's start (frozen at an earlier instant) sees step 0.
      const step = Math.floor((now - this.startedAt) / (this.timeline.scenario.stepMs ?? 1000));
      return Number.isFinite(step) ? Math.min(this.lastStep, Math.max(0, step)) : 0;
    }
    return Math.min(this.lastStep, Math.max(0, this.mostCalls - 1));
  }

  private stepFor(request: MockRequest, now: number): number {
    if (this.timeline.scenario.progression === 'manual') return this.manualStep;
    if (this.timeline.scenario.progression === 'time') {
      this.startedAt ??= now;
      return this.currentStep(now);
    }
    const params = [...request.query]
      .filter(([k]) => !pagingParams(this.apis).includes(k))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const key = `${request.path}?${new URLSearchParams(params).toString()}`;
    if (pagingParams(this.apis).some((p) => request.query.has(p)))
      return this.walkStep.get(key) ?? Math.min(this.lastStep, Math.max(0, this.mostCalls - 1));
    const calls = (this.calls.get(key) ?? 0) + 1;
    this.calls.set(key, calls);
    this.mostCalls = Math.max(this.mostCalls, calls);
    const step = Math.min(this.lastStep, this.mostCalls - 1);
    this.walkStep.set(key, step);
    return step;
  }

  /** With manual progression, moves `steps` steps on (never past the last); otherwise does nothing. */
  advance(steps = 1): boolean {
    if (this.timeline.scenario.progression !== 'manual') return false;
    this.manualStep = Math.min(this.lastStep, this.manualStep + steps);
    return true;
  }

  /** Back to step 0 for every list. */
  rewind(): void {
    this.manualStep = 0;
    this.calls.clear();
    this.walkStep.clear();
    this.mostCalls = 0;
    this.startedAt = undefined;
  }
}
