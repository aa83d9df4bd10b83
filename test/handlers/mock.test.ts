import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES, type BuiltinApiName } from '../../src/apis/index.js';
import { createHandlers, MockApp } from '../../src/apis/mock-functions.js';
import { DEMO } from '../../src/apis/mocks.js';
import { isEventStream, responseInStream } from '../../src/contract/event-stream.js';
import { type ApiName, checkItem, operationsOf } from '../../src/contract/index.js';
import { acceptOf, handshakeOf, jsonRpcBinding, judgedAnswer, requestText } from '../../src/contract/json-rpc.js';
import { checkErrorResponse } from '../../src/contract/laws/index.js';
import type { ListOperation } from '../../src/contract/operation-types.js';
import { fieldValue, itemsOf, taskOperation } from '../../src/contract/operations.js';
import { validateBody } from '../../src/contract/validate.js';
import { requestCase } from '../../src/generators/index.js';
import { controlResponse } from '../../src/handlers/control.js';
import { demoStore } from '../../src/handlers/dataset.js';
import { MockStore } from '../../src/handlers/store.js';
import { BUILTIN } from '../helpers/apis.js';
import { startMock } from '../helpers/mock-server.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const SESSION: Record<BuiltinApiName, string | undefined> = {
  praxis: DEMO.praxis.session,
  everruns: DEMO.everruns.session,
  ark: DEMO.ark.session,
  jsonrpc: undefined,
  langgraph: DEMO.langgraph.session,
  a2a: DEMO.a2a.session,
  mcp: DEMO.mcp.session,
};

let mock: Awaited<ReturnType<typeof startMock>>;
const msw = createHandlers({
  baseUrl: {
    praxis: 'https://praxis.test/agent',
    everruns: 'https://everruns.test/api',
    ark: 'https://ark.test/api/v3',
    jsonrpc: 'https://rpc.test',
    langgraph: 'https://langgraph.test',
    a2a: 'https://a2a.test',
    mcp: 'https://mcp.test',
  },
});
const mswServer = setupServer(...msw.handlers);
const MSW_BASE: Record<BuiltinApiName, string> = {
  praxis: 'https://praxis.test/agent',
  everruns: 'https://everruns.test/api',
  ark: 'https://ark.test/api/v3',
  jsonrpc: 'https://rpc.test',
  langgraph: 'https://langgraph.test',
  a2a: 'https://a2a.test',
  mcp: 'https://mcp.test',
};

beforeAll(async () => {
  mock = await startMock();
  mswServer.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  mswServer.close();
  await mock.server.close();
});

function pathOf(api: ApiName, template: string) {
  return template.replace(/\{[a-z_]+\}/, encodeURIComponent(SESSION[api as BuiltinApiName] ?? ''));
}

/** A call of a JSON-RPC operation, in the demo session where a handshake gives one: its answer as a GET's. */
async function rpcCall(op: ListOperation, url: string, query: [string, string][]) {
  const handshake = handshakeOf(op);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: acceptOf(op),
      ...(handshake ? { [handshake.header]: SESSION[op.api as BuiltinApiName] ?? '' } : {}),
    },
    body: requestText(op, query),
  });
  const contentType = res.headers.get('content-type');
  const raw = await res.text();
  const judged = judgedAnswer(
    res.status,
    JSON.parse(isEventStream(contentType) ? (responseInStream(raw) ?? raw) : raw),
  );
  return { status: judged.status, contentType, text: JSON.stringify(judged.body) };
}

