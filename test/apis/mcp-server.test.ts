/**
 * `conform --api mcp` against the real MCP server of `@modelcontextprotocol/sdk` (test/fixtures/mcp/server.ts:
 * McpServer, its experimental InMemoryTaskStore, Streamable HTTP on 127.0.0.1, tasks made through its own
 * tools/call). It reports nothing the server does right; what the server does wrong is kept here with the
 * sentence it breaks; and a proxy in front of it that breaks one sentence is caught under the law that stands on it.
 */
import { type IncomingMessage, request, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { type Ending, messageOf, type RealMcpServer, startRealMcpServer } from '../fixtures/mcp/server.js';
import { forward, hostile } from '../helpers/hostile.js';

/** 25 tasks, every status: three pages of the SDK's ten. */
const ENDINGS: Ending[] = Array.from(
  { length: 25 },
  (_, i) => (['completed', 'failed', 'working', 'input_required', 'cancelled'] as const)[i % 5]!,
);
let real: RealMcpServer;
let paged: string;
let short: string;
beforeAll(async () => {
  real = await startRealMcpServer();
  paged = await real.session(ENDINGS);
  // Six tasks: one page, which a read shows whole.
  short = await real.session(ENDINGS.slice(0, 6));
}, 30_000);
afterAll(() => real.close());

const conform = (baseUrl: string, session: string | undefined, seed: number, polls = 1) =>
  runConformance({ api: 'mcp', baseUrl, ...(session ? { session } : {}), seed, runs: 10, polls, pollIntervalMs: 0 });
const lawsOf = (result: Awaited<ReturnType<typeof conform>>) => [...new Set(result.violations.map((v) => v.law))];

/** One JSON-RPC call to the real server in a session, and its answer's status and message. */
async function call(body: string, session: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${real.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': session,
      ...headers,
    },
    body,
  });
  const text = await answer.text();
  return { status: answer.status, message: messageOf(text) };
}

describe('conform against the SDK server (@modelcontextprotocol/sdk 1.32.2)', () => {
  it('reports nothing in a session given with --session: three pages, every status, for seeds 1 to 3', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await conform(real.url, paged, seed);
      expect(
        result.violations.map((v) => `${v.law}: ${v.message}`),
        `seed ${seed}`,
      ).toEqual([]);
      expect(result.exitCode, `seed ${seed}`).toBe(0);
      const judged = result.laws.filter((law) => law.outcome === 'passed').map((law) => law.id);
      // mcp.unsupported-version-rejected: it refuses MCP-Protocol-Version 2000-01-01 with 400, its error object
      // (-32000) sent with that status.
      for (const id of [
        'mcp.no-duplicates-across-pages',
        'mcp.invalid-cursor-rejected',
        'mcp.paging-terminates',
        'mcp.unsupported-version-rejected',
      ])
        expect(judged, `seed ${seed}`).toContain(id);
    }
  }, 30_000);

  it('reports nothing in the session it opens itself (no --session): the SDK lists none of the other sessions', async () => {
    const result = await conform(real.url, undefined, 4);
    expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
  }, 30_000);
});

