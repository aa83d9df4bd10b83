/**
 * `conform` against the real LangGraph API server (@langchain/langgraph-api 2.0.0, what `langgraph dev` runs) in
 * memory on 127.0.0.1, with a graph of this project's (test/fixtures/langgraph) and runs made through the server's
 * own API. The server takes `limit` for the index its page ends at (`runs.slice(offset, limit)`), so a walk by
 * offset loses runs: conform reports that, under paging-skips-nothing, and nothing else; behind a proxy that
 * turns the limit back into a count, it reports nothing.
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

  it('behind a proxy that sends the limit as the page’s end, it reports nothing', async () => {
    const proxy = await hostile((req, res) => {
      const url = new URL(req.url!, real.url);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      if (url.searchParams.has('offset') && Number.isInteger(offset) && Number.isInteger(limit))
        url.searchParams.set('limit', String(offset + limit));
      void forward(res, `${real.url}${url.pathname}${url.search}`);
    });
    try {
      for (const seed of SEEDS) {
        const result = await conform(proxy.url, seed);
        expect(result.violations.map((v) => `${v.law}: ${v.message}`)).toEqual([]);
        expect(result.exitCode, `seed ${seed}`).toBe(0);
      }
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
