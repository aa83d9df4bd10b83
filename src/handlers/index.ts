/** The mock: MSW handlers, the app behind them, the store and the demo data. Browser-safe. */
export { handlers, createHandlers, demoMock, type HandlerOptions, type MockHandlers } from './msw.js';
export { MockClock, type ClockMode, type ClockState } from './clock.js';
export { SeedError, type SeedOptions, type TaskPartial } from './seed.js';
export type { PlayOptions, RecordedAnswer, TimelineLoader, TimelinePlayer, TimelineView } from './timeline.js';
export { MockApp, type MockOptions } from './app.js';
export { MockStore } from './store.js';
export { DEMO, seedDemo, demoStore, type DatasetOptions } from './dataset.js';
export { FAULTS, LAW_FAULTS, type FaultId } from './faults/index.js';
export type { MockRequest, MockResponse } from './types.js';
