/**
 * What the control API says: POST /tasks answers the state's shape, the unknown-endpoint error lists
 * each endpoint once, a misspelt scenario gets "did you mean", and a body fits a few thousand
 * tasks, while one over the limit is a 413 naming it.
 */

import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockApp } from '../../src/apis/mock-functions.js';
import { runCli } from '../../src/cli/main.js';
import { type RunningServer, startServer } from '../../src/node/server.js';
import { libraryScenario } from '../../src/scenarios/library.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';
import { BUILTIN } from '../helpers/apis.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(await MockApp.create(), { host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

const post = async (path: string, body: string | object) => {
  const response = await fetch(`${server.url}/__mock${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('the control API in words', () => {
  it('POST /tasks answers the shape of GET /state, and what it stored beside it', async () => {
    const added = await post('/tasks', { api: 'ark', session: 'sesn-x', tasks: [{ state: 'unknown' }] });
    expect(added.status).toBe(200);
    const state = (await (await fetch(`${server.url}/__mock/state`)).json()) as Record<string, unknown>;
    const { stored, ...rest } = added.body;
    // The clock's reading moves between the two calls; everything else is the same.
    expect({ ...rest, clock: null }).toEqual({ ...state, clock: null });
    expect((state.added as Record<string, string[]>).ark).toEqual(['sesn-x']);
    expect(stored).toMatchObject({ api: 'ark', session: 'sesn-x', tasks: [{ state: 'unknown' }] });
    await post('/reset', {});
  });

  it('every answer, refusals too, is one line of JSON ending with a newline (curl prints it whole)', async () => {
    const answers = [
      await fetch(`${server.url}/__mock/state`),
      await fetch(`${server.url}/__mock/nope`),
      await fetch(`${server.url}/__mock/tasks`, {
        method: 'POST',
        body: '{"api": "ark", "session": "sesn-x", "tasks": [{"sate": 1}]}',
      }),
      await fetch(`${server.url}/__mock/tasks`, { method: 'POST', body: '{not json' }),
      await fetch(`${server.url}/__mock/faults`, {
        method: 'POST',
        headers: { origin: 'http://elsewhere.test' },
        body: '{}',
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 400, 400, 403]);
    for (const answer of answers) {
      const text = await answer.text();
      expect(text, text).toMatch(/^\{.*\}\n$/s);
      expect(text.indexOf('\n'), text).toBe(text.length - 1);
    }
  });

  it('a refused addTasks says which task is wrong and why, as a sentence (no rule id where no rule is broken)', async () => {
    const refused = async (tasks: unknown, session: unknown = 'sesn-x') =>
      String((await post('/tasks', { api: 'ark', session, tasks })).body.error);
    expect(await refused([{ sate: 'running' }])).toMatch(
      /^ark sesn-x tasks\[0\]: "sate" is not a field of an ark Task; did you mean "state"\? The spec declares .*\.$/,
    );
    expect(await refused([{}, { tool: { nmae: 'bash' } }])).toMatch(
      /^ark sesn-x tasks\[1\]: "nmae" is not a field of tool in an ark Task; did you mean "name"\? /,
    );
    expect(await refused([7])).toBe(
      'ark sesn-x tasks[0]: each task is an object of the fields you care about, e.g. { "state": "running" } (got 7)',
    );
    expect(await refused({ state: 'running' })).toBe(
      'tasks: give an array of partial tasks, e.g. [{ "state": "running" }] (got {"state":"running"})',
    );
    expect(await refused([], '')).toBe(
      'session: give the id of the session the tasks belong to, a non-empty string (got "")',
    );
    expect(await refused([{ state: 'done' }])).toMatch(/^ark sesn-x tasks\[0\]\.state breaks ark\.schema: /);
    for (const tasks of [[{ sate: 1 }], [7], {}, [{ state: 'done' }]])
      expect(await refused(tasks)).not.toContain('usage');
  });

  it('the unknown-endpoint error lists each endpoint once, with its methods', async () => {
    const answer = await post('/nope', {});
    expect(answer.status).toBe(404);
    const error = String(answer.body.error);
    expect(error).toMatch(/^no control endpoint \/nope; the endpoints under \/__mock are POST \/reset, /);
    expect(error.match(/\/clock\b/g)).toHaveLength(1);
    expect(error).toContain('GET|POST /clock');
    expect(error).toContain('POST /outages');
    expect(error).toContain('GET /state');
  });

  it('a misspelt scenario name gets "did you mean", wherever a name is taken', async () => {
    const meant =
      'unknown scenario "ark-unknown-come-back" (did you mean "ark-unknown-comes-back"?); the library has: ';
    const app = await MockApp.create({ scenarios: scenarioLoader });
    await expect(app.playScenario('ark-unknown-come-back')).rejects.toThrow(meant);
    // useScenario and the browser worker load through the loader; scenarioHandlers through the library.
    await expect(scenarioLoader.load('ark-unknown-come-back', {}, BUILTIN)).rejects.toThrow(meant);
    expect(() => libraryScenario('ark-unknown-come-back')).toThrow(meant);
    let err = '';
    const io = { stdout: () => {}, stderr: (t: string) => (err += t), stopSignal: Promise.resolve() };
    expect(await runCli(['mock', '--port', '0', '--scenario', 'ark-unknown-come-back'], io)).toBe(2);
    expect(err).toContain(`--scenario: ${meant}`);
    expect(err).not.toContain('ENOENT');
  });

  it('a body of a few hundred realistic tasks (over the old 64 KB) is added', async () => {
    const task = { state: 'running', tool: { name: 'video_generate' }, session_thread_id: 'thread-main' };
    const tasks = Array.from({ length: 400 }, () => task);
    const body = JSON.stringify({ api: 'ark', session: 'sesn-big', tasks, seed: 3 }, null, 8);
    expect(body.length).toBeGreaterThan(64 * 1024);
    const answer = await post('/tasks', body);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect((answer.body.stored as { tasks: unknown[] }).tasks).toHaveLength(400);
    await post('/reset', {});
  });

  it('a body over the limit is a 413 naming the limit; a body that is not JSON a 400 saying so', async () => {
    const tooBig = await post('/tasks', `{"api": "ark", "pad": "${'x'.repeat(8 * 1024 * 1024)}"}`);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toContain('over the limit of 8388608 bytes (8 MiB)');
    // Sent in chunks, with no content-length to refuse it by: counted as it arrives.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/__mock/tasks`, { method: 'POST' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (let i = 0; i < 9; i++) req.write(Buffer.alloc(1024 * 1024, 0x20));
      req.end();
    });
    expect(chunked.status).toBe(413);
    expect(chunked.body).toContain('over the limit of 8388608 bytes (8 MiB)');
    const notJson = await post('/tasks', '{"api": ');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/^the control request body is not JSON: SyntaxError/);
  });
});
