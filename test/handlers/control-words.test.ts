/**
 * What the control API says: seeding answers the state's shape, the unknown-endpoint error lists
 * each endpoint once, a misspelt scenario gets "did you mean", and a body fits a few thousand
 * tasks, while one over the limit is a 413 naming it.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { MockApp } from '../../src/handlers/app.js';
import { type RunningServer, startServer } from '../../src/node/server.js';
import { libraryScenario } from '../../src/scenarios/library.js';
import { scenarioLoader } from '../../src/scenarios/loader.js';

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
  it('POST /seed answers the shape of GET /state, and what it stored beside it', async () => {
    const seeded = await post('/seed', { api: 'ark', session: 'sesn-x', tasks: [{ state: 'unknown' }] });
    expect(seeded.status).toBe(200);
    const state = (await (await fetch(`${server.url}/__mock/state`)).json()) as Record<string, unknown>;
    const { stored, ...rest } = seeded.body;
    // The clock's reading moves between the two calls; everything else is the same.
    expect({ ...rest, clock: null }).toEqual({ ...state, clock: null });
    expect((state.seeded as Record<string, string[]>).ark).toEqual(['sesn-x']);
    expect(stored).toMatchObject({ api: 'ark', session: 'sesn-x', tasks: [{ state: 'unknown' }] });
    await post('/reset', {});
  });

  it('the unknown-endpoint error lists each endpoint once, with its methods', async () => {
    const answer = await post('/nope', {});
    expect(answer.status).toBe(404);
    const error = String(answer.body.error);
    expect(error).toMatch(/^no control endpoint \/nope; the endpoints under \/__mock are POST \/reset, /);
    expect(error.match(/\/clock\b/g)).toHaveLength(1);
    expect(error).toContain('GET|POST /clock');
    expect(error).toContain('POST /answers');
    expect(error).toContain('GET /state');
  });

  it('a misspelt scenario name gets "did you mean", wherever a name is taken', async () => {
    const meant =
      'unknown scenario "ark-unknown-come-back" (did you mean "ark-unknown-comes-back"?); the library has: ';
    const app = await MockApp.create({ scenarios: scenarioLoader });
    await expect(app.playScenario('ark-unknown-come-back')).rejects.toThrow(meant);
    // useScenario and the browser worker load through the loader; scenarioHandlers through the library.
    await expect(scenarioLoader.load('ark-unknown-come-back')).rejects.toThrow(meant);
    expect(() => libraryScenario('ark-unknown-come-back')).toThrow(meant);
    let err = '';
    const io = { stdout: () => {}, stderr: (t: string) => (err += t), stopSignal: Promise.resolve() };
    expect(await runCli(['mock', '--port', '0', '--scenario', 'ark-unknown-come-back'], io)).toBe(2);
    expect(err).toContain(`--scenario: ${meant}`);
    expect(err).not.toContain('ENOENT');
  });

  it('a body of a few hundred realistic tasks (over the old 64 KB) is seeded', async () => {
    const task = { state: 'running', tool: { name: 'video_generate' }, session_thread_id: 'thread-main' };
    const tasks = Array.from({ length: 400 }, () => task);
    const body = JSON.stringify({ api: 'ark', session: 'sesn-big', tasks, seed: 3 }, null, 8);
    expect(body.length).toBeGreaterThan(64 * 1024);
    const answer = await post('/seed', body);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect((answer.body.stored as { tasks: unknown[] }).tasks).toHaveLength(400);
    await post('/reset', {});
  });

  it('a body over the limit is a 413 naming the limit; a body that is not JSON a 400 saying so', async () => {
    const tooBig = await post('/seed', `{"api": "ark", "pad": "${'x'.repeat(8 * 1024 * 1024)}"}`);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toContain('over the limit of 8388608 bytes (8 MiB)');
    // Sent in chunks, with no content-length to refuse it by: counted as it arrives.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/__mock/seed`, { method: 'POST' }, (res) => {
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
    const notJson = await post('/seed', '{"api": ');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/^the control request body is not JSON: SyntaxError/);
  });
});
