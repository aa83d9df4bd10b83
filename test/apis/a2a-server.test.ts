/**
 * `conform` against the real A2A v1.0 server of the official SDK (@a2a-js/sdk 1.3.0: DefaultRequestHandler over
 * its InMemoryTaskStore) over both its bindings (HTTP+JSON and JSON-RPC), 60 tasks made through its own SendMessage in 3 contexts. The
 * server leaves out a task whose status timestamp equals statusTimestampAfter ("greater than or equal to this
 * value"): conform reports that, under filter-statusTimestampAfter, and nothing else. A proxy in front of it that
 * breaks one sentence is caught under the law that sentence stands on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { type A2aServer, startA2aServer } from '../helpers/a2a-server.js';
import { hostile } from '../helpers/hostile.js';

let real: A2aServer;
beforeAll(async () => {
  real = await startA2aServer(60, ['ctx-alpha', 'ctx-beta', 'ctx-gamma']);
}, 30_000);
afterAll(() => real?.close());

const SEEDS = [1, 2];
/** Each binding at its own interface URL: HTTP+JSON's GET /tasks, or JSON-RPC's POST. */
const conform = (baseUrl: string, seed: number, operation = 'listTasks') =>
  runConformance({ api: 'a2a', operations: [operation], baseUrl, seed, runs: 20, polls: 1, pollIntervalMs: 0 });
const laws = (result: Awaited<ReturnType<typeof conform>>) => [...new Set(result.violations.map((v) => v.law))];
type Body = { tasks: { id: string; status: { timestamp: string } }[]; nextPageToken: string; totalSize: number };

/** The real server's answer to the same request, its body passed through `edit` (given the request's query). */
const edited = (edit: (body: Body, query: URLSearchParams) => Body) => (req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url!, real.base);
  void (async () => {
    const answer = await fetch(`${real.base}/a2a/rest${url.pathname}${url.search}`, {
      headers: { 'A2A-Version': String(req.headers['a2a-version'] ?? '') },
    });
    const text = await answer.text();
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(answer.ok ? JSON.stringify(edit(JSON.parse(text) as Body, url.searchParams)) : text);
  })();
};

async function behind(edit: (body: Body, query: URLSearchParams) => Body, seed = 1) {
  const proxy = await hostile(edited(edit));
  try {
    return await conform(proxy.url, seed);
  } finally {
    await proxy.close();
  }
}

/** The run behind a proxy that sends each request on with its query changed by `rewrite`. */
async function rewritten(rewrite: (query: URLSearchParams) => void) {
  const proxy = await hostile((req, res) => {
    const url = new URL(req.url!, real.base);
    rewrite(url.searchParams);
    req.url = `${url.pathname}${url.search}`;
    edited((body) => body)(req, res);
  });
  try {
    return await conform(proxy.url, 1);
  } finally {
    await proxy.close();
  }
}

