import jobs from 'agent-task-contracts/examples/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/index.js';
import { apiNames } from '../../src/contract/registry.js';
import { registerApi } from '../../src/handlers/apis.js';
import { MockApp } from '../../src/handlers/app.js';
import { type RunningServer, startServer } from '../../src/node/server.js';

let app: MockApp;
let server: RunningServer;
beforeAll(async () => {
  app = await MockApp.create();
  server = await startServer(app, { host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

describe('the runner takes the API modules it judges by', () => {
  const options = () => ({ api: 'jobs', baseUrl: `${server.url}/jobs`, session: 'ses_r', runs: 5, polls: 1 });

  it('refuses an API no module gave, naming the APIs it knows', async () => {
    expect(apiNames()).not.toContain('jobs');
    await expect(runConformance(options())).rejects.toThrow(
      '--face must be one of praxis, everruns, ark, jsonrpc; got "jobs"; a module\'s API is known once it is registered',
    );
  });

  it('judges one given in apis: its contract and generators (the mock side is not read)', async () => {
    const module = { contract: jobs.contract, generators: jobs.generators };
    // The server's mock does not serve jobs yet: the run is judged, and fails, rather than refused.
    const unserved = await runConformance({ ...options(), apis: [module] });
    expect(apiNames()).toContain('jobs');
    expect(unserved.exitCode).toBe(1);
    registerApi(jobs); // now the mock serves it too
    await app.seed('jobs', 'ses_r', [{ status: 'running' }, { status: 'failed' }, { status: 'queued' }]);
    const served = await runConformance({ ...options(), apis: [module] });
    expect(served.violations).toEqual([]);
    expect(served.exitCode).toBe(0);
  });
});