async function call(base: string, path: string, query: [string, string][], op?: ListOperation) {
  if (op && jsonRpcBinding(op)) return rpcCall(op, base + path, query);
  const url = new URL(base + path);
  for (const [k, v] of query) url.searchParams.append(k, v);
  const res = await fetch(url);
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

describe(`mock responses (seed ${SEED})`, () => {
  for (const api of BUILTIN_API_NAMES) {
    for (const op of operationsOf(api, BUILTIN)) {
      it(`${api}.${op.operationId}: every response to a generated request passes the contract (strict)`, async () => {
        await fc.assert(
          fc.asyncProperty(
            requestCase(op, {
              agent_id: [DEMO.praxis.agent],
              session_thread_id: ['thread-main'],
              session_id: ['demo'],
              user_id: ['user_demo'],
            }),
            async (c) => {
              const r = await call(mock.base(api), pathOf(api, op.path), c.query, op);
              const body = JSON.parse(r.text);
              expect(r.contentType).toMatch(/application\/([\w.-]+\+)?json|text\/event-stream/);
              if (c.expect.kind === 'ok') {
                expect(r.status).toBe(200);
                expect(validateBody(api, op.operationId, 200, body, 'strict', BUILTIN)).toEqual([]);
                for (const item of itemsOf(op, body) ?? [])
                  expect(checkItem(api, op.target, item as Record<string, unknown>, undefined, BUILTIN)).toEqual([]);
              } else {
                if (c.expect.status !== '4xx') expect(r.status).toBe(c.expect.status);
                else expect(r.status).toBeGreaterThanOrEqual(400);
                expect(
                  checkErrorResponse(
                    op,
                    { url: '', query: c.query, status: r.status, contentType: r.contentType, body },
                    c.expect,
                  ),
                ).toEqual([]);
              }
            },
          ),
          { seed: SEED, numRuns: 60 },
        );
      });
      it(`${api}.${op.operationId}: MSW handlers and the node:http server give identical responses`, async () => {
        await fc.assert(
          fc.asyncProperty(requestCase(op, { agent_id: [DEMO.praxis.agent] }), async (c) => {
            const viaHttp = await call(mock.base(api), pathOf(api, op.path), c.query, op);
            const viaMsw = await call(MSW_BASE[api], pathOf(api, op.path), c.query, op);
            // request ids differ by design; everything else is the same
            const strip = (t: string) => t.replace(/req_mock\d+|req_\d+/g, 'req');
            expect({ ...viaMsw, text: strip(viaMsw.text) }).toEqual({ ...viaHttp, text: strip(viaHttp.text) });
          }),
          { seed: SEED, numRuns: 30 },
        );
      });
    }
  }

  it("the default handlers intercept the vendors' real URLs", async () => {
    const { handlers } = await import('../../src/entries/handlers.js');
    const server = setupServer(...handlers);
    mswServer.close();
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const res = await fetch('https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks?limit=2');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(2);
      const everruns = await fetch('https://app.everruns.com/api/v1/sessions/demo/tasks');
      expect(Array.isArray(await everruns.json())).toBe(true);
    } finally {
      server.close();
      mswServer.listen({ onUnhandledRequest: 'bypass' });
    }
  });
});