describe('what the SDK server does against the specification (kept as found, judged by no law)', () => {
  const list = (params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tasks/list', params });

  it('"Invalid or nonexistent cursor in `tasks/list`: `-32602` (Invalid params)": a cursor that is no string gets -32603', async () => {
    for (const cursor of [5, null]) {
      const { message } = await call(list({ cursor }), paged);
      expect((message.error as { code: number }).code, JSON.stringify(cursor)).toBe(-32603);
    }
    // A string no page gave is refused as the sentence says.
    expect(((await call(list({ cursor: 'no-such-cursor' }), paged)).message.error as { code: number }).code).toBe(
      -32602,
    );
  });

  it('schema.ts INVALID_REQUEST = -32600 ("Unlike base JSON-RPC, the ID MUST NOT be `null`"): an invalid Request gets -32700, Parse error', async () => {
    for (const body of [
      '{"jsonrpc":"1.0","id":1,"method":"tasks/list"}',
      '{"jsonrpc":"2.0","id":null,"method":"tasks/list"}',
      '{"jsonrpc":"2.0","id":1,"method":"tasks/list","params":[]}',
    ]) {
      const { status, message } = await call(body, paged);
      expect([status, (message.error as { code: number }).code], body).toEqual([400, -32700]);
    }
  });

  it('schema.ts PARSE_ERROR = -32700 ("Error responses MUST include an `error` field with a `code` and `message`"): a body that is no JSON gets an HTML page', async () => {
    const answer = await fetch(`${real.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': paged,
      },
      body: '{"jsonrpc":"2.0","id":8,',
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).not.toContain('-32700');
  });

  it('"If the `Origin` header is present and invalid, servers MUST respond with HTTP 403 Forbidden": a foreign Origin is answered', async () => {
    const { status, message } = await call(list({}), paged, { origin: 'http://evil.example' });
    expect(status).toBe(200);
    expect((message.result as { tasks: unknown[] }).tasks).toHaveLength(10);
  });
});

describe('an answer whose stream the server closes before the response ("without terminating the SSE stream")', () => {
  it('is resumed with a GET and Last-Event-ID, after the retry it gave, and the run reports nothing', async () => {
    const resumable = await startRealMcpServer({ resumable: true });
    let resumed = 0;
    const closing = await hostile((req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'GET') {
        if (req.headers['last-event-id']) resumed++;
        // Streamed through: a resumed stream stays open after its events.
        const upstream = request(`${resumable.url}${req.url}`, { headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        });
        res.on('close', () => upstream.destroy());
        upstream.end();
        return;
      }
      // The SDK primes a stream for a client of 2025-11-25 on: one given --session has sent no version yet.
      req.headers['mcp-protocol-version'] ??= '2025-11-25';
      // A list's answer is cut after its first event, the priming one (an id and a retry): the connection closes.
      void forward(
        res,
        `${resumable.url}${req.url}`,
        (body) => (body.includes('"tasks"') ? body.slice(0, body.indexOf('\n\n') + 2) : body),
        req,
      );
    });
    try {
      const session = await resumable.session(ENDINGS);
      const result = await conform(closing.url, session, 1);
      expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(resumed).toBeGreaterThan(0);
    } finally {
      await closing.close();
      await resumable.close();
    }
  }, 60_000);
});

/**
 * A proxy in front of the SDK server: each POST forwarded with its headers, and its JSON-RPC answer (read from its
 * event stream) changed on the way back by `change`, which may also ask the server again.
 */
async function proxy(
  change: (call: { params: Record<string, unknown> }, answer: Record<string, unknown>, n: number) => Promise<unknown>,
  forwarded = ['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version'],
) {
  let lists = 0;
  return hostile((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const name of forwarded) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
        const send = (body: string) => fetch(`${real.url}/mcp`, { method: 'POST', headers, body });
        const answer = await send(text);
        const session = answer.headers.get('mcp-session-id');
        const raw = await answer.text();
        const call = JSON.parse(text) as { method?: string; params?: Record<string, unknown> };
        let out = raw;
        if (call.method === 'tasks/list' && answer.ok && raw !== '') {
          const changed = await change(
            { params: call.params ?? {} },
            messageOf(raw),
            call.params?.cursor === undefined ? ++lists : lists,
          );
          out = `event: message\ndata: ${JSON.stringify(changed)}\n\n`;
        }
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'text/plain',
          ...(session ? { 'mcp-session-id': session } : {}),
        });
        res.end(out);
      })();
    });
  });
}

describe('a proxy that breaks one sentence is caught under the law that stands on it', () => {
  it('a last page that offers its own cursor again (a cursor that loops): paging-terminates', async () => {
    const loop = await proxy(async ({ params }, answer) => {
      const result = answer.result as { nextCursor?: string } | undefined;
      if (result && result.nextCursor === undefined && typeof params.cursor === 'string')
        result.nextCursor = params.cursor;
      return answer;
    });
    try {
      const result = await conform(loop.url, paged, 1);
      expect(lawsOf(result)).toContain('mcp.paging-terminates');
      expect(result.violations.find((v) => v.law === 'mcp.paging-terminates')!.source?.sentence).toContain(
        'Receivers MUST include a `nextCursor` in the response if more tasks are available.',
      );
    } finally {
      await loop.close();
    }
  }, 30_000);

  // (A task left out at every page boundary is not among them: MCP names no page size, so every walk pages alike
  // and no answer shows the task; the proxies of test/apis/a2a-server.test.ts catch that where a page size exists.)
  it('the last task of each page listed again on the next: no-duplicates-across-pages', async () => {
    let last: unknown;
    const repeating = await proxy(async ({ params }, answer) => {
      const result = answer.result as { tasks?: unknown[] } | undefined;
      if (!result?.tasks) return answer;
      const previous = last;
      last = result.tasks.at(-1);
      if (typeof params.cursor === 'string' && previous !== undefined) result.tasks.unshift(previous);
      return answer;
    });
    try {
      const result = await conform(repeating.url, paged, 1);
      expect(lawsOf(result)).toContain('mcp.no-duplicates-across-pages');
      // Shown against what a cursor is: a position, which the next page starts after.
      expect(result.violations.find((v) => v.law === 'mcp.no-duplicates-across-pages')!.source?.sentence).toContain(
        'The cursor is an opaque string token, representing a position in the result set',
      );
    } finally {
      await repeating.close();
    }
  }, 30_000);

  it('every MCP-Protocol-Version answered (a proxy that forwards none): unsupported-version-rejected', async () => {
    const deaf = await proxy(async (_call, answer) => answer, ['content-type', 'accept', 'mcp-session-id']);
    try {
      const result = await conform(deaf.url, paged, 1);
      expect(lawsOf(result)).toEqual(['mcp.unsupported-version-rejected']);
      const found = result.violations[0]!;
      expect(found.message).toMatch(/^got a result, expected 400/);
      // The printed call carries the version it was refused for, in the session given, and no other version.
      expect(found.curl).toContain("-H 'MCP-Protocol-Version: 2000-01-01'");
      expect(found.curl).not.toContain('2025-11-25');
    } finally {
      await deaf.close();
    }
  }, 30_000);

  it('a cursor no page gave answered with the first page: invalid-cursor-rejected', async () => {
    const lenient = await proxy(async ({ params }, answer) => {
      const error = answer.error as { code?: number } | undefined;
      if (error?.code !== -32602 || params.cursor === undefined) return answer;
      return { ...answer, error: undefined, result: { tasks: [] } };
    });
    try {
      const result = await conform(lenient.url, paged, 1);
      expect(lawsOf(result)).toEqual(['mcp.invalid-cursor-rejected']);
    } finally {
      await lenient.close();
    }
  }, 30_000);

  it('a task left out of every second whole read of a one-page list: listed-between-reads', async () => {
    const flaky = await proxy(async ({ params }, answer, reads) => {
      const result = answer.result as { tasks: unknown[] } | undefined;
      if (result && params.cursor === undefined && reads % 2 === 0) result.tasks.splice(1, 1);
      return answer;
    });
    try {
      const result = await conform(flaky.url, short, 1, 3);
      expect(lawsOf(result)).toEqual(['mcp.listed-between-reads']);
    } finally {
      await flaky.close();
    }
  }, 30_000);
});
