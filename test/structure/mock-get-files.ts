/**
 * Prints, as JSON, the files of src/ whose code ran for one mock GET (mock-get.test.ts runs it in a
 * process of its own, as Node loads the sources, so no other test's timers and no test runner's module
 * wrappers count): Ark's page from its cursor, intercepted by MSW, as V8's coverage counts functions run.
 * A first request builds what is made once per API set (the routes, the spec's facts) and is not measured;
 * the measured one asks for a URL not answered before, so no cached answer shortens its path.
 */
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { getResponse } from 'msw';
import { createHandlers } from '../../src/apis/mock-functions.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BASE = 'https://ark.test/api/v3';

const { handlers } = createHandlers({ baseUrl: { ark: BASE } });
const first = await getResponse(handlers, new Request(`${BASE}/sessions/sesn-demo/tasks?limit=3`));
const { next_cursor: cursor } = ((await first?.json()) ?? {}) as { next_cursor?: number };
if (typeof cursor !== 'number') throw new Error(`the demo session's first page has no next_cursor: ${cursor}`);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
// Taking the coverage resets its counts: the next take holds what ran in between.
await session.post('Profiler.takePreciseCoverage');
const page = await getResponse(handlers, new Request(`${BASE}/sessions/sesn-demo/tasks?limit=5&cursor=${cursor}`));
const { result } = await session.post('Profiler.takePreciseCoverage');
session.disconnect();

const files = result
  .filter((script) => script.url.startsWith('file:') && script.functions.some((f) => f.ranges[0]!.count > 0))
  .map((script) => fileURLToPath(script.url))
  .filter((path) => path.startsWith(`${root}src/`))
  .map((path) => path.slice(root.length));
process.stdout.write(JSON.stringify({ status: page?.status, files: [...new Set(files)].sort() }));
