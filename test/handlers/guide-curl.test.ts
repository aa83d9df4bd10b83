/**
 * The curl lines of docs/standalone-server.md run as written against a running mock, the port
 * changed to the test server's, one block after another as a reader runs them: each answers what
 * its comment says (`# HTTP/1.1 503`), and a line without one answers without an error.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MockApp } from '../../src/apis/mock-functions.js';
import { type RunningServer, startServer } from '../../src/node/server.js';

const run = promisify(execFile);
let server: RunningServer;
beforeAll(async () => {
  server = await startServer(await MockApp.create(), { host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

const guide = await readFile(new URL('../../docs/standalone-server.md', import.meta.url), 'utf8');
const blocks = [...guide.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) =>
  m[1]!.split('\n').filter((line) => line.startsWith('curl ')),
);

/** The body of a `curl -si` output (status line and headers first), or the whole output. */
const bodyOf = (output: string) => (output.startsWith('HTTP/') ? output.slice(output.indexOf('\r\n\r\n') + 4) : output);

/** An error in any of the four APIs' formats, or the control API's. */
const isError = (body: Record<string, unknown>) => 'error' in body || 'detail' in body || body.type === 'error';

it('every curl line of the standalone-server guide answers what it says', async () => {
  expect(blocks.flat().length).toBeGreaterThanOrEqual(10);
  const outputs = new Map<string, string>();
  for (const line of blocks.flat()) {
    const command = line.replaceAll('http://127.0.0.1:4010', server.url);
    const { stdout } = await run('sh', ['-c', command], { timeout: 10_000 });
    outputs.set(line, stdout);
    const expected = /# (HTTP\/1\.1 \d{3})/.exec(line)?.[1];
    if (expected) expect(stdout.split('\r\n')[0], line).toMatch(new RegExp(`^${expected} `));
    else expect(isError(JSON.parse(bodyOf(stdout)) as Record<string, unknown>), `${line}\n${stdout}`).toBe(false);
  }
  // The session lists exactly the added task.
  const added = [...outputs].find(([line]) => line.includes('/ark/sessions/sesn-x/tasks'))![1];
  expect((JSON.parse(added) as { items: { state: string }[] }).items.map((task) => task.state)).toEqual(['unknown']);
  // The one-shot outage answers in Ark's own error format (the shape of its 404), not the control API's {"error": "…"}.
  const outages = blocks.find((lines) => lines.some((line) => line.includes('/__mock/outages')))!;
  expect(outages.filter((line) => /# HTTP\/1\.1/.test(line))).toHaveLength(3);
  expect(JSON.parse(outputs.get(outages[0]!)!).outages).toEqual([
    { api: 'ark', operation: null, path: null, remaining: 1, kind: { status: 503 } },
  ]);
  const notFound = await (await fetch(`${server.url}/ark/sessions/sesn-nobody/tasks`)).json();
  const outage = JSON.parse(bodyOf(outputs.get(outages[1]!)!)) as { error: unknown };
  expect(Object.keys(outage)).toEqual(Object.keys(notFound));
  expect(typeof outage.error).toBe('object');
});
