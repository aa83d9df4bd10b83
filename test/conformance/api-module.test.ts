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
      'api must be one of praxis, everruns, ark, jsonrpc; got "jobs"; a module\'s API is known once it is registered',
    );
  });

  it('judges one given in apis: its contract and generators (the mock side is not read)', async () => {
    const module = { contract: jobs.contract, generators: jobs.generators };
    // The server's mock does not serve jobs yet: the run is not refused, it ends as a setup problem (exit 2).
    const unserved = await runConformance({ ...options(), apis: [module] });
    expect(apiNames()).toContain('jobs');
    expect(unserved.exitCode).toBe(2); // the endpoint is not there: a setup problem, not a verdict
    // The runner registered the contract alone: the mock answers 404 naming the APIs it serves, not a 500.
    const answer = await fetch(`${server.url}/jobs/v1/sessions/ses_r/jobs`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('no API at /jobs; the APIs are at /praxis, /everruns, /ark, /jsonrpc');
    // Nor does its contract alone break the mock's other parts: faults and state keep to the APIs it serves.
    app.setFaults(['ark.order-newest-first']);
    expect(Object.keys(app.injectableFaults())).toEqual(['praxis', 'everruns', 'ark', 'jsonrpc']);
    expect(Object.keys(app.state().tasks)).toEqual(['praxis', 'everruns', 'ark', 'jsonrpc']);
    app.setFaults([]);
    registerApi(jobs); // now the mock serves it too
    await app.seed('jobs', 'ses_r', [{ status: 'running' }, { status: 'failed' }, { status: 'queued' }]);
    const served = await runConformance({ ...options(), apis: [module] });
    expect(served.violations).toEqual([]);
    expect(served.exitCode).toBe(0);
  });
});
