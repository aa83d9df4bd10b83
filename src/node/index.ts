/** Node-only entry: the standalone HTTP server, scenario files on disk. */
export { startServer, requestListener, type RunningServer, type ServerOptions } from './server.js';
export { readScenarioFile, useScenario, type ScenarioFile } from './scenarios.js';
export { MockApp, type MockOptions } from '../handlers/app.js';
export {
  connectMock,
  mockControl,
  MockControlError,
  type MockControl,
  type PlayOptions,
  type RemoteClock,
} from './control.js';
