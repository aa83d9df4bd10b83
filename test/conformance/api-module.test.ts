import jobs from 'agent-task-contracts/examples/jobs';
import {
  editItems,
  type ListOperation,
  type MockContext,
  type MockRequest,
  type MockResponse,
} from 'agent-task-contracts/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { MockApp } from '../../src/apis/mock-functions.js';
import { runConformance } from '../../src/entries/conformance.js';
import { type RunningServer, startServer } from '../../src/node/server.js';

let app: MockApp;
let server: RunningServer;
beforeAll(async () => {
  app = await MockApp.create();
  server = await startServer(app, { host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

describe('the runner takes the API modules it judges by', () => {
  const options = (url = server.url) => ({
    api: 'jobs',
    baseUrl: `${url}/jobs`,
    session: 'ses_r',
    runs: 5,
    polls: 1,
  });

  it('refuses an API no module gave, naming the APIs it knows', async () => {
    await expect(runConformance(options())).rejects.toThrow(
      'api must be one of praxis, everruns, ark, jsonrpc, langgraph, a2a, mcp; got "jobs"; a module\'s API is known once it is in the API set',
    );
  });

  it('judges one given in apis: its contract and generators (the mock side is not read)', async () => {
    const apis = { ...BUILTIN_APIS, jobs: { contract: jobs.contract, generators: jobs.generators } };
    // A mock that does not serve jobs: the run is not refused, it ends as a setup problem (exit 2).
    const unserved = await runConformance({ ...options(), apis });
    expect(unserved.exitCode).toBe(2); // the endpoint is not there: a setup problem, not a verdict
    const answer = await fetch(`${server.url}/jobs/v1/sessions/ses_r/jobs`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('no API at /jobs; the APIs are at /praxis, /everruns, /ark, /jsonrpc');
    // A mock of its own set serves it: the run over the same modules passes.
    const withJobs = await MockApp.create({ apis: { ...BUILTIN_APIS, jobs } });
    const served = await startServer(withJobs, { host: '127.0.0.1', port: 0 });
    try {
      await withJobs.addTasks('jobs', 'ses_r', [{ status: 'running' }, { status: 'failed' }, { status: 'queued' }]);
      const result = await runConformance({ ...options(served.url), apis });
      expect(result.violations).toEqual([]);
      expect(result.exitCode).toBe(0);
      // The first mock still serves the built-in APIs alone.
      expect(Object.keys((await app.state()).tasks)).toEqual([
        'praxis',
        'everruns',
        'ark',
        'jsonrpc',
        'langgraph',
        'a2a',
        'mcp',
      ]);
    } finally {
      await served.close();
    }
  });

  it("prints a violation's requests with the module's page token as sent, so that they reproduce", async () => {
    // A server that sorts every page but the first oldest first: the violations are shown on a page asked by token.
    const laterPagesReversed = {
      ...jobs,
      mock: {
        ...jobs.mock,
        faults: {
          'jobs.order-newest-first': {
            changes: 'lists each page after the first oldest first',
            response: (response: MockResponse, sent: MockRequest, _context: MockContext, op: ListOperation) =>
              sent.query.has('page_token') ? editItems(op, response, (items) => [...items].reverse()) : response,
          },
        },
      },
    };
    const apis = { ...BUILTIN_APIS, jobs: laterPagesReversed };
    const withJobs = await MockApp.create({ apis, faults: ['jobs.order-newest-first'] });
    const served = await startServer(withJobs, { host: '127.0.0.1', port: 0 });
    try {
      await withJobs.addTasks(
        'jobs',
        'ses_r',
        Array.from({ length: 60 }, () => ({ status: 'running' })),
      );
      const { violations } = await runConformance({ ...options(served.url), apis: { ...BUILTIN_APIS, jobs } });
      const requests = violations.flatMap((v) => v.requests ?? [v.curl]);
      const paged = requests.filter((r) => r.includes('page_token='));
      expect(paged.length, requests.join('\n')).toBeGreaterThan(0);
      for (const request of paged) expect(request).not.toMatch(/page_token=(%5B|\[)redacted/);
      // Each reproduces: the page it names answers 200 from the mock, token and all.
      const url = /'([^']+)'/.exec(paged[0]!)![1]!;
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
