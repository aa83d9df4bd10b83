/**
 * A list's documented order is data (`order: { field, direction, ties }`): the mock serves the list in
 * it, `conform` passes on the mock, and a server that breaks it is caught under `order-<direction>`.
 * Two variants of the jobs example: oldest first (LangGraph's runs), and newest first by a nested time
 * with the same times by id descending (A2A's tasks by status.timestamp).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_APIS } from '../../src/apis/index.js';
import { runConformance } from '../../src/entries/conformance.js';
import { type ApiModule, defineApi } from '../../src/kit/index.js';
import { forward, hostile } from '../helpers/hostile.js';
import { jobsContractWith } from '../helpers/jobs-variant.js';
import { startMock } from '../helpers/mock-server.js';

type Job = { id: string; created_at: number; update: { timestamp: number } };
type Mock = Awaited<ReturnType<typeof startMock>>;

const oldestFirst = () =>
  defineApi({
    contract: jobsContractWith({
      operation: (op) => ({ ...op, order: { ...op.order!, direction: 'oldest-first' } }),
    }),
  });

/** Each job gives the time of its last update in an object; the list is newest first by it, ties by id. */
const byNestedTime = () =>
  defineApi({
    contract: jobsContractWith({
      spec(spec) {
        const job = spec.components!.schemas!.Job as { required: string[]; properties: Record<string, unknown> };
        job.properties.update = {
          type: 'object',
          required: ['timestamp'],
          additionalProperties: false,
          properties: { timestamp: { type: 'integer', minimum: 1000000000000, maximum: 9999999999999 } },
        };
        job.required.push('update');
      },
      operation: (op) => ({
        ...op,
        order: {
          field: '/update/timestamp',
          direction: 'newest-first',
          ties: { field: '/id', direction: 'descending' },
          source: op.order!.source,
        },
      }),
    }),
  });

const SESSION = 'ses_order';
const T0 = 1_790_000_000_000;
let oldest: Mock;
let nested: Mock;
beforeAll(async () => {
  [oldest, nested] = await Promise.all([
    startMock({ apis: { ...BUILTIN_APIS, jobs: oldestFirst() } as Record<string, ApiModule> }),
    startMock({ apis: { ...BUILTIN_APIS, jobs: byNestedTime() } as Record<string, ApiModule> }),
  ]);
  const statuses = ['running', 'succeeded', 'failed'];
  await oldest.app.addTasks(
    'jobs',
    SESSION,
    Array.from({ length: 27 }, (_, i) => ({ status: statuses[i % 3] })) as never,
    {
      seed: 4,
    },
  );
  // Six times, five jobs each: many jobs share a time, only their ids order them.
  const partials = Array.from({ length: 30 }, (_, i) => ({
    status: statuses[i % 3],
    update: { timestamp: T0 + (i % 6) * 1000 },
  }));
  await nested.app.addTasks('jobs', SESSION, partials as never, { seed: 5 });
});
afterAll(async () => {
  await Promise.all([oldest.server.close(), nested.server.close()]);
});

async function jobsOf(mock: Mock, query: string): Promise<{ jobs: Job[]; next_page_token?: string }> {
  return (await (await fetch(`${mock.base('jobs')}/sessions/${SESSION}/jobs?${query}`)).json()) as never;
}

/** The list read page by page, at `limit` a page. */
async function walked(mock: Mock, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let token: string | undefined;
  do {
    const page = await jobsOf(mock, `limit=${limit}${token ? `&page_token=${token}` : ''}`);
    ids.push(...page.jobs.map((job) => job.id));
    token = page.next_page_token;
  } while (token);
  return ids;
}

const conform = (apis: ApiModule, baseUrl: string) =>
  runConformance({
    api: 'jobs',
    apis: { ...BUILTIN_APIS, jobs: apis } as Record<string, ApiModule>,
    baseUrl,
    session: SESSION,
    seed: 6,
    runs: 20,
    polls: 1,
  });

/** A proxy before a mock that answers every list page with its jobs put in another order. */
async function reordering(mock: Mock, reorder: (jobs: Job[]) => Job[]) {
  return hostile((req, res) => {
    void forward(res, `${mock.server.url}${req.url}`, (body) => {
      const page = JSON.parse(body) as { jobs?: Job[] };
      return JSON.stringify(Array.isArray(page.jobs) ? { ...page, jobs: reorder(page.jobs) } : page);
    });
  });
}

async function caughtUnder(mock: Mock, module: ApiModule, reorder: (jobs: Job[]) => Job[]) {
  const server = await reordering(mock, reorder);
  try {
    const result = await conform(module, `${server.url}/jobs`);
    return { exitCode: result.exitCode, laws: [...new Set(result.violations.map((v) => v.law))] };
  } finally {
    await server.close();
  }
}

describe('a list oldest first', () => {
  it('is served oldest first, page after page', async () => {
    const { jobs } = await jobsOf(oldest, 'limit=100');
    expect(jobs).toHaveLength(27);
    const times = jobs.map((job) => job.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await walked(oldest, 4)).toEqual(jobs.map((job) => job.id));
  });

  it('conform passes on the mock, and catches a server that lists it newest first under order-oldest-first', async () => {
    const module = oldestFirst();
    const result = await conform(module, oldest.base('jobs'));
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(await caughtUnder(oldest, module, (jobs) => [...jobs].reverse())).toEqual({
      exitCode: 1,
      laws: ['jobs.order-oldest-first'],
    });
  });
});

describe('a list newest first by a nested time, the same times by id descending', () => {
  const key = (job: Job) => `${job.update.timestamp}|${job.id}`;

  it('is served in that order, page after page', async () => {
    const { jobs } = await jobsOf(nested, 'limit=100');
    expect(jobs).toHaveLength(30);
    const keys = jobs.map(key);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(await walked(nested, 7)).toEqual(jobs.map((job) => job.id));
    const failed = (await jobsOf(nested, 'status=failed&limit=100')).jobs;
    expect(failed.map((job) => job.id)).toEqual(
      jobs.filter((job) => failed.some((f) => f.id === job.id)).map((j) => j.id),
    );
  });

  it('conform passes on the mock; a server that breaks ties the other way, or reverses pages, is caught', async () => {
    const module = byNestedTime();
    const result = await conform(module, nested.base('jobs'));
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    const idsAscending = (jobs: Job[]) =>
      [...jobs].sort((a, b) => b.update.timestamp - a.update.timestamp || (a.id < b.id ? -1 : 1));
    expect(await caughtUnder(nested, module, idsAscending)).toEqual({ exitCode: 1, laws: ['jobs.order-newest-first'] });
    expect(await caughtUnder(nested, module, (jobs) => [...jobs].reverse())).toEqual({
      exitCode: 1,
      laws: ['jobs.order-newest-first'],
    });
  });
});