describe('demo data and store', () => {
  it('holds the documented ids and every state of every API', async () => {
    const store = await demoStore(BUILTIN);
    expect(store.sessionObjects('praxis', (s) => s.archived_at === null)).toHaveLength(DEMO.praxis.sessionCount);
    expect(store.tasks('ark', DEMO.ark.session).length).toBeGreaterThanOrEqual(45);
    expect(
      store.tasks('jsonrpc', DEMO.jsonrpc.session).filter((r) => r.item.user_id === DEMO.jsonrpc.user).length,
    ).toBeGreaterThanOrEqual(45);
    const sessionStates = new Set(
      store.sessionObjects('praxis', (s) => s.archived_at === null).map((r) => r.item.status),
    );
    expect([...sessionStates].sort()).toEqual(
      [...operationsOf('praxis', BUILTIN).find((o) => o.target === 'session')!.lifecycle!.states].sort(),
    );
    for (const op of BUILTIN_API_NAMES.flatMap((api) => operationsOf(api, BUILTIN)).filter(
      (o) => o.lifecycle && o.target === 'task',
    )) {
      const session = op.api === 'jsonrpc' ? DEMO.jsonrpc.session : SESSION[op.api as BuiltinApiName]!;
      const states = new Set(store.tasks(op.api, session).map((r) => fieldValue(r.item, op.stateField!)));
      expect([...states].sort()).toEqual([...op.lifecycle!.states].sort());
    }
  });

  it('is deterministic for a seed', async () => {
    const a = await demoStore(BUILTIN, { seed: 3 });
    const b = await demoStore(BUILTIN, { seed: 3 });
    expect(JSON.stringify(a.tasks('ark', DEMO.ark.session))).toBe(JSON.stringify(b.tasks('ark', DEMO.ark.session)));
  });

  it('refuses a record that breaks the contract, naming the rule', async () => {
    const store = new MockStore(BUILTIN);
    await expect(
      store.addTask('ark', 'sesn-a', {
        task_id: 'task-1',
        session_id: 'sesn-a',
        session_thread_id: 't',
        state: 'queued',
        started_at: 1_764_410_400_001,
        created_at: 1_764_410_400_000,
        tool: { name: 'bash' },
      }),
    ).rejects.toThrow(/ark task task-1 breaks the contract: ark.started-at-absent-before-start/);
  });

  it('the control API advances tasks along their lifecycles and reports bad input', async () => {
    const app = await MockApp.create({ seed: 5 });
    const before = app.store.tasks('jsonrpc', DEMO.jsonrpc.session).map((r) => r.item.status);
    expect((await controlResponse(app, 'POST', '/advance', { steps: 2 })).status).toBe(200);
    const after = app.store.tasks('jsonrpc', DEMO.jsonrpc.session).map((r) => r.item.status);
    expect(after).not.toEqual(before);
    for (const r of app.store.tasks('jsonrpc', DEMO.jsonrpc.session))
      expect(checkItem('jsonrpc', 'task', r.item, undefined, BUILTIN)).toEqual([]);
    expect((await controlResponse(app, 'POST', '/advance', { steps: 'many' })).status).toBe(400);
    expect((await controlResponse(app, 'POST', '/faults', { faults: ['nope'] })).status).toBe(400);
    await expect(app.setFaults(['nope' as never])).rejects.toThrow(/unknown fault "nope"/);
    expect((await controlResponse(app, 'POST', '/reseed', { seed: 8 })).status).toBe(200);
    expect((await controlResponse(app, 'GET', '/state', undefined)).body).toMatchObject({ seed: 8, advanced: 0 });
  });

  it('advances the demo data of a negative seed, every task still in a state of its lifecycle', async () => {
    const app = await MockApp.create();
    await app.reseed(-38);
    await app.advance(3);
    for (const api of BUILTIN_API_NAMES) {
      const op = taskOperation(api, BUILTIN);
      for (const session of app.store.sessionsOf(api))
        for (const r of app.store.tasks(api, session))
          expect(op.lifecycle!.states, `${api} ${session}`).toContain(fieldValue(r.item, op.stateField!));
    }
  });

  it('rejects unknown faults and bad latency up front', async () => {
    // @ts-expect-error a misspelt fault id is a type error; JavaScript callers get the run-time refusal tested here
    await expect(MockApp.create({ faults: ['ark.nope'] })).rejects.toThrow(/unknown fault "ark.nope"/);
    // @ts-expect-error as above
    await expect(MockApp.create({ faults: ['ark.order-newest-frist'] })).rejects.toThrow(
      /unknown fault "ark.order-newest-frist" \(did you mean "ark.order-newest-first"\?\)/,
    );
    // The MSW entry refuses it when the handlers are created, before any request.
    const { createHandlers } = await import('../../src/apis/mock-functions.js');
    // @ts-expect-error as above
    expect(() => createHandlers({ faults: ['everruns.filter-stat'] })).toThrow(
      /createHandlers: unknown fault "everruns.filter-stat" \(did you mean "everruns.filter-state"\?\)/,
    );
    await expect(MockApp.create({ latencyMs: -1 })).rejects.toThrow(/latencyMs must be 0 or more/);
  });
});

describe('the precomputed demo dataset', () => {
  it('is what the generators build for the default seed, and passes the contract', async () => {
    const { validateDemoRecords } = await import('../../src/handlers/dataset.js');
    const { buildDemoRecords } = await import('../../src/handlers/dataset-build.js');
    const { DEFAULT_DEMO } = await import('../../src/handlers/generated/demo-data.js');
    const built = buildDemoRecords(undefined, BUILTIN);
    expect(JSON.stringify(DEFAULT_DEMO)).toBe(JSON.stringify(built));
    expect(validateDemoRecords(built, BUILTIN)).toEqual([]);
  });
});

/**
 * The mock's A2A-Version, as 3.6.2 says an agent answers it: "If the version is not supported by the interface,
 * agents MUST return a `VersionNotSupportedError`" (5.4: HTTP 400, JSON-RPC -32009; 11.6: a google.rpc.Status
 * with an ErrorInfo whose reason is VERSION_NOT_SUPPORTED). The mock speaks 1.0; an absent header is answered as
 * 1.0. Over the standalone server and MSW alike, with and without the fault that answers every version, and
 * never from a cached answer to the same URL with another version.
 */
type Answer = { status: number; body: Record<string, unknown> };

