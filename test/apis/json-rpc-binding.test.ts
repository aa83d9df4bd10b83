/**
 * A list bound as JSON-RPC 2.0 over POST (the jobs example as the method `jobs.list`): the module says so as
 * data, the mock serves it (MSW and the standalone server) with the protocol's own answers to bad input,
 * `conform` passes on it, and catches a proxy that breaks it with a printed POST that reproduces.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { runConformance } from '../../src/entries/conformance.js';
import { createHandlers } from '../../src/entries/handlers.js';
import { judgeResponse } from '../../src/entries/matchers.js';
import type { ApiModule } from '../../src/kit/index.js';
import { apiSetOf } from '../../src/kit/index.js';
import { hostile } from '../helpers/hostile.js';
import { jsonRpcJobs } from '../helpers/jobs-json-rpc.js';
import { startMock } from '../helpers/mock-server.js';

const MODULES: Record<string, ApiModule> = { ...BUILTIN_APIS, jobs: jsonRpcJobs() };
const SESSION = 'ses_rpc';
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ apis: MODULES });
  // 25 jobs: two pages at the default limit of 20, the last one short.
  const partials = Array.from({ length: 25 }, (_, i) => ({ status: ['running', 'succeeded', 'failed'][i % 3] }));
  await mock.app.addTasks('jobs', SESSION, partials as never, { seed: 7 });
});
afterAll(() => mock.server.close());

const post = (body: string, base = mock.base('jobs')) =>
  fetch(`${base}/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const call = (params: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'jobs.list', params, ...extra });

describe('a JSON-RPC list on the standalone mock', () => {
  it('answers a call with the page as its result, walked by its page token', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const answer = await post(call({ session_id: SESSION, limit: 20, ...(token ? { page_token: token } : {}) }));
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as {
        jsonrpc: string;
        id: number;
        result: { jobs: { id: string }[]; next_page_token?: string };
      };
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 7 });
      seen.push(...body.result.jobs.map((job) => job.id));
      token = body.result.next_page_token;
    } while (token);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });
});

describe('the contract matcher on a JSON-RPC answer', () => {
  const judge = (answer: Response) =>
    judgeResponse('jobs' as never, 'listJobs' as never, answer, { apis: apiSetOf(MODULES) }).then((found) =>
      found.map((v) => v.law),
    );
  const laws = async (body: unknown, params: Record<string, unknown>) =>
    (
      await judgeResponse(
        'jobs' as never,
        'listJobs' as never,
        { status: 200, body, url: `${mock.base('jobs')}/rpc`, params, id: 7 },
        { apis: apiSetOf(MODULES) },
      )
    ).map((v) => v.law);

  it('judges the result of a call as a page, with its params as the query', async () => {
    expect(await judge(await post(call({ session_id: SESSION, limit: 3 })))).toEqual([]);
    const answer = (await (await post(call({ session_id: SESSION, limit: 5 }))).json()) as { result: object };
    expect(await laws(answer, { session_id: SESSION, limit: 5 })).toEqual([]);
    // The same five jobs as the answer to a call that asked for two.
    expect(await laws(answer, { session_id: SESSION, limit: 2 })).toContain('jobs.limit-respected');
  });

  it('judges an error as a refusal, and an answer that is no response object under json-rpc-response', async () => {
    expect(await judge(await post(call({ session_id: SESSION, limit: 0 })))).toEqual([]);
    const page = (await (await post(call({ session_id: SESSION }))).json()) as Record<string, unknown>;
    expect(await laws({ ...page, jsonrpc: '1.0' }, { session_id: SESSION })).toContain('jobs.json-rpc-response');
    expect(await laws({ ...page, id: 8 }, { session_id: SESSION })).toContain('jobs.json-rpc-response');
  });
});

describe('bad input gets the JSON-RPC answer, and the mock stays up', () => {
  const code = async (body: string) => {
    const answer = await post(body);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { id: unknown; error: { code: number } }).error.code;
  };
  it.each([
    ['a body that is no JSON', '{"jsonrpc":"2.0","id":1,', -32700],
    ['an empty body', '', -32700],
    ['JSON that is no object', '"hello"', -32600],
    ['jsonrpc other than "2.0"', call({}, { jsonrpc: '1.0' }), -32600],
    ['a method that is no string', call({}, { method: 5 }), -32600],
    ['an id of a wrong type', call({}, { id: {} }), -32600],
    ['params that are no structured value', call('x'), -32600],
    ['an empty batch', '[]', -32600],
    ['another method', call({}, { method: 'jobs.lists' }), -32601],
    ['params by position', call([SESSION]), -32602],
    ['a filter value that is no status', call({ session_id: SESSION, status: 'done' }), -32602],
    ['a page size out of range', call({ session_id: SESSION, limit: 0 }), -32602],
    ['a page size that is no number', call({ session_id: SESSION, limit: 'ten' }), -32602],
    ['a param of the wrong JSON type', call({ session_id: SESSION, limit: true }), -32602],
    ['a page token the list never gave', call({ session_id: SESSION, page_token: '!!' }), -32602],
  ])('%s: %i', async (_what, body, expected) => {
    expect(await code(body)).toBe(expected);
    expect((await post(call({ session_id: SESSION, limit: 1 }))).status).toBe(200);
  });

  it('answers a batch call by call, and a notification not at all (204)', async () => {
    const batch = await post(`[${call({ session_id: SESSION, limit: 2 })},${call({}, { method: 'nope', id: 'b' })},1]`);
    const answers = (await batch.json()) as { id: unknown; result?: { jobs: unknown[] }; error?: { code: number } }[];
    expect(answers.map((a) => [a.id, a.result?.jobs.length ?? a.error?.code])).toEqual([
      [7, 2],
      ['b', -32601],
      [null, -32600],
    ]);
    const { id: _id, ...notification } = JSON.parse(call({ session_id: SESSION })) as Record<string, unknown>;
    const silent = await post(JSON.stringify(notification));
    expect([silent.status, await silent.text()]).toEqual([204, '']);
    const allSilent = await post(JSON.stringify([notification, notification]));
    expect([allSilent.status, await allSilent.text()]).toEqual([204, '']);
  });

  it("serves the same list through MSW, under the module's base URL", async () => {
    const msw = setupServer(...createHandlers({ apis: MODULES, apiNames: ['jobs'] }).handlers);
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      const mocked = await post(call({ session_id: 'ses_none', limit: 3 }), 'https://api.jobs.invalid/v1');
      expect(await mocked.json()).toEqual({ jsonrpc: '2.0', id: 7, result: { jobs: [] } });
      const refused = await post(call({ limit: 0 }), 'https://api.jobs.invalid/v1');
      expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(-32602);
    } finally {
      msw.close();
    }
  });
});

describe('conform on a JSON-RPC list', () => {
  const conform = (baseUrl: string, seed: number) =>
    runConformance({ api: 'jobs', apis: MODULES, baseUrl, session: SESSION, seed, runs: 15, polls: 1 });

  it.each([3, 11])('passes on the mock (seed %i)', async (seed) => {
    const result = await conform(mock.base('jobs'), seed);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    const judged = (law: string) => result.laws.find((l) => l.id === `jobs.${law}`)?.outcome;
    for (const law of ['json-rpc-response', 'invalid-limit-rejected', 'error-format', 'paging-skips-nothing'])
      expect(judged(law), law).toBe('passed');
  });
});

/** A proxy in front of the mock that changes each call's params, or each answer's result, on the way. */
async function proxy(change: {
  params?: (params: Record<string, unknown>) => void;
  result?: (result: Result, params: Record<string, unknown>) => void;
  answer?: (answer: Record<string, unknown>) => void;
}) {
  return hostile((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(text) as { params: Record<string, unknown> };
        const asked = { ...body.params };
        change.params?.(body.params);
        const answer = await post(JSON.stringify(body));
        const json = (await answer.json()) as { result?: Result };
        if (json.result) change.result?.(json.result, asked);
        change.answer?.(json);
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      })();
    });
  });
}
type Result = { jobs: { id: string; status: string }[]; next_page_token?: string };

