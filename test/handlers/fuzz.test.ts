import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltinApiName } from '../../src/apis/index.js';
import { BUILTIN_API_NAMES, BUILTIN_APIS } from '../../src/apis/index.js';
import { DEMO } from '../../src/apis/mocks.js';
import { jsonRpcJobs } from '../helpers/jobs-json-rpc.js';
import { startMock } from '../helpers/mock-server.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
let mock: Awaited<ReturnType<typeof startMock>>;
let port: number;
beforeAll(async () => {
  mock = await startMock();
  port = Number(new URL(mock.server.url).port);
});
afterAll(async () => {
  await mock.server.close();
});

/** Sends a raw request line (no URL normalisation, bytes as given) and a body, bounded by a timeout. */
function raw(
  method: string,
  target: string,
  body?: string,
  to = port,
  headers: Record<string, string> = {},
): Promise<{ status: number; contentType: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? '' : `Content-Length: ${Buffer.byteLength(body)}\r\n`;
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const head = `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}${sent}\r\n`;
    const socket = connect(to, '127.0.0.1', () => socket.end(Buffer.from(head + (body ?? ''), 'utf8')));
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error(`timeout: ${method} ${target.slice(0, 100)}`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split).split('\r\n');
      const contentType = head
        .find((h) => h.toLowerCase().startsWith('content-type:'))
        ?.slice(13)
        .trim();
      resolve({ status: Number(head[0]?.split(' ')[1] ?? 0), contentType, text: text.slice(split + 4) });
    });
  });
}

/** Whether an error body is in the API's own format. */
const OWN_FORMAT: Record<BuiltinApiName, (body: unknown) => boolean> = {
  praxis: (b) =>
    isObj(b) &&
    b.type === 'error' &&
    isObj(b.error) &&
    typeof b.error.type === 'string' &&
    typeof b.error.message === 'string' &&
    'request_id' in b,
  everruns: (b) =>
    isObj(b) && isObj(b.error) && typeof b.error.code === 'string' && typeof b.error.message === 'string',
  ark: (b) => isObj(b) && isObj(b.error) && typeof b.error.code === 'string' && typeof b.error.message === 'string',
  jsonrpc: (b) => isObj(b) && (Array.isArray(b.detail) || typeof b.detail === 'string'),
  // ErrorResponse: "Error message returned from the server", a string.
  langgraph: (b) => typeof b === 'string' && b.length > 0,
  // 11.6: google.rpc.Status, the HTTP status in error.code.
  a2a: (b) => isObj(b) && isObj(b.error) && typeof b.error.code === 'number' && typeof b.error.message === 'string',
  // A JSON-RPC error object: in a response with no id (a request outside a session), or alone (no call's answer).
  mcp: (b) => {
    const error = isObj(b) && isObj(b.error) ? b.error : b;
    return isObj(error) && Number.isInteger(error.code) && typeof error.message === 'string';
  },
};
function isObj(v: unknown): v is Record<string, any> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const PATHS: Record<BuiltinApiName, string[]> = {
  praxis: ['/v1/sessions', '/v1/sessions/sesn_demo/background_tasks', '/v1/sessions/{id}/background_tasks'],
  everruns: ['/v1/sessions/demo/tasks', '/v1/sessions/{id}/tasks'],
  ark: ['/sessions/sesn-demo/tasks', '/sessions/{id}/tasks'],
  jsonrpc: ['/tasks'],
  langgraph: [`/threads/${DEMO.langgraph.session}/runs`, '/threads/{id}/runs'],
  a2a: ['/tasks'],
  mcp: ['/mcp', '/mcp/{id}'],
};
const PARAMS = [
  'limit',
  'page',
  'cursor',
  'state',
  'kind',
  'status',
  'agent_id',
  'session_id',
  'user_id',
  'starting_after',
  'ending_before',
  'session_thread_id',
  'order',
  'statuses',
  'created_at[gte]',
  'x',
  '',
];

const hostileValue = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '99999999999999999999',
    '1e3',
    '1.5',
    'NaN',
    '',
    ' ',
    '%',
    '%00',
    '%ZZ',
    '%2e%2e%2f',
    '../../etc/passwd',
    '任务',
    '🚀',
    'a'.repeat(5000),
    'true',
    'null',
    '[]',
    '{}',
    "'; DROP TABLE tasks;--",
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer().map(String),
);
const hostileId = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '..%2f..%2fetc',
    'a'.repeat(3000),
    '%E4%BB%BB%E5%8A%A1',
    '%',
    '%FF',
    'sesn_demo%00',
    ' ',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

const target = (api: BuiltinApiName) =>
  fc.record({
    path: fc.constantFrom(...PATHS[api]),
    id: hostileId,
    params: fc.array(fc.tuple(fc.constantFrom(...PARAMS), hostileValue), { maxLength: 6 }),
    method: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
    encode: fc.boolean(),
  });

