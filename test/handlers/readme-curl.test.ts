/**
 * The README's curl lines for answers (Control API: `POST /__mock/answers`, `Prefer: code=503`)
 * run as written against a running mock, the port changed to the test server's; each answers
 * what its comment says.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MockApp } from '../../src/handlers/app.js';
import { type RunningServer, startServer } from '../../src/node/server.js';

const run = promisify(execFile);
let server: RunningServer;
beforeAll(async () => {
  server = await startServer(await MockApp.create(), { host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

it('the README curl lines for answers answer what their comments say', async () => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const block = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
    .map((m) => m[1]!)
    .find((text) => text.includes('/__mock/answers'));
  const lines = block!.split('\n').filter((line) => line.startsWith('curl '));
  expect(lines).toHaveLength(4);
  const outputs: string[] = [];
  for (const line of lines) {
    const command = line.replaceAll('http://127.0.0.1:4010', server.url);
    const { stdout } = await run('sh', ['-c', command], { timeout: 10_000 });
    const expected = /# (HTTP\/1\.1 \d{3})/.exec(line)?.[1];
    if (expected) expect(stdout.split('\r\n')[0], line).toMatch(new RegExp(`^${expected} `));
    outputs.push(stdout);
  }
  expect(JSON.parse(outputs[0]!).answers).toEqual([
    { api: 'ark', operation: null, path: null, remaining: 1, answer: { status: 503 } },
  ]);
  // Ark's own error format (the shape of its 404), not the control API's {"error": "…"}.
  const body = (output: string) => JSON.parse(output.slice(output.indexOf('\r\n\r\n') + 4)) as object;
  const notFound = await (await fetch(`${server.url}/ark/sessions/sesn-nobody/tasks`)).json();
  expect(Object.keys(body(outputs[1]!))).toEqual(Object.keys(notFound));
  expect(typeof (body(outputs[1]!) as { error: unknown }).error).toBe('object');
  expect(lines.filter((line) => /# HTTP\/1\.1/.test(line))).toHaveLength(3);
});