const run = promisify(execFile);

describe('conform catches a broken JSON-RPC list, with a printed POST that reproduces', () => {
  const secret = 'Bearer sk-rpc-secret-123';
  const conform = (baseUrl: string) =>
    runConformance({
      api: 'jobs',
      apis: MODULES,
      baseUrl,
      session: SESSION,
      seed: 3,
      runs: 5,
      polls: 1,
      headers: { authorization: secret },
    });
  /** Runs a printed curl line as a shell would, the header's variable set; its answer's result. */
  const rerun = async (curl: string) => {
    const { stdout } = await run('sh', ['-c', curl], { env: { ...process.env, ATC_HEADER_AUTHORIZATION: secret } });
    const answer = JSON.parse(stdout) as { jsonrpc: string; id: number; result: Result };
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 1 });
    return answer.result;
  };
  const POST =
    /^curl -sS -X POST '[^']+\/rpc' -H 'Content-Type: application\/json' -H "authorization: \$ATC_HEADER_AUTHORIZATION" --data '\{"jsonrpc":"2\.0","id":1,"method":"jobs\.list","params":\{/;

  it('a server that ignores the status filter: filter-status, on a page its request shows', async () => {
    const server = await proxy({ params: (params) => delete params.status });
    try {
      const result = await conform(server.url);
      expect(result.exitCode).toBe(1);
      const found = result.violations.find((v) => v.law === 'jobs.filter-status');
      expect(found, result.violations.map((v) => v.law).join(', ')).toBeDefined();
      expect(found!.curl).toMatch(POST);
      expect(JSON.stringify(result)).not.toContain('sk-rpc-secret');
      const asked = /"status":"(\w+)"/.exec(found!.curl)![1];
      const { jobs } = await rerun(found!.curl);
      expect(jobs.some((job) => job.status !== asked)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('sends each call an id of its own, so a server that refuses an id used before finds nothing to refuse', async () => {
    const used = new Set<unknown>();
    const reused: unknown[] = [];
    const server = await proxy({
      answer: (answer) => {
        if (used.has(answer.id)) reused.push(answer.id);
        used.add(answer.id);
      },
    });
    try {
      const result = await conform(server.url);
      expect(reused).toEqual([]);
      expect(used.size).toBeGreaterThan(50);
      expect(result.violations).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(used.has(1), 'id 1 is a printed call’s, which a run never sends').toBe(false);
    } finally {
      await server.close();
    }
  });

  it('a server that refuses valid calls: status-code, saying the JSON-RPC error it sent with HTTP 200', async () => {
    const server = await proxy({
      answer: (answer) => {
        if (!('result' in answer)) return;
        delete answer.result;
        answer.error = { code: -32600, message: 'Invalid Request' };
      },
    });
    try {
      const result = await conform(server.url);
      const found = result.violations.find((v) => v.law === 'jobs.status-code');
      expect(found?.message).toBe('a valid request got the JSON-RPC error -32600 (judged as a 400), expected a result');
    } finally {
      await server.close();
    }
  });

  it("a server that answers with another id than the call's: json-rpc-response", async () => {
    const server = await proxy({ answer: (answer) => (answer.id = 'another') });
    try {
      const result = await conform(server.url);
      expect(result.violations.map((v) => v.law)).toEqual(['jobs.json-rpc-response']);
      const found = result.violations[0]!;
      expect(found.message).toMatch(/^not a JSON-RPC 2\.0 response: "id" is "another", not the \d+ sent$/);
      expect(found.curl).toMatch(POST);
    } finally {
      await server.close();
    }
  });

  it("a server that skips a job at each page boundary: paging-skips-nothing, its walk's requests replayed", async () => {
    const server = await proxy({ result: (result, asked) => asked.page_token !== undefined && result.jobs.shift() });
    try {
      const result = await conform(server.url);
      expect(result.exitCode).toBe(1);
      const found = result.violations.find((v) => v.law === 'jobs.paging-skips-nothing');
      expect(found, result.violations.map((v) => v.law).join(', ')).toBeDefined();
      const requests = found!.requests ?? [found!.curl];
      for (const curl of requests) expect(curl).toMatch(POST);
      // The whole list in one page against the walk that pages it: the walk lists fewer jobs.
      const [whole, ...walk] = await Promise.all(requests.map(rerun));
      const walked = new Set(walk.flatMap((page) => page.jobs.map((job) => job.id)));
      expect(whole!.jobs.some((job) => !walked.has(job.id))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
