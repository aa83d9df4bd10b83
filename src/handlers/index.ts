/** The mock: MSW handlers and the app behind them. Browser-safe. */
export { handlers, createHandlers, demoMock, type HandlerOptions, type MockHandlers } from './msw.js';
export { MockClock, type ClockMode, type ClockState } from './clock.js';
export type { SeedOptions, TaskPartial } from './seed.js';
export type { PlayOptions, RecordedAnswer, TimelineLoader, TimelinePlayer, TimelineView } from './timeline.js';
export { MockApp, type MockOptions } from './app.js';
export type { MockStore } from './store.js';
export type { FaultId } from './faults/index.js';
export type { MockContext, MockRequest, MockResponse, Operation } from './types.js';
export { registerApi } from './apis.js';
export type { ApiModule, DemoShape, MockProfile } from './profile.js';
export type { FaultTransform } from './faults/transform.js';