describe(`hostile requests (seed ${SEED})`, () => {
  for (const api of BUILTIN_API_NAMES) {
    it(`${api}: never a 5xx, always JSON in the API's own format, the server keeps answering`, async () => {
      await fc.assert(
        fc.asyncProperty(target(api), async (t) => {
          const query = t.params
            .map(
              ([k, v]) =>
                `${t.encode ? encodeURIComponent(k) : k}=${t.encode ? encodeURIComponent(v) : v.replace(/[\s#]/g, '+')}`,
            )
            .join('&');
          const path = `/${api}${t.path.replace('{id}', t.id)}${query ? `?${query}` : ''}`;
          const res = await raw(t.method, path);
          expect(res.status, `${t.method} ${path.slice(0, 200)}`).toBeLessThan(500);
          if (t.method === 'HEAD') return;
          expect(res.contentType).toMatch(/application\/([\w.-]+\+)?json/);
          const body = JSON.parse(res.text);
          if (res.status >= 400) expect(OWN_FORMAT[api](body), `${res.status} ${res.text.slice(0, 200)}`).toBe(true);
        }),
        { seed: SEED, numRuns: 150 },
      );
      const after =
        api === 'mcp'
          ? await raw('POST', '/mcp/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }))
          : await raw('GET', api === 'jsonrpc' ? '/jsonrpc/tasks' : `/${api}${PATHS[api][0]}`);
      expect(after.status).toBe(200);
    });
  }

  it('paths outside the APIs get a JSON 404', async () => {
    for (const path of ['/', '/nope', '/../etc/passwd', '/%2e%2e/', '/ark/../praxis/v1/sessions']) {
      const res = await raw('GET', path);
      expect(res.status).toBeLessThan(500);
      expect(() => JSON.parse(res.text)).not.toThrow();
    }
  });
});

describe('HEAD', () => {
  it('a HEAD request the HTTP parser refuses is answered with headers only, so the client can read the next response', async () => {
    for (const target of ['/ark/sessions/\u0001/tasks', '/praxis/v1/s\u00e9ssions', '/jsonrpc/tasks?x=\u0007']) {
      const res = await raw('HEAD', target);
      expect(res.status, target).toBe(400);
      expect(res.text, target).toBe('');
      const get = await raw('GET', target);
      expect(get.status).toBe(400);
      expect(get.text.length).toBeGreaterThan(0);
    }
  });
});

describe(`hostile JSON-RPC calls to a list bound as JSON-RPC (seed ${SEED})`, () => {
  const names = ['session_id', 'limit', 'status', 'page_token', 'x', ''];
  const param = fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileValue, fc.integer());
  const message = fc.oneof(
    fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.jsonValue({ maxDepth: 1 })),
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
        method: fc.oneof(fc.constant('jobs.list'), fc.constant('jobs.list'), fc.jsonValue({ maxDepth: 1 })),
        params: fc.oneof(
          fc.dictionary(fc.constantFrom(...names), param, { maxKeys: 4 }),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      },
      { requiredKeys: ['jsonrpc', 'method'] },
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const body = fc.oneof(
    message.map((m) => JSON.stringify(m)),
    fc.array(message, { maxLength: 4 }).map((m) => JSON.stringify(m)),
    fc.string({ maxLength: 40 }),
    fc.constantFrom(
      '',
      '{',
      '[',
      '{"jsonrpc":"2.0",',
      '[1,',
      'null',
      '\u0000',
      '{"jsonrpc":"2.0","method":"jobs.list"',
    ),
  );
  /**
   * Each answer a response object: jsonrpc "2.0", exactly one of result and error (a result holding its list in
   * `items`), a code the protocol defines.
   */
  const isResponse = (answer: unknown, items = 'jobs') =>
    isObj(answer) &&
    answer.jsonrpc === '2.0' &&
    'id' in answer &&
    ('result' in answer
      ? !('error' in answer) && isObj(answer.result) && Array.isArray(answer.result[items])
      : isObj(answer.error) && [-32700, -32600, -32601, -32602].includes(answer.error.code));

  it('never a 5xx, a JSON-RPC answer or none (204), the server keeps answering', async () => {
    const rpc = await startMock({ apis: { ...BUILTIN_APIS, jobs: jsonRpcJobs() }, apiNames: ['jobs'] });
    const at = Number(new URL(rpc.server.url).port);
    try {
      await fc.assert(
        fc.asyncProperty(body, async (sent) => {
          const res = await raw('POST', '/jobs/rpc', sent, at);
          const what = `POST ${sent.slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`;
          expect([200, 204], what).toContain(res.status);
          if (res.status === 204) {
            expect(res.text, what).toBe('');
            return;
          }
          const answer = JSON.parse(res.text) as unknown;
          expect(
            (Array.isArray(answer) ? answer : [answer]).every((one) => isResponse(one)),
            what,
          ).toBe(true);
        }),
        { seed: SEED, numRuns: 200 },
      );
      const after = await raw('POST', '/jobs/rpc', '{"jsonrpc":"2.0","id":1,"method":"jobs.list"}', at);
      expect(after.status).toBe(200);
    } finally {
      await rpc.server.close();
    }
  });

  it('mcp, in the demo session: never a 5xx, a JSON-RPC answer in an event stream or none (202)', async () => {
    const mcpBody = body.map((text) => text.replaceAll('jobs.list', 'tasks/list'));
    const inSession = { 'mcp-session-id': DEMO.mcp.session, accept: 'application/json, text/event-stream' };
    await fc.assert(
      fc.asyncProperty(mcpBody, async (sent) => {
        const res = await raw('POST', '/mcp/mcp', sent, port, inSession);
        const what = `POST ${sent.slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`;
        expect([200, 202], what).toContain(res.status);
        if (res.status === 202) {
          expect(res.text, what).toBe('');
          return;
        }
        const data = /^data: (.*)$/m.exec(res.text)?.[1];
        const answer = JSON.parse(data ?? res.text) as unknown;
        const answers = Array.isArray(answer) ? answer : [answer];
        expect(
          answers.every((one) => isResponse(one, 'tasks')),
          what,
        ).toBe(true);
      }),
      { seed: SEED, numRuns: 150 },
    );
    const after = await raw('POST', '/mcp/mcp', '{"jsonrpc":"2.0","id":1,"method":"tasks/list"}', port, inSession);
    expect(after.status).toBe(200);
  });
});
