/** Node-only entry: the standalone HTTP server over a MockApp. */
export { startServer, requestListener, type RunningServer } from './server.js';
export { MockApp, type MockOptions } from '../handlers/app.js';
