/**
 * The official LangGraph client (`@langchain/langgraph-sdk`) reads the mock's list of a thread's runs over
 * HTTP on 127.0.0.1: the list at its defaults, a status filter, a walk by offset to the end, and the mock's
 * errors as the client's HTTPError (its retries off, so a 5xx is one request).
 */
import { Client } from '@langchain/langgraph-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../helpers/mock-server.js';

const THREAD = '6f1c2d3e-4a5b-4c6d-8e7f-000000000001';
const STATUSES = ['success', 'error', 'running', 'pending', 'interrupted', 'timeout'] as const;
/** 23 runs: more than two pages at the client's default limit of 10, the last one short. */
const RUNS = Array.from({ length: 23 }, (_, i) => ({ status: STATUSES[i % STATUSES.length]! }));

let mock: Awaited<ReturnType<typeof startMock>>;
let sent: string[];
let client: Client;
beforeAll(async () => {
  mock = await startMock();
  await mock.app.addTasks('langgraph', THREAD, RUNS, { seed: 11 });
  const counting: typeof fetch = (input, init) => {
    sent.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  client = new Client({ apiUrl: mock.base('langgraph'), callerOptions: { maxRetries: 0, fetch: counting } });
});
afterAll(() => mock.server.close());

describe('@langchain/langgraph-sdk runs.list on the mock', () => {
  it('lists a thread’s runs at the client’s defaults (limit 10, offset 0)', async () => {
    sent = [];
    const runs = await client.runs.list(THREAD);
    expect(runs).toHaveLength(10);
    expect(new Set(runs.map((run) => run.thread_id))).toEqual(new Set([THREAD]));
    expect(sent).toEqual([`${mock.base('langgraph')}/threads/${THREAD}/runs?limit=10&offset=0`]);
  });

  it('filters by status', async () => {
    for (const status of ['error', 'running'] as const) {
      const runs = await client.runs.list(THREAD, { status, limit: 100 });
      expect(runs.map((run) => run.status)).toEqual(RUNS.filter((run) => run.status === status).map(() => status));
    }
  });

  it('pages by offset to the end: every run once, as one page lists them', async () => {
    const whole = (await client.runs.list(THREAD, { limit: 100 })).map((run) => run.run_id);
    expect(whole).toHaveLength(RUNS.length);
    const walked: string[] = [];
    for (let offset = 0; ; ) {
      const page = await client.runs.list(THREAD, { limit: 7, offset });
      walked.push(...page.map((run) => run.run_id));
      if (page.length === 0) break;
      offset += page.length;
    }
    expect(walked).toEqual(whole);
  });

  it('an error answer is the client’s HTTPError with its status, a 5xx sent once', async () => {
    const failure = async (call: () => Promise<unknown>) => {
      sent = [];
      const error = await call().then(
        () => undefined,
        (e: unknown) => e as Error & { status?: number },
      );
      return { name: error?.constructor.name, status: error?.status, requests: sent.length };
    };
    expect(await failure(() => client.runs.list('00000000-0000-4000-8000-0000000000aa'))).toEqual({
      name: 'HTTPError',
      status: 404,
      requests: 1,
    });
    expect(await failure(() => client.runs.list(THREAD, { limit: 0 }))).toMatchObject({
      name: 'HTTPError',
      status: 400,
    });
    await mock.app.setOutages([{ api: 'langgraph', status: 503, times: 1 }]);
    expect(await failure(() => client.runs.list(THREAD))).toEqual({ name: 'HTTPError', status: 503, requests: 1 });
    expect(await client.runs.list(THREAD)).toHaveLength(10);
  });
});
