/** Node-only entry: the standalone HTTP server, scenario files on disk, a client of a running server. */

export { compileValidators } from '../contract/compile.js';
export type { AnswerKind, AnswerRule } from '../handlers/answers.js';
export { type ApiModules, apiSetOf } from '../handlers/apis.js';
export { MockApp, type MockOptions } from '../handlers/app.js';
export { connectMock, type MockControl, MockControlError, type PlayOptions, type RemoteClock } from './control.js';
export { type ScenarioFile, useScenario } from './scenarios.js';
export { type RunningServer, type ServerOptions, startServer } from './server.js';
