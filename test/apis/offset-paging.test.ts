/**
 * A list paged by offset and limit (as LangGraph's runs of a thread): the module says so as data, the
 * mock serves it, `conform` walks it to the end and passes, and catches a server that takes the limit for
 * the end of the page (LangGraph's API server 2.0.0 does) or ignores the offset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { runConformance } from '../../src/entries/conformance.js';
import { type ApiModule, defineApi } from '../../src/kit/index.js';
import { forward, hostile } from '../helpers/hostile.js';
import { jobsContractWith } from '../helpers/jobs-variant.js';
import { startMock } from '../helpers/mock-server.js';

/** The jobs example paged by `offset` (a whole number of jobs to skip) instead of a page token. */
function offsetJobs() {
  const contract = jobsContractWith({
    spec(spec) {
      const get = Object.values(spec.paths)[0]!.get as { parameters: { name: string }[] };
      get.parameters = get.parameters.filter((p) => p.name !== 'page_token');
      get.parameters.push({ name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } } as never);
      delete (spec.components!.schemas!.JobPage as { properties: Record<string, unknown> }).properties.next_page_token;
    },
    // No document of this variant words its paging: the limit's sentence stands for it.
    operation: (op) => ({ ...op, paging: { kind: 'offset', param: 'offset', source: op.limit!.source } }),
  });
  return defineApi({ contract });
}

const MODULES: Record<string, ApiModule> = { ...BUILTIN_APIS, jobs: offsetJobs() };
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ apis: MODULES });
  // 47 jobs: more than two pages at the default limit of 20, the last one short.
  const partials = Array.from({ length: 47 }, (_, i) => ({ status: ['running', 'succeeded', 'failed'][i % 3] }));
  await mock.app.addTasks('jobs', 'ses_offset', partials as never, { seed: 7 });
});
afterAll(() => mock.server.close());

const conform = (baseUrl: string) =>
  runConformance({ api: 'jobs', apis: MODULES, baseUrl, session: 'ses_offset', seed: 3, runs: 20, polls: 1 });

describe('offset paging', () => {
  it('the mock serves the list from the offset asked, and refuses one that is no whole number', async () => {
    const ids = async (query: string) => {
      const answer = await fetch(`${mock.base('jobs')}/sessions/ses_offset/jobs?${query}`);
      return ((await answer.json()) as { jobs: { id: string }[] }).jobs.map((job) => job.id);
    };
    const all = await ids('limit=100');
    expect(all).toHaveLength(47);
    expect(await ids('limit=5&offset=20')).toEqual(all.slice(20, 25));
    expect(await ids('status=failed&limit=3&offset=4')).toEqual((await ids('status=failed&limit=100')).slice(4, 7));
    expect(await ids('offset=45')).toEqual(all.slice(45));
    expect((await fetch(`${mock.base('jobs')}/sessions/ses_offset/jobs?offset=-1`)).status).toBe(400);
  });

  it('conform walks it to the end and passes', async () => {
    const result = await conform(mock.base('jobs'));
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it.each([
    [
      'takes the limit for the end of the page',
      (url: URL) => {
        // The jobs from offset to limit: none once the offset reaches the limit (asked past the last job).
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        if (offset > 0) {
          url.searchParams.set('limit', String(Math.max(1, limit - offset)));
          if (offset >= limit) url.searchParams.set('offset', '1000000');
        }
      },
    ],
    ['ignores the offset', (url: URL) => url.searchParams.delete('offset')],
  ])('conform catches a server that %s, with a walk law', async (_what, change) => {
    const server = await hostile((req, res) => {
      const url = new URL(req.url!, mock.server.url);
      change(url);
      void forward(res, `${mock.server.url}${url.pathname}${url.search}`);
    });
    try {
      const result = await conform(`${server.url}/jobs`);
      expect(result.exitCode).toBe(1);
      const laws = result.violations.map((v) => v.law);
      expect(
        laws.some((law) => /paging|duplicates/.test(law)),
        laws.join(', '),
      ).toBe(true);
    } finally {
      await server.close();
    }
  });
});
