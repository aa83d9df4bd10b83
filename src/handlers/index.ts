/** The mock: MSW handlers and the app behind them. Browser-safe. */

export type { AddTasksOptions, TaskPartial } from './add-tasks.js';
export { type ApiModules, apiSetOf } from './apis.js';
export { MockApp, type MockOptions, type MockState } from './app.js';
export { type ClockMode, type ClockState, type ControlClock, MockClock } from './clock.js';
export { ControlError } from './control-error.js';
export type { FaultId } from './faults/index.js';
export type { FaultTransform } from './faults/transform.js';
export type { MockControl, SessionCount } from './mock-control.js';
export { createHandlers, type HandlerOptions, type MockHandlers } from './msw.js';
export type { Outage, OutageKind, StandingOutage } from './outages.js';
export type { ApiModule, DemoShape, MockProfile } from './profile.js';
export type { MockStore } from './store.js';
export type { PlayOptions, RecordedAnswer, TimelineLoader, TimelinePlayer, TimelineView } from './timeline.js';
export type { MockContext, MockRequest, MockResponse, OperationBehaviour } from './types.js';