describe('conform against the A2A SDK 1.3.0 server (HTTP+JSON)', () => {
  it('the server leaves out a task whose status timestamp is the one asked for', async () => {
    const get = async (query: string) =>
      (await (
        await fetch(`${real.base}/a2a/rest/tasks?${query}`, { headers: { 'A2A-Version': '1.0' } })
      ).json()) as Body;
    const all = (await get('pageSize=100')).tasks;
    expect(all).toHaveLength(60);
    const at = all[10]!.status.timestamp;
    const after = (await get(`pageSize=100&statusTimestampAfter=${encodeURIComponent(at)}`)).tasks;
    expect(after.map((t) => t.id)).not.toContain(all[10]!.id);
  });

  it('reports that, under filter-statusTimestampAfter with the proto’s sentence, and nothing else', async () => {
    for (const seed of SEEDS) {
      const result = await conform(`${real.base}/a2a/rest`, seed);
      expect(laws(result), `seed ${seed}`).toEqual(['a2a.filter-statusTimestampAfter']);
      // It refuses A2A-Version: 99.0 with 400 (VersionNotSupportedError), as the law holds it to.
      const version = result.laws.find((law) => law.id === 'a2a.unsupported-version-rejected');
      expect(version?.outcome).toBe('passed');
      expect(result.violations[0]!.source?.sentence).toContain('greater than or equal to this value');
      expect(result.violations[0]!.message).toMatch(/statusTimestampAfter=(\S+), but the filtered list leaves it out/);
      // The task left out has the very timestamp asked for.
      const [, stamp, asked] = /\/status\/timestamp "([^"]+)"\).*statusTimestampAfter=([^&,\s]+)/.exec(
        result.violations[0]!.message,
      )!;
      expect(stamp).toBe(asked);
    }
  }, 60_000);

  it('over JSON-RPC (method ListTasks) it reports the same, under the JSON-RPC operation’s law, and nothing else', async () => {
    const result = await conform(`${real.base}/a2a/jsonrpc`, 1, 'listTasksJsonRpc');
    expect(laws(result)).toEqual(['a2a.json-rpc.filter-statusTimestampAfter']);
    // It refuses A2A-Version: 99.0 with -32009 (VersionNotSupportedError), as the law holds it to.
    const version = result.laws.find((law) => law.id === 'a2a.json-rpc.unsupported-version-rejected');
    expect(version?.outcome).toBe('passed');
    expect(result.violations[0]!.replay?.command).toContain('--operation listTasksJsonRpc');
    expect(result.violations[0]!.curl).toMatch(/^curl -sS -X POST '.*\/a2a\/jsonrpc\/' .*-H 'A2A-Version: 1.0'/);
  }, 60_000);

  // What the SDK does against other sentences, no law of ListTasks judges, kept as found.
  it('the SDK refuses A2A-Version given as a request parameter ("Clients MAY provide the `A2A-Version` as a request parameter instead of a header."), and a patch version', async () => {
    const status = async (query: string, headers: Record<string, string> = {}) =>
      (await fetch(`${real.base}/a2a/rest/tasks?pageSize=1${query}`, { headers })).status;
    expect(await status('', { 'A2A-Version': '1.0' })).toBe(200);
    expect(await status('&A2A-Version=1.0')).toBe(400);
    // "Patch version numbers … MUST not be considered when clients and servers negotiate protocol versions."
    expect(await status('', { 'A2A-Version': '1.0.3' })).toBe(400);
  });

  it('the SDK answers a notification, and an invalid Request with -32602, not -32600 (9.5)', async () => {
    const call = async (body: string) =>
      (await (
        await fetch(`${real.base}/a2a/jsonrpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'A2A-Version': '1.0' },
          body,
        })
      ).json()) as { id?: unknown; result?: unknown; error?: { code: number } };
    // JSON-RPC 2.0 (9.3: "All JSON-RPC requests **MUST** follow the standard JSON-RPC 2.0 format"): a call without
    // an id is a notification, which gets no reply.
    const notified = await call('{"jsonrpc":"2.0","method":"ListTasks","params":{"pageSize":1}}');
    expect(notified.id ?? null).toBeNull();
    expect(notified.result).toBeDefined();
    // "| `-32600` | `InvalidRequestError` | … | The JSON sent is not a valid Request object |"
    expect((await call('{"jsonrpc":"1.0","id":1,"method":"ListTasks","params":{}}')).error?.code).toBe(-32602);
  });

  it('a run refuses an operation the API does not have, naming those it has', async () => {
    await expect(conform(`${real.base}/a2a/jsonrpc`, 1, 'listTask')).rejects.toThrow(
      '--operation "listTask" is no operation of a2a; its operations: listTasks, listTasksJsonRpc',
    );
    await expect(
      runConformance({ api: 'praxis', operations: ['listBackgroundTasks'], baseUrl: real.base }),
    ).rejects.toThrow(/--operation listBackgroundTasks lists the tasks of the sessions \w+ lists: add --operation/);
  });

  it('a proxy that sends every request on as one of A2A-Version 1.0 is caught under unsupported-version-rejected', async () => {
    const proxy = await hostile((req, res) => {
      req.headers['a2a-version'] = '1.0';
      edited((body) => body)(req, res);
    });
    try {
      const result = await conform(proxy.url, 1);
      const found = result.violations.filter((v) => v.law === 'a2a.unsupported-version-rejected');
      expect(found.length).toBeGreaterThan(0);
      expect(found[0]!.message).toMatch(/^got 200, expected 400/);
      // The printed request carries the version it was refused for, not the one every other request sends.
      expect(found[0]!.curl).toContain("-H 'A2A-Version: 99.0'");
      expect(found[0]!.curl).not.toContain('A2A-Version: 1.0');
      expect(found[0]!.source?.sentence).toContain('If the version is not supported by the interface');
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('a proxy that repeats the last task of each page on the next is caught under no-duplicates-across-pages', async () => {
    let last: Body['tasks'][number] | undefined;
    const result = await behind((body, query) => {
      const repeated = query.has('pageToken') && last ? { ...body, tasks: [last, ...body.tasks] } : body;
      last = body.tasks.at(-1);
      return repeated;
    });
    expect(laws(result)).toContain('a2a.no-duplicates-across-pages');
  }, 60_000);

  it('a proxy that lists each page oldest status first is caught under order-newest-first', async () => {
    const result = await behind((body) => ({ ...body, tasks: [...body.tasks].reverse() }));
    expect(laws(result)).toContain('a2a.order-newest-first');
  }, 60_000);

  it('a proxy that gives the page’s length as totalSize is caught under total-counts-the-list', async () => {
    const result = await behind((body) => ({ ...body, totalSize: body.tasks.length }));
    expect(laws(result)).toContain('a2a.total-counts-the-list');
  }, 60_000);

  it('a proxy that drops the first task of every later page is caught under paging-skips-nothing', async () => {
    const result = await behind((body, query) =>
      query.has('pageToken') ? { ...body, tasks: body.tasks.slice(1) } : body,
    );
    expect(laws(result)).toContain('a2a.paging-skips-nothing');
  }, 60_000);

  it('a proxy whose last page offers its token again is caught under paging-terminates', async () => {
    const result = await behind((body, query) =>
      body.nextPageToken === '' ? { ...body, nextPageToken: query.get('pageToken') || 'again' } : body,
    );
    expect(laws(result)).toContain('a2a.paging-terminates');
  }, 60_000);

  it('a proxy that ignores the status filter is caught under filter-status', async () => {
    const result = await rewritten((query) => query.delete('status'));
    expect(laws(result)).toContain('a2a.filter-status');
  }, 60_000);

  it('a proxy that lists one task more than pageSize is caught under limit-respected', async () => {
    const result = await rewritten((query) => {
      const size = Number(query.get('pageSize'));
      if (size >= 1 && size < 100) query.set('pageSize', String(size + 1));
    });
    expect(laws(result)).toContain('a2a.limit-respected');
  }, 60_000);
});
