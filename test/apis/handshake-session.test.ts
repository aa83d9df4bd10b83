/**
 * A list whose session a handshake opens (the jobs example as a JSON-RPC method behind an MCP-style
 * `initialize`, its session in the `Mcp-Session-Id` header, answers as event streams): the mock opens sessions
 * and refuses requests outside one as the data says, `conform` opens its own (or takes one with `session`),
 * opens another when the server no longer holds it, and prints requests that open one to reproduce.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import type { Handshake } from '../../src/contract/operation-types.js';
import { runConformance } from '../../src/entries/conformance.js';
import type { ApiModule } from '../../src/kit/index.js';
import { hostile } from '../helpers/hostile.js';
import { jsonRpcJobs } from '../helpers/jobs-json-rpc.js';
import { startMock } from '../helpers/mock-server.js';

const source = { file: 'examples/jobs/jobs.md', sentence: 'a session opened at a handshake' };
const HANDSHAKE: Handshake = {
  call: { method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: {} } },
  notification: 'notifications/initialized',
  header: 'Mcp-Session-Id',
  versionHeader: { name: 'MCP-Protocol-Version', pointer: '/protocolVersion' },
  result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'jobs', version: '1.0.0' } },
  missing: { status: 400, errorType: '-32000', source },
  unknown: { status: 404, errorType: '-32001', source },
  acceptedStatus: 202,
  source,
};
const MODULES: Record<string, ApiModule> = { ...BUILTIN_APIS, jobs: jsonRpcJobs(HANDSHAKE) };
const ACCEPT = 'application/json, text/event-stream';

let mock: Awaited<ReturnType<typeof startMock>>;
let seeded: string;
beforeAll(async () => {
  mock = await startMock({ apis: MODULES, apiNames: ['jobs'] });
  seeded = await open();
  const partials = Array.from({ length: 25 }, (_, i) => ({ status: ['running', 'succeeded', 'failed'][i % 3] }));
  await mock.app.addTasks('jobs', seeded, partials as never, { seed: 5 });
});
afterAll(() => mock.server.close());

const post = (body: unknown, headers: Record<string, string> = {}, base = mock.base('jobs')) =>
  fetch(`${base}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The JSON-RPC message an event stream's `data:` line carries. */
const messageOf = (text: string) => JSON.parse(/^data: (.*)$/m.exec(text)![1]!) as Record<string, unknown>;

/** Opens a session on the mock as a client would: its id. */
async function open(base?: string): Promise<string> {
  const answer = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: HANDSHAKE.call.params }, {}, base);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/event-stream');
  expect(messageOf(await answer.text())).toMatchObject({ id: 0, result: { protocolVersion: '2025-11-25' } });
  const session = answer.headers.get('mcp-session-id')!;
  const initialized = await post(
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { 'mcp-session-id': session },
  );
  expect([initialized.status, await initialized.text()]).toEqual([202, '']);
  return session;
}

const list = (params: object) => ({ jsonrpc: '2.0', id: 3, method: 'jobs.list', params });

describe('the mock opens sessions at the handshake and keeps a list for each', () => {
  it("lists a session's own jobs in event streams, page by page", async () => {
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const answer = await post(list({ limit: 10, ...(token ? { page_token: token } : {}) }), {
        'mcp-session-id': seeded,
      });
      const { result } = messageOf(await answer.text()) as {
        result: { jobs: { id: string }[]; next_page_token?: string };
      };
      seen.push(...result.jobs.map((job) => job.id));
      token = result.next_page_token;
    } while (token);
    expect(new Set(seen).size).toBe(25);
    const other = await open();
    const answer = await post(list({}), { 'mcp-session-id': other });
    expect(messageOf(await answer.text())).toMatchObject({ result: { jobs: [] } });
  });

  it('lets a page on another origin read the session header', async () => {
    const answer = await post(list({}), { 'mcp-session-id': seeded, origin: 'http://page.example' });
    expect(answer.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
  });

  it.each([
    ['a request before the handshake', {}, 400, -32000],
    ['a session the server does not hold', { 'mcp-session-id': 'no-such-session' }, 404, -32001],
  ])(
    '%s gets its status and the JSON-RPC error the data gives; the mock stays up',
    async (_what, headers, status, code) => {
      const answer = await post(list({}), headers);
      expect(answer.status).toBe(status);
      expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
      expect((await post(list({ limit: 1 }), { 'mcp-session-id': seeded })).status).toBe(200);
    },
  );
});

describe('a handshake call that is no valid Request object opens no session', () => {
  it.each([
    ['"jsonrpc" other than "2.0"', { jsonrpc: '1.0', id: 1, method: 'initialize', params: {} }],
    ['no "jsonrpc"', { id: 1, method: 'initialize', params: {} }],
    ['"params" that are no structured value', { jsonrpc: '2.0', id: 1, method: 'initialize', params: 5 }],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'initialize', params: {} }],
  ])('%s: 400 with -32600 (Invalid Request), no session header', async (_what, body) => {
    const before = mock.app.store.sessionsOf('jobs').length;
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(mock.app.store.sessionsOf('jobs').length).toBe(before);
  });
});

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

