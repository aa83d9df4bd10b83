import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltinApiName } from '../../src/apis/index.js';
import { BUILTIN_API_NAMES, BUILTIN_APIS } from '../../src/apis/index.js';
import { DEMO } from '../../src/apis/mocks.js';
import { acceptOf, handshakeCallText, handshakeOf, jsonRpcBinding, requestText } from '../../src/contract/json-rpc.js';
import type { ListOperation } from '../../src/contract/operation-types.js';
import { allOperations } from '../../src/contract/operations.js';
import { findOperation } from '../../src/contract/schema.js';
import { apiSetOf } from '../../src/kit/index.js';
import { jsonRpcJobs } from '../helpers/jobs-json-rpc.js';
import { answerProblems, expectedAnswer, jsonRpcOperations, type SessionState } from '../helpers/json-rpc-answers.js';
import { startMock } from '../helpers/mock-server.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
/** The built-in APIs and the jobs example bound as JSON-RPC: every operation of theirs bound so is fuzzed below. */
const SERVED = { ...BUILTIN_APIS, jobs: jsonRpcJobs() };
const SERVED_SET = apiSetOf(SERVED);
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
  a2a: ['/tasks', '/', '/.well-known/agent-card.json'],
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
      // The API's first operation answers again: a GET, or a call (the handshake's, where one opens the session).
      const first = SERVED_SET.contractOf(api).operations[0]!;
      const handshake = handshakeOf(first);
      const after = jsonRpcBinding(first)
        ? await raw('POST', `/${api}${first.path}`, handshake ? handshakeCallText(handshake) : requestText(first, []))
        : await raw('GET', `/${api}${PATHS[api][0]}`);
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

describe(`hostile JSON-RPC calls to every list bound as JSON-RPC (seed ${SEED})`, () => {
  let rpc: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    rpc = await startMock({ apis: SERVED });
  });
  afterAll(() => rpc.server.close());

  const post = (op: ListOperation, body: string, headers: Record<string, string> = {}) =>
    fetch(`${rpc.base(op.api)}${op.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: acceptOf(op), ...headers },
      body,
      signal: AbortSignal.timeout(5000),
    });

  /** Opens a session where a handshake gives one: the headers a request in it carries. */
  async function sessionHeaders(op: ListOperation): Promise<Record<string, string>> {
    const handshake = handshakeOf(op);
    if (!handshake) return {};
    const answer = await post(op, handshakeCallText(handshake));
    expect(answer.status).toBe(200);
    await answer.text();
    return { [handshake.header]: answer.headers.get(handshake.header)! };
  }

  /** Messages to the operation: its method, the handshake's and others, its params named as its spec names them. */
  function bodies(op: ListOperation): fc.Arbitrary<string> {
    const handshake = handshakeOf(op);
    const methods = [jsonRpcBinding(op)!.method, ...(handshake ? [handshake.call.method, handshake.notification] : [])];
    const { operation } = findOperation(op.api, op.operationId, SERVED_SET);
    const names = [...(operation.parameters ?? []).map((p) => p.name), 'x', ''];
    const param = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      hostileValue,
      fc.integer(),
      ...op.rejected.map((r) => fc.constantFrom(...r.values)),
    );
    const message = fc.oneof(
      fc.record(
        {
          jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.jsonValue({ maxDepth: 1 })),
          id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
          method: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...methods.filter((m): m is string => m !== undefined)) },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
          ),
          params: fc.oneof(
            fc.dictionary(fc.constantFrom(...names), param, { maxKeys: 4 }),
            fc.jsonValue({ maxDepth: 2 }),
          ),
        },
        { requiredKeys: ['jsonrpc', 'method'] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const method = jsonRpcBinding(op)!.method;
    return fc.oneof(
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
        `{"jsonrpc":"2.0","method":"${method}"`,
      ),
    );
  }

  for (const op of jsonRpcOperations(allOperations(SERVED_SET))) {
    const handshake = handshakeOf(op);
    const where = handshake
      ? `in a session ${handshake.call.method} opened, one unknown and none`
      : 'with no session to open';
    it(`${op.api}.${op.operationId} (${jsonRpcBinding(op)!.method}), ${where}: each body gets the protocol's own answer, never a 5xx, and the mock keeps answering`, async () => {
      const open = await sessionHeaders(op);
      const sessions = fc.constantFrom<SessionState>(
        ...(handshake ? (['open', 'unknown', 'missing'] as const) : ['open' as const]),
      );
      await fc.assert(
        fc.asyncProperty(bodies(op), sessions, async (sent, session) => {
          const headers =
            session === 'open' ? open : session === 'unknown' ? { [handshake!.header]: 'no-such-session' } : {};
          const answer = await post(op, sent, headers);
          const text = await answer.text();
          const contentType = answer.headers.get('content-type') ?? '';
          const problems = answerProblems(op, expectedAnswer(op, sent, session), answer.status, contentType, text);
          expect(
            problems,
            `POST ${sent.slice(0, 200)} (session ${session}) → ${answer.status} ${text.slice(0, 200)}`,
          ).toEqual([]);
        }),
        { seed: SEED, numRuns: 150 },
      );
      const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: jsonRpcBinding(op)!.method });
      const after = await post(op, call, open);
      const [contentType, text] = [after.headers.get('content-type') ?? '', await after.text()];
      const expected = expectedAnswer(op, call, 'open', () => 'result');
      expect(answerProblems(op, expected, after.status, contentType, text), text.slice(0, 200)).toEqual([]);
    });
  }
});
