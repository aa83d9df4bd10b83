/**
 * `--api FILE` on mock, conform, generate and record: a module file's API is served, generated,
 * judged and recorded beside the built-in ones, and every refusal names the file and what it lacks.
 */

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { runCli } from '../../src/cli/main.js';
import { validateComponent } from '../../src/contract/validate.js';
import { apiSetOf } from '../../src/handlers/apis.js';
import { toyModule } from '../fixtures/apis/toy/index.js';

/** The set the CLI makes of the built-in modules and the toy file's. */
const WITH_TOY = apiSetOf({ ...BUILTIN_APIS, toy: toyModule });

const TOY = fileURLToPath(new URL('../fixtures/apis/toy-api.ts', import.meta.url));
const KIT = new URL('../../src/kit/index.ts', import.meta.url).href;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atc-api-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function cli(args: string[], stop: Promise<void> = new Promise<void>(() => {})) {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t), stopSignal: stop });
  return { code, out, err };
}

/** A module file in the temporary folder; returns its path. */
async function moduleFile(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('--api FILE', () => {
  it('generate: valid objects of the loaded API, the API defaulting to the one the file loads', async () => {
    const { code, out, err } = await cli(['generate', '--api', TOY, '--what', 'task', '--count', '5', '--seed', '3']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const jobs = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(jobs).toHaveLength(5);
    for (const job of jobs) expect(validateComponent('toy', 'Job', job, undefined, WITH_TOY)).toEqual([]);
    const broken = await cli(['generate', '--api', TOY, '--api', 'toy', '--what', 'task', '--break', 'toy.nope']);
    expect(broken.code).toBe(2);
    expect(broken.err).toContain('toy.finished-at-only-when-finished');
  });

  it('mock serves it at /NAME with its --fault; record and conform read it there, conform catching the fault', async () => {
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let out = '';
    const running = runCli(['mock', '--port', '0', '--api', TOY, '--fault', 'toy.order-newest-first'], {
      stdout: (t) => (out += t),
      stderr: (t) => (out += t),
      stopSignal: stopped,
    });
    try {
      const deadline = Date.now() + 20_000;
      while (!/listening (\S+)/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const url = /listening (\S+)/.exec(out)?.[1];
      expect(url, out).toBeDefined();
      // The session's place as the module names it: the toy's session is a queue.
      const toy = out.split('\n').find((line) => /^ {2}toy +http/.test(line));
      expect(toy).toContain(`${url}/toy/v1/queues/{queue_id}/jobs (loaded with --api; no demo data`);
      expect(out).toMatch(/\n {2}faults +toy.order-newest-first/);
      const added = await fetch(`${url}/__mock/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ api: 'toy', session: 'q-c', tasks: [{ state: 'done' }, { state: 'running' }] }),
      });
      expect(added.status).toBe(200);
      const body = (await (await fetch(`${url}/toy/v1/queues/q-c/jobs`)).json()) as {
        page: { jobs: { created_at: string }[] };
      };
      const created = body.page.jobs.map((job) => Date.parse(job.created_at));
      expect(created).toHaveLength(2);
      // The fault asked for on the command line: oldest first.
      expect(created[0]).toBeLessThanOrEqual(created[1]!);
      const recorded = join(dir, 'toy-recording.json');
      // Both read the loaded API at the mock's /toy, in queue q-c (its session).
      const at = ['--api', TOY, '--base-url', `${url}/toy`, '--session', 'q-c'];
      const record = await cli(['record', ...at, '--polls', '1', '--interval', '0', '--out', recorded]);
      expect(record.out).toContain(`wrote ${recorded}: 1 poll, `);
      const recording = JSON.parse(await readFile(recorded, 'utf8'));
      expect(recording).toMatchObject({ api: 'toy' });
      // record filled {queue_id} with the session: both jobs were read (one twice: the fault reverses each page).
      const placed = recording.tasks as { session: string; task: { id: string } }[];
      expect(new Set(placed.map((p) => `${p.session} ${p.task.id}`)).size).toBe(2);
      expect(new Set(placed.map((p) => p.session))).toEqual(new Set(['q-c']));
      const conform = await cli(['conform', ...at, '--runs', '5']);
      expect(conform.code, conform.out + conform.err).toBe(1);
      expect(conform.out).toContain('toy.order-newest-first');
      // Its replay lines load the same file, so they run as printed.
      expect(conform.out).toContain(`conform --api ${TOY} --api toy --base-url ${url}/toy --session q-c`);
    } finally {
      stop();
      expect(await running).toBe(0);
    }
  });

  it('mock --tasks grows only the built-in demo sessions: a loaded API has none, and is refused', async () => {
    const { code, err } = await cli(['mock', '--port', '0', '--api', TOY, '--tasks', 'toy=5']);
    expect(code).toBe(2);
    expect(err).toContain(
      'API one of praxis, everruns, ark, jsonrpc, langgraph, a2a, mcp and COUNT at most 10000000; got "toy=5"',
    );
  });

  it('conform and record take the loaded API by name (--api NAME); another name is refused', async () => {
    const wrong = await cli(['conform', '--api', TOY, '--api', 'acme', '--base-url', 'http://127.0.0.1:9']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain(
      '--api acme: no API of that name; the APIs are praxis|everruns|ark|jsonrpc|langgraph|a2a|mcp|toy',
    );
    const none = await cli(['record', '--api', 'acme', '--base-url', 'http://127.0.0.1:9', '--polls', '1']);
    expect(none.err).toContain(
      '--api acme: no API of that name; the APIs are praxis|everruns|ark|jsonrpc|langgraph|a2a|mcp',
    );
    expect(none.err).toContain('another API is loaded with --api FILE (a path such as ./acme.js)');
    const two = await cli(['conform', '--api', TOY, '--api', 'toy', '--api', 'ark', '--base-url', 'http://x']);
    expect(two.err).toContain('--api toy and --api ark name 2 APIs; give one');
    const mock = await cli(['mock', '--port', '0', '--api', 'ark']);
    expect(mock.code).toBe(2);
    expect(mock.err).toContain('--api ark: the mock serves every API, so its --api takes module files only');
    const unreachable = await cli(['conform', '--api', TOY, '--base-url', 'http://127.0.0.1:9', '--session', 's']);
    expect(unreachable.code).toBe(2);
  });

  const refusals: [string, string, string | RegExp][] = [
    ['none.mjs', '', /--api \S*none\.mjs has no default export; end it with `export default defineApi\(/],
    [
      'empty.mjs',
      'export default [];',
      'its default export is an empty list; an API module is what defineApi({ contract, generators?, mock? })',
    ],
    ['text.mjs', 'export default "jobs";', 'the default export is a string ("jobs"), not an API module'],
    [
      'parts.mjs',
      'export default { contract: { api: "x", operations: [], rules: [] } };',
      'the API module has no generators, mock; an API module is what defineApi(',
    ],
    [
      'nameless.mjs',
      'export default { contract: { operations: [], rules: [] }, generators: {}, mock: {} };',
      'contract.api is missing; it is the API\'s name (e.g. "jobs")',
    ],
    [
      'noops.mjs',
      'export default { contract: { api: "x", rules: [] }, generators: {}, mock: {} };',
      'contract.operations is missing; it must be a list',
    ],
    [
      'throws.mjs',
      'export default () => { throw new Error("no spec here"); };',
      'its default export (a function) threw: no spec here',
    ],
    ['broken.mjs', 'export default {', 'importing it failed: '],
    [
      'nospec.mjs',
      'import { readFileSync } from "node:fs";\nreadFileSync(new URL("./nospec.yaml", import.meta.url));',
      /importing it failed: ENOENT.*nospec\.yaml'? \(a file the module reads as it loads is missing: .*keep the spec beside/,
    ],
    [
      'two.mjs',
      'export default [{ contract: { api: "x", operations: [], rules: [] }, generators: { api: "y" }, mock: { api: "x" } }];',
      'an API module\'s parts must name one API: contract "x", generators "y", mock "x"',
    ],
  ];
  for (const [name, text, message] of refusals)
    it(`refuses ${name}, naming the file: ${String(message).slice(0, 60)}`, async () => {
      const path = await moduleFile(name, text);
      const { code, err } = await cli(['generate', '--api', path, '--what', 'task']);
      expect(code).toBe(2);
      expect(err).toContain(`--api ${path}`);
      if (typeof message === 'string') expect(err).toContain(message);
      else expect(err).toMatch(message);
      // The flags were right: the reason alone, one line, no usage after it.
      expect(err.trimEnd().split('\n')).toHaveLength(1);
    });

  it('refuses a spec that is no YAML, quoting the line the parser stopped at', async () => {
    await writeFile(join(dir, 'bad.openapi.yaml'), 'openapi: 3.1.0\npaths:\n  /x: { get: {\n info: 1\n');
    const path = await moduleFile(
      'badspec.mjs',
      `import { readFileSync } from "node:fs";\nimport { parseSpec } from ${JSON.stringify(KIT)};\n` +
        'parseSpec(readFileSync(new URL("./bad.openapi.yaml", import.meta.url), "utf8"), "bad.openapi.yaml");',
    );
    const { code, err } = await cli(['generate', '--api', path, '--what', 'task']);
    expect(code).toBe(2);
    expect(err).toMatch(
      /importing it failed: bad\.openapi\.yaml is not YAML or JSON: .* at line 4, column \d+ \(the line reads "info: 1"\)\n$/,
    );
  });

  it('refuses a file that does not exist, saying where it looked', async () => {
    const { code, err } = await cli(['conform', '--api', './nowhere/acme.js', '--base-url', 'http://127.0.0.1:9']);
    expect(code).toBe(2);
    expect(err).toContain(
      `--api ./nowhere/acme.js: no such file (looked for ${join(process.cwd(), 'nowhere/acme.js')})`,
    );
  });

  it('an async function as the default export is called, and the module it returns loaded', async () => {
    const path = await moduleFile(
      'many.mjs',
      `import toy from ${JSON.stringify(TOY)};\nexport default async () => [toy];`,
    );
    const { code, out } = await cli(['generate', '--api', path, '--what', 'task', '--count', '1']);
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
  });
});