describe(`hostile calls in a session, outside one and opening one (seed ${SEED})`, () => {
  const message = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue({ maxDepth: 1 })),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
      method: fc.constantFrom('jobs.list', 'initialize', 'notifications/initialized', 'nope'),
      params: fc.oneof(
        fc.dictionary(fc.constantFrom('limit', 'page_token', 'status'), fc.jsonValue({ maxDepth: 1 })),
        fc.jsonValue({ maxDepth: 1 }),
      ),
    },
    { requiredKeys: ['jsonrpc', 'method'] },
  );
  const body = fc.oneof(
    message.map((m) => JSON.stringify(m)),
    fc.array(message, { maxLength: 3 }).map((m) => JSON.stringify(m)),
    fc.string({ maxLength: 30 }),
  );
  const session = fc.constantFrom<string | undefined>(undefined, 'no-such-session', 'seeded');

  it('never a 5xx: a stream, an accepted notification or the refusal the data gives; the mock keeps answering', async () => {
    await fc.assert(
      fc.asyncProperty(body, session, async (sent, named) => {
        const header = named === 'seeded' ? seeded : named;
        const answer = await post(sent, header === undefined ? {} : { 'mcp-session-id': header });
        const text = await answer.text();
        const what = `POST ${sent.slice(0, 120)} in ${header ?? 'no session'} → ${answer.status} ${text.slice(0, 120)}`;
        expect([200, 202, 400, 404], what).toContain(answer.status);
        if (answer.status === 202) expect(text, what).toBe('');
        else if (answer.status === 200) expect(() => messageOf(text), what).not.toThrow();
        else expect((JSON.parse(text) as { error: { code: unknown } }).error.code, what).toBeTypeOf('number');
      }),
      { seed: SEED, numRuns: 100 },
    );
    expect((await post(list({ limit: 1 }), { 'mcp-session-id': seeded })).status).toBe(200);
  });
});

describe('conform in a session a handshake opens', () => {
  const conform = (baseUrl: string, session?: string) =>
    runConformance({
      api: 'jobs',
      apis: MODULES,
      baseUrl,
      seed: 4,
      runs: 10,
      polls: 1,
      ...(session ? { session } : {}),
    });

  it('passes on the mock in the session given, and in one it opens', async () => {
    const given = await conform(mock.base('jobs'), seeded);
    expect(given.violations).toEqual([]);
    expect(given.exitCode).toBe(0);
    const before = mock.app.store.sessionsOf('jobs').length;
    const own = await conform(mock.base('jobs'));
    expect(own.violations).toEqual([]);
    expect(own.exitCode).toBe(0);
    expect(mock.app.store.sessionsOf('jobs').length).toBe(before + 1);
  });

  it('opens another session where the server no longer holds the one given (404), and passes', async () => {
    const result = await conform(mock.base('jobs'), 'a-session-long-gone');
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});

const run = promisify(execFile);

/** A proxy in front of the mock that passes headers both ways and drops `jobs` from each list's result. */
async function dropsJobs() {
  return hostile((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const name of ['mcp-session-id', 'mcp-protocol-version'])
          if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string;
        const answer = await post(text, headers);
        let body = await answer.text();
        if (body.startsWith('event:') && (JSON.parse(text) as { method: string }).method === 'jobs.list')
          body = body.replace(/"jobs":\[[^\]]*\],?/, '');
        const out: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'text/plain' };
        const session = answer.headers.get('mcp-session-id');
        if (session) out['mcp-session-id'] = session;
        res.writeHead(answer.status, out);
        res.end(body);
      })();
    });
  });
}

describe('a violation in a session a handshake opens is printed as requests that reproduce it', () => {
  it('opens a session in the printed line where the run opened its own, and sends the one given otherwise', async () => {
    const server = await dropsJobs();
    try {
      for (const session of [undefined, seeded]) {
        const result = await runConformance({
          api: 'jobs',
          apis: MODULES,
          baseUrl: server.url,
          seed: 2,
          runs: 3,
          polls: 1,
          ...(session ? { session } : {}),
        });
        const found = result.violations.find((v) => v.law === 'jobs.response-schema');
        expect(found, result.violations.map((v) => v.law).join(', ')).toBeDefined();
        if (session) expect(found!.curl).toContain(`-H 'Mcp-Session-Id: ${session}'`);
        else expect(found!.curl).toMatch(/^ATC_SESSION_ID=\$\(curl .*"method":"initialize".* && curl /);
        const { stdout } = await run('sh', ['-c', found!.curl]);
        const message = messageOf(stdout) as { id: number; result: Record<string, unknown> };
        expect(message.id).toBe(1);
        expect(message.result).not.toHaveProperty('jobs');
      }
    } finally {
      await server.close();
    }
  });
});
