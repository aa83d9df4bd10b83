/** Node-only entry: the standalone HTTP server, scenario files on disk, a client of a running server. */
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { useScenario, type ScenarioFile } from './scenarios.js';
export { MockApp, type MockOptions } from '../handlers/app.js';
export { connectMock, MockControlError, type MockControl, type PlayOptions, type RemoteClock } from './control.js';
export { compileValidators } from '../contract/compile.js';