async function rest(base: string, version?: string, query = 'pageSize=2'): Promise<Answer> {
  const headers: Record<string, string> = version === undefined ? {} : { 'A2A-Version': version };
  const response = await fetch(`${base}/tasks?${query}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function rpc(base: string, version?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (version !== undefined) headers['A2A-Version'] = version;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ListTasks', params: { pageSize: 2 } });
  const response = await fetch(`${base}/`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const bases = () => [
  ['the standalone server', mock.base('a2a')],
  ['MSW', 'https://a2a.test'],
];

describe('A2A-Version on the mock', () => {
  it('lists for 1.0 (a patch number aside) and for no header; refuses any other version with 400 and the ErrorInfo 11.6 asks for', async () => {
    for (const [where, base] of bases()) {
      expect((await rest(base!, '1.0')).status, where).toBe(200);
      expect((await rest(base!)).status, where).toBe(200);
      // "Patch version numbers … MUST not be considered when clients and servers negotiate protocol versions."
      expect((await rest(base!, '1.0.2')).status, where).toBe(200);
      for (const version of ['99.0', '0.3', '1.1', '1.01']) {
        const refused = await rest(base!, version);
        expect(refused.status, `${where} ${version}`).toBe(400);
        const error = refused.body.error as { code: number; status: string; message: string; details: unknown[] };
        expect(error.code).toBe(400);
        expect(error.status).toBe('FAILED_PRECONDITION');
        expect(error.message).toContain(`A2A-Version "${version}" is not supported`);
        expect(error.message).toContain('send A2A-Version: 1.0');
        expect(error.details).toEqual([
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'VERSION_NOT_SUPPORTED',
            domain: 'a2a-protocol.org',
          },
        ]);
      }
    }
  });

  it('over JSON-RPC refuses another version with the error -32009, carrying the call’s id', async () => {
    for (const [where, base] of bases()) {
      const listed = await rpc(base!, '1.0');
      expect(listed.body.result, where).toBeDefined();
      const refused = await rpc(base!, '99.0');
      expect(refused.status, where).toBe(200);
      expect(refused.body.id).toBe(7);
      expect((refused.body.error as { code: number }).code, where).toBe(-32009);
    }
  });

  it('never answers one version with the cached answer to another (the same URL)', async () => {
    const base = mock.base('a2a');
    for (let round = 0; round < 2; round++) {
      expect((await rest(base, '1.0', 'pageSize=3')).status).toBe(200);
      expect((await rest(base, '99.0', 'pageSize=3')).status).toBe(400);
    }
  });

  it('the fault a2a.unsupported-version-rejected lists for any version, on this binding only', async () => {
    await mock.app.setFaults(['a2a.unsupported-version-rejected']);
    try {
      expect((await rest(mock.base('a2a'), '99.0')).status).toBe(200);
      expect((await rpc(mock.base('a2a'), '99.0')).body.error).toBeDefined();
      // Another fault that rewrites the query keeps the header it came with.
      await mock.app.setFaults(['a2a.filter-status']);
      expect((await rest(mock.base('a2a'), '99.0', 'pageSize=2&status=TASK_STATE_WORKING')).status).toBe(400);
    } finally {
      await mock.app.setFaults([]);
    }
  });
});

/**
 * The mock's MCP-Protocol-Version: "If the server receives a request with an invalid or unsupported
 * `MCP-Protocol-Version`, it **MUST** respond with `400 Bad Request`"; without one a server "SHOULD assume" a version,
 * and the mock answers.
 */
describe('MCP-Protocol-Version on the mock', () => {
  it('answers the version its handshake gave and none; refuses another with 400, before it reads the call', async () => {
    const url = `${mock.base('mcp')}/mcp`;
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const call = (method: string, id?: number) => JSON.stringify({ jsonrpc: '2.0', ...(id ? { id } : {}), method });
    const opened = await fetch(url, { method: 'POST', headers, body: call('initialize', 1) });
    const session = opened.headers.get('mcp-session-id')!;
    await opened.text();
    const list = async (version?: string) => {
      const inSession = {
        ...headers,
        'mcp-session-id': session,
        ...(version ? { 'MCP-Protocol-Version': version } : {}),
      };
      const answer = await fetch(url, { method: 'POST', headers: inSession, body: call('tasks/list', 2) });
      return { status: answer.status, text: await answer.text() };
    };
    expect((await list('2025-11-25')).status).toBe(200);
    expect((await list()).status).toBe(200);
    for (const version of ['2000-01-01', 'not-a-version']) {
      const refused = await list(version);
      expect(refused.status, version).toBe(400);
      const body = JSON.parse(refused.text) as { id: unknown; error: { message: string } };
      expect(body.id).toBeNull();
      expect(body.error.message).toContain(`MCP-Protocol-Version "${version}" is not supported`);
    }
  });
});
