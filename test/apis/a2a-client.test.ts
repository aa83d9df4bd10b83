/**
 * The official A2A client (@a2a-js/sdk 1.3.0) reads the mock's ListTasks on 127.0.0.1 over both bindings
 * (HTTP+JSON's GET /tasks, JSON-RPC's POST of ListTasks): a context walked by its page tokens to the end
 * (nextPageToken ""), a status filter, and the mock's errors as the client's errors of that binding, each one request.
 * The client connects from the Agent Card the mock serves (standalone and MSW), which names the base it was asked at.
 */
import { TaskState } from '@a2a-js/sdk';
import {
  type Client,
  ClientFactory,
  ClientFactoryOptions,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import { isJsonRpcError, isRestError } from '@a2a-js/sdk/errors';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/apis/mock-functions.js';
import { startMock } from '../helpers/mock-server.js';

const CONTEXT = 'ctx-client';
const STATES = ['TASK_STATE_WORKING', 'TASK_STATE_COMPLETED', 'TASK_STATE_INPUT_REQUIRED', 'TASK_STATE_FAILED'];
/** 23 tasks: three pages of 8, the last one short. */
const TASKS = Array.from({ length: 23 }, (_, i) => ({ status: { state: STATES[i % STATES.length]! } }));

let mock: Awaited<ReturnType<typeof startMock>>;
let sent: string[] = [];
const clients = new Map<string, Client>();
const BINDINGS = ['HTTP+JSON', 'JSONRPC'] as const;
beforeAll(async () => {
  mock = await startMock();
  await mock.app.addTasks('a2a', CONTEXT, TASKS as never, { seed: 11 });
  const counting: typeof fetch = (input, init) => {
    sent.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  for (const binding of BINDINGS) {
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [
          new RestTransportFactory({ fetchImpl: counting }),
          new JsonRpcTransportFactory({ fetchImpl: counting }),
        ],
        preferredTransports: [binding],
      }),
    );
    // Connected as a user connects it: from the Agent Card the mock serves below its base URL (the card's URL
    // whole, with no path to add: the mock's A2A agent lives at /a2a, not at the origin's root).
    clients.set(binding, await factory.createFromUrl(`${mock.base('a2a')}/.well-known/agent-card.json`, ''));
  }
});
afterAll(() => mock.server.close());

/** The request as the client's type declares it: every member present. */
const request = (over: Partial<Parameters<Client['listTasks']>[0]>): Parameters<Client['listTasks']>[0] => ({
  tenant: '',
  contextId: '',
  status: TaskState.TASK_STATE_UNSPECIFIED,
  pageToken: '',
  statusTimestampAfter: undefined,
  ...over,
});

describe.each(BINDINGS)('@a2a-js/sdk listTasks on the mock (%s)', (binding) => {
  const client = () => clients.get(binding)!;
  it('walks a context by its page tokens to the empty one: every task once', async () => {
    sent = [];
    const ids: string[] = [];
    const tokens: string[] = [];
    let token = '';
    do {
      const page = await client().listTasks(request({ contextId: CONTEXT, pageSize: 8, pageToken: token }));
      expect(page.totalSize).toBe(TASKS.length);
      ids.push(...page.tasks.map((task) => task.id));
      expect(new Set(page.tasks.map((task) => task.contextId))).toEqual(new Set([CONTEXT]));
      token = page.nextPageToken;
      tokens.push(token);
    } while (token !== '' && tokens.length < 10);
    expect(tokens.at(-1)).toBe('');
    expect(ids).toHaveLength(TASKS.length);
    expect(new Set(ids).size).toBe(TASKS.length);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toBe(
      binding === 'JSONRPC' ? mock.base('a2a') : `${mock.base('a2a')}/tasks?contextId=${CONTEXT}&pageSize=8`,
    );
  });

  it('filters by status (the enum the client sends by name)', async () => {
    const page = await client().listTasks(
      request({ contextId: CONTEXT, status: TaskState.TASK_STATE_INPUT_REQUIRED, pageSize: 100 }),
    );
    expect(page.tasks.map((task) => task.status?.state)).toEqual(
      TASKS.filter((t) => t.status.state === 'TASK_STATE_INPUT_REQUIRED').map(
        () => TaskState.TASK_STATE_INPUT_REQUIRED,
      ),
    );
  });

  it('an error answer is the client’s error of the binding, one request each', async () => {
    const failure = async (call: () => Promise<unknown>) => {
      sent = [];
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      // The client's error of the binding: HTTP+JSON's with the HTTP status, JSON-RPC's with the error code.
      const code = isRestError(error) ? error.statusCode : isJsonRpcError(error) ? error.envelopeCode : undefined;
      return { binding: isRestError(error) || isJsonRpcError(error), code, requests: sent.length };
    };
    expect(await failure(() => client().listTasks(request({ pageSize: 0 })))).toEqual({
      binding: true,
      code: binding === 'JSONRPC' ? -32602 : 400,
      requests: 1,
    });
    await mock.app.setOutages([{ api: 'a2a', status: 503, times: 1 }]);
    expect(await failure(() => client().listTasks(request({ contextId: CONTEXT })))).toMatchObject({
      requests: 1,
      ...(binding === 'JSONRPC' ? {} : { binding: true, code: 503 }),
    });
    expect((await client().listTasks(request({ contextId: CONTEXT }))).tasks).toHaveLength(TASKS.length);
  });
});

describe('the Agent Card', () => {
  type Card = { supportedInterfaces: { url: string; protocolBinding: string }[] };
  const interfaces = (card: Card) => card.supportedInterfaces.map((i) => `${i.protocolBinding} ${i.url}`).sort();

  it('the standalone mock names the base it was asked at, for both bindings', async () => {
    const card = (await (await fetch(`${mock.base('a2a')}/.well-known/agent-card.json`)).json()) as Card;
    expect(interfaces(card)).toEqual([`HTTP+JSON ${mock.base('a2a')}`, `JSONRPC ${mock.base('a2a')}`]);
  });

  it('MSW handlers serve it at the base URL they were given', async () => {
    const base = 'https://agent.a2a.test/v1';
    const server = setupServer(...createHandlers({ baseUrl: { a2a: base } }).handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const card = (await (await fetch(`${base}/.well-known/agent-card.json`)).json()) as Card;
      expect(interfaces(card)).toEqual([`HTTP+JSON ${base}`, `JSONRPC ${base}`]);
      expect((await fetch(`${base}/tasks?pageSize=2`)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
