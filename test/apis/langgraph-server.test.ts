/**
 * `conform` against the real LangGraph API server (@langchain/langgraph-api 2.0.0, what `langgraph dev` runs) in
 * memory on 127.0.0.1, with a graph of this project's (test/fixtures/langgraph) and runs made through the server's
 * own API. The server takes `limit` for the index its page ends at (`runs.slice(offset, limit)`), so a walk by
 * offset loses runs: conform reports that, under paging-skips-nothing, and nothing else; behind a proxy that
 * turns the limit back into a count, it reports nothing; and a proxy behind that one which breaks one sentence is
 * caught under the law that stands on it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/entries/conformance.js';
import { forward, hostile } from '../helpers/hostile.js';

const SERVER = fileURLToPath(new URL('../fixtures/langgraph/server.mjs', import.meta.url));
let child: ChildProcess;
let real: { url: string; thread: string; runs: number };

beforeAll(async () => {
  child = spawn(process.execPath, [SERVER], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => void (errors = `${errors}${chunk}`.slice(-4000)));
  const lines = createInterface({ input: child.stdout! });
  real = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the LangGraph API server did not start in 60 s:\n${errors}`)),
      60_000,
    );
    child.once('exit', (code) => reject(new Error(`the LangGraph API server exited (${code}):\n${errors}`)));
    lines.on('line', (line) => {
      if (!line.startsWith('ready ')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice('ready '.length)));
    });
  });
}, 90_000);
afterAll(() => {
  child?.kill();
});

const SEEDS = [1, 2, 3];
const conform = (baseUrl: string, seed: number) =>
  runConformance({ api: 'langgraph', baseUrl, session: real.thread, seed, runs: 10, polls: 1 });
const ids = async (query: string) =>
  ((await (await fetch(`${real.url}/threads/${real.thread}/runs?${query}`)).json()) as { run_id: string }[]).map(
    (run) => run.run_id,
  );

describe('conform against the LangGraph API server 2.0.0', () => {
  it('the server loses runs to an offset: limit=1&offset=1 lists none of the runs after the first', async () => {
    const all = await ids('limit=100');
    expect(all).toHaveLength(real.runs);
    expect(await ids('limit=1&offset=0')).toEqual(all.slice(0, 1));
    expect(await ids('limit=1&offset=1')).toEqual([]);
  });

  it('reports that, under paging-skips-nothing with the SDK docstring’s sentence, and nothing else', async () => {
    for (const seed of SEEDS) {
      const result = await conform(real.url, seed);
      expect(result.exitCode, `seed ${seed}`).toBe(1);
      expect([...new Set(result.violations.map((v) => v.law))], `seed ${seed}`).toEqual([
        'langgraph.paging-skips-nothing',
      ]);
      expect(result.violations[0]!.source?.sentence).toBe('offset: The number of results to skip.');
    }
  }, 60_000);

  it('behind a proxy that also refuses status=running as the OpenAPI enum does (422), it reports nothing', async () => {
    // The OpenAPI document's status enum leaves out running, which the SDK's RunStatus lists: either is right.
    const strict = new Set(['pending', 'error', 'success', 'timeout', 'interrupted']);
    const result = await behindFixed(1, {
      refuse: (query) => query.has('status') && !strict.has(query.get('status')!),
    });
    expect(result.violations.map((v) => `${v.law}: ${v.message} — ${v.curl}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
  }, 30_000);

  it('behind a proxy that sends the limit as the page’s end, it reports nothing', async () => {
    for (const seed of SEEDS) {
      const result = await behindFixed(seed);
      expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
      expect(result.exitCode, `seed ${seed}`).toBe(0);
    }
  }, 60_000);
});

type Run = { run_id: string };
/**
 * `conform` behind a proxy that turns `limit` into the index the server's page ends at, so that the server pages
 * as the document says, then breaks what `breaks` changes: the query sent on, or the runs answered.
 */
async function behindFixed(
  seed: number,
  breaks: {
    query?: (query: URLSearchParams) => void;
    runs?: (runs: Run[], query: URLSearchParams) => Run[];
    /** A request answered 422 as FastAPI's validation does, instead of forwarded. */
    refuse?: (query: URLSearchParams) => boolean;
  } = {},
) {
  const proxy = await hostile((req, res) => {
    const url = new URL(req.url!, real.url);
    const asked = new URLSearchParams(url.searchParams);
    if (breaks.refuse?.(asked)) {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: [{ loc: ['query', 'status'], msg: 'not a permitted value', type: 'enum' }] }));
      return;
    }
    breaks.query?.(url.searchParams);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (url.searchParams.has('offset') && Number.isInteger(offset) && Number.isInteger(limit))
      url.searchParams.set('limit', String(offset + limit));
    void forward(res, `${real.url}${url.pathname}${url.search}`, (text) => {
      const runs = breaks.runs && text.startsWith('[') ? (JSON.parse(text) as Run[]) : undefined;
      return runs ? JSON.stringify(breaks.runs!(runs, asked)) : text;
    });
  });
  try {
    return await conform(proxy.url, seed);
  } finally {
    await proxy.close();
  }
}

describe('a proxy that breaks one sentence of the document is caught under the law that stands on it', () => {
  const caught = async (law: string, breaks: Parameters<typeof behindFixed>[1]) => {
    const result = await behindFixed(1, breaks);
    expect([...new Set(result.violations.map((v) => v.law))]).toContain(`langgraph.${law}`);
    // The request printed with the violation shows it again.
    expect(result.violations.find((v) => v.law === `langgraph.${law}`)!.curl).toMatch(/^curl .*\/runs/);
  };

  it('a run left out at each page boundary: paging-skips-nothing', async () => {
    await caught('paging-skips-nothing', {
      runs: (runs, query) => (Number(query.get('offset')) > 0 ? runs.slice(1) : runs),
    });
  }, 30_000);

  it('an offset ignored, every page the first: a walk that repeats itself', async () => {
    await caught('no-duplicates-across-pages', { query: (query) => query.delete('offset') });
  }, 30_000);

  it('the status filter ignored: filter-status', async () => {
    await caught('filter-status', { query: (query) => query.delete('status') });
  }, 30_000);

  it('one run more than the limit: limit-respected', async () => {
    await caught('limit-respected', {
      query: (query) => {
        if (query.has('limit') && Number(query.get('limit')) >= 1)
          query.set('limit', String(Number(query.get('limit')) + 1));
      },
    });
  }, 30_000);
});
