/**
 * The official MCP client (`@modelcontextprotocol/sdk`: `Client` over `StreamableHTTPClientTransport`) reads the
 * mock's `tasks/list` over HTTP on 127.0.0.1: it opens a session with the handshake the mock answers, lists the
 * tasks added to that session, pages to the end with the cursors it is given, and gets a cursor no page gave
 * refused as an McpError with -32602 (Invalid params). Where the mock no longer holds its session, the client
 * fails with the 404 and opens no new session, which transports.mdx says a client must: kept here as found.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../helpers/mock-server.js';

const STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
/** 23 tasks: more than a page of the mock's 20, the last page short. */
const TASKS = Array.from({ length: 23 }, (_, i) => ({ status: STATUSES[i % STATUSES.length]! }));

let mock: Awaited<ReturnType<typeof startMock>>;
let sent: { method: string; body: string }[];
const clients: Client[] = [];

/** A client connected to the mock's MCP endpoint (the handshake done) and the session it opened. */
async function connected(): Promise<{ client: Client; session: string }> {
  const counting: typeof fetch = (input, init) => {
    sent.push({ method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? init.body : '' });
    return fetch(input, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${mock.base('mcp')}/mcp`), { fetch: counting });
  const client = new Client({ name: 'mcp-client-test', version: '0.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, session: transport.sessionId! };
}

let client: Client;
let added: string[];
beforeAll(async () => {
  sent = [];
  mock = await startMock();
  const opened = await connected();
  client = opened.client;
  added = (await mock.app.addTasks('mcp', opened.session, TASKS, { seed: 11 })).map((task) => task.taskId);
});
afterAll(async () => {
  for (const one of clients) await one.close();
  await mock.server.close();
});

describe('@modelcontextprotocol/sdk experimental.tasks.listTasks on the mock', () => {
  it('connects with the handshake: initialize opens a session, notifications/initialized is accepted', () => {
    const methods = sent
      .filter((r) => r.method === 'POST')
      .map((r) => (JSON.parse(r.body) as { method: string }).method);
    expect(methods.slice(0, 2)).toEqual(['initialize', 'notifications/initialized']);
    expect(client.getServerCapabilities()).toMatchObject({ tasks: { list: {} } });
  });

  it("lists the session's tasks: a first page and a cursor to the next", async () => {
    const page = await client.experimental.tasks.listTasks();
    expect(page.tasks).toHaveLength(20);
    expect(page.nextCursor).toEqual(expect.any(String));
    for (const task of page.tasks) expect(added).toContain(task.taskId);
  });

  it('pages to the end: every added task once, and the last page has no nextCursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.experimental.tasks.listTasks(cursor);
      seen.push(...page.tasks.map((task) => task.taskId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < 10);
    expect(pages).toBe(2);
    expect([...seen].sort()).toEqual([...added].sort());
  });

  it('another session lists none of them: tasks belong to the session they were added to', async () => {
    const other = await connected();
    expect((await other.client.experimental.tasks.listTasks()).tasks).toEqual([]);
  });

  it('a cursor no page gave is refused: McpError with -32602', async () => {
    const error = await client.experimental.tasks.listTasks('no-such-cursor').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
  });

  it('a session the server no longer holds: the client gets the 404 and keeps it, where transports.mdx says it MUST start a new one', async () => {
    const lost = await connected();
    // Reset forgets every session a handshake opened.
    await mock.app.reset();
    const posts = () => sent.filter((r) => r.method === 'POST').length;
    const before = posts();
    const error = await lost.client.experimental.tasks.listTasks().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(404);
    // One POST, no new initialize: "When a client receives HTTP 404 in response to a request containing an
    // `MCP-Session-Id`, it MUST start a new session by sending a new `InitializeRequest`" is not what it does.
    expect(posts() - before).toBe(1);
  });
});
