/** Node-only entry: the standalone HTTP server, scenario files on disk, a client of a running server. */

export { compileValidators } from '../contract/compile.js';
export { type ApiModules, apiSetOf } from '../handlers/apis.js';
export { MockApp, type MockOptions } from '../handlers/app.js';
export type { ClockState, ControlClock } from '../handlers/clock.js';
export { ControlError } from '../handlers/control-error.js';
export type { MockControl, SessionCount } from '../handlers/mock-control.js';
export type { Outage, OutageKind } from '../handlers/outages.js';
export type { PlayOptions } from '../handlers/timeline.js';
export { connectMock, type RemoteMock } from './control.js';
export { type ScenarioFile, useScenario } from './scenarios.js';
export { type RunningServer, type ServerOptions, startServer } from './server.js';
