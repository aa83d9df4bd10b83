/**
 * The list behaviour a module gets from its contract alone (`defineApi({ contract })`,
 * src/handlers/derived): every paging kind, filters, page sizes, refusals and the unknown session
 * answered as the operation's data says, in the API's own error body.
 */
import jobs from 'agent-task-contracts/examples/jobs';
import { describe, expect, it } from 'vitest';
import { arkContract } from '../../src/apis/ark/contract.js';
import type { ApiContract } from '../../src/contract/api.js';
import type { ListOperation } from '../../src/contract/operation-types.js';
import { MockApp } from '../../src/handlers/app.js';
import { defineApi } from '../../src/kit/define.js';
import { toyContract } from '../fixtures/apis/toy/contract.js';

type Body = Record<string, unknown>;
type Job = { id: string; status: string; created_at: number };
const STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
const jobsContract = jobs.contract;
const listJobs = jobsContract.operations[0]!;

/** A mock of one module made of a contract alone (its rules carry their repairs). */
async function mockOfContract(contract: ApiContract, op?: Partial<ListOperation>) {
  const operations = op ? contract.operations.map((o) => ({ ...o, ...op })) : contract.operations;
  const module = defineApi({ contract: { ...contract, operations } });
  const app = await MockApp.create({ apis: { [contract.api]: module } });
  const get = (path: string, query = '') => {
    const response = app.respond(contract.api, { method: 'GET', path, query: new URLSearchParams(query) });
    return { status: response.status, body: (response.raw ? JSON.parse(response.raw) : response.body) as Body };
  };
  return { app, get };
}

async function jobsMock(op?: Partial<ListOperation>, count = 25) {
  const mock = await mockOfContract(jobsContract, op);
  await mock.app.addTasks(
    'jobs',
    'ses_a',
    Array.from({ length: count }, (_, i) => ({ status: STATUSES[i % 5]! })),
    {
      seed: 1,
    },
  );
  return mock;
}

/** Tasks that are all running (both Ark and the toy have the state). */
const running = (count: number) => Array.from({ length: count }, () => ({ state: 'running' as const }));
const jobsOf = (body: Body) => body.jobs as Job[];
const codeOf = (body: Body) => (body.error as { code?: string } | undefined)?.code;

describe('token paging (the mock’s own token, stable while tasks are added)', () => {
  it('walks the list newest first, a page of the limit at a time, to a page without a token', async () => {
    const { get } = await jobsMock();
    const seen: Job[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const { status, body } = get('/sessions/ses_a/jobs', `limit=10${token ? `&page_token=${token}` : ''}`);
      expect(status).toBe(200);
      seen.push(...jobsOf(body));
      token = body.next_page_token as string | undefined;
      pages++;
    } while (token !== undefined);
    expect(pages).toBe(3);
    expect(new Set(seen.map((job) => job.id)).size).toBe(25);
    const times = seen.map((job) => job.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('continues where it was when tasks are added in front of the walk', async () => {
    const { app, get } = await jobsMock();
    const first = get('/sessions/ses_a/jobs', 'limit=10').body;
    for (const job of await app.addTasks('jobs', 'ses_b', [{ status: 'queued' }, { status: 'running' }], { seed: 2 }))
      await app.store.addTask('jobs', 'ses_a', { ...job, id: `${job.id}x`, session_id: 'ses_a' });
    const second = get('/sessions/ses_a/jobs', `limit=10&page_token=${first.next_page_token}`).body;
    const whole = get('/sessions/ses_a/jobs', 'limit=100').body;
    expect([...jobsOf(first), ...jobsOf(second)].map((job) => job.id)).toEqual(
      jobsOf(whole)
        .slice(2, 22)
        .map((job) => job.id),
    );
  });

  it('refuses a token it did not give, in the API’s error body', async () => {
    const { get } = await jobsMock();
    const refused = get('/sessions/ses_a/jobs', 'page_token=not-a-token');
    expect([refused.status, codeOf(refused.body)]).toEqual([400, 'invalid_argument']);
  });

  it('refuses a token bound to another query where the data binds it (boundToQuery)', async () => {
    const paging = {
      ...listJobs.paging,
      boundToQuery: { status: 409, errorType: 'not_found' },
    } as ListOperation['paging'];
    const { get } = await jobsMock({ paging });
    const token = get('/sessions/ses_a/jobs', 'limit=5').body.next_page_token as string;
    expect(get('/sessions/ses_a/jobs', `limit=5&page_token=${token}`).status).toBe(200);
    const replayed = get('/sessions/ses_a/jobs', `limit=5&status=running&page_token=${token}`);
    expect([replayed.status, codeOf(replayed.body)]).toEqual([409, 'not_found']);
    expect(get('/sessions/ses_a/jobs', `limit=6&page_token=${token}`).status).toBe(409);
  });
});

describe('token paging where the spec writes the token as a number (Ark’s next_cursor)', () => {
  it('gives the creation number of the last item listed, and takes it back', async () => {
    const { app, get } = await mockOfContract(arkContract);
    await app.addTasks('ark', 'sesn-a', running(7), { seed: 5 });
    const first = get('/sessions/sesn-a/tasks', 'limit=5').body;
    expect(typeof first.next_cursor).toBe('number');
    const second = get('/sessions/sesn-a/tasks', `limit=5&cursor=${first.next_cursor}`).body;
    expect([(first.items as unknown[]).length, (second.items as unknown[]).length, second.next_cursor]).toEqual([
      5,
      2,
      undefined,
    ]);
    expect(get('/sessions/sesn-a/tasks', 'cursor=-1').status).toBe(400);
  });
});

describe('page sizes', () => {
  it('serves the default without a limit, and every size within the documented bounds', async () => {
    const { get } = await jobsMock(undefined, 120);
    expect(jobsOf(get('/sessions/ses_a/jobs').body)).toHaveLength(20);
    expect(jobsOf(get('/sessions/ses_a/jobs', 'limit=1').body)).toHaveLength(1);
    expect(jobsOf(get('/sessions/ses_a/jobs', 'limit=100').body)).toHaveLength(100);
  });

  it('refuses a size outside them, or not a number, or given twice, as the rejected data says', async () => {
    const { get } = await jobsMock();
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'limit=1&limit=2']) {
      const refused = get('/sessions/ses_a/jobs', query);
      expect([query, refused.status, codeOf(refused.body)]).toEqual([query, 400, 'invalid_argument']);
    }
  });
});

describe('filters', () => {
  it('lists only the tasks whose field has the value', async () => {
    const { get } = await jobsMock();
    const running = jobsOf(get('/sessions/ses_a/jobs', 'status=running').body);
    expect(running).toHaveLength(5);
    expect(running.every((job) => job.status === 'running')).toBe(true);
  });

  it('refuses a value outside the spec’s enum where a document says so, and matches nothing where none does', async () => {
    const refusing = await jobsMock();
    const refused = refusing.get('/sessions/ses_a/jobs', 'status=done');
    expect([refused.status, codeOf(refused.body)]).toEqual([400, 'invalid_argument']);
    const accepting = await jobsMock({ rejected: listJobs.rejected.filter((r) => r.param !== 'status') });
    const answered = accepting.get('/sessions/ses_a/jobs', 'status=done');
    expect([answered.status, jobsOf(answered.body)]).toEqual([200, []]);
  });

  it('takes comma-separated values where the data says so', async () => {
    const filters = [{ ...listJobs.filters[0]!, commaSeparated: true as const }];
    const { get } = await jobsMock({ filters });
    const statuses = jobsOf(get('/sessions/ses_a/jobs', 'status=running,failed').body).map((job) => job.status);
    expect(statuses).toHaveLength(10);
    expect(new Set(statuses)).toEqual(new Set(['running', 'failed']));
  });
});

describe('refusals the rejected data documents', () => {
  it('refuses any value of a parameter the operation does not read, and a value it lists, by its entry', async () => {
    const unsupported = {
      param: 'order',
      law: 'unsupported-filter-400' as const,
      values: ['asc'],
      status: 409 as const,
    };
    const listed = {
      param: 'status',
      law: 'invalid-status-rejected' as const,
      values: ['running'],
      status: 418 as const,
    };
    const { get } = await jobsMock({
      rejected: [...listJobs.rejected, { ...unsupported, source: listJobs.order!.source }],
    });
    expect(get('/sessions/ses_a/jobs', 'order=desc').status).toBe(409);
    const strict = await jobsMock({ rejected: [{ ...listed, source: listJobs.order!.source }] });
    expect(strict.get('/sessions/ses_a/jobs', 'status=running').status).toBe(418);
    expect(strict.get('/sessions/ses_a/jobs', 'status=failed').status).toBe(200);
  });
});

describe('sessions', () => {
  it('answers an unknown session with the unknownSession data, in the API’s error body', async () => {
    const { get } = await jobsMock();
    const unknown = get('/sessions/ses_nobody/jobs');
    expect([unknown.status, codeOf(unknown.body)]).toEqual([404, 'not_found']);
  });

  it('reads a session from the query, and lists a whole list in one page where the API does not page', async () => {
    const { get } = await jobsMock({
      path: '/jobs',
      session: { in: 'query', param: 'session_id' },
      paging: { kind: 'none' },
    });
    const page = get('/jobs', 'session_id=ses_a&limit=100').body;
    expect(jobsOf(page)).toHaveLength(25);
    expect(page.next_page_token).toBeUndefined();
    expect(get('/jobs', 'session_id=ses_nobody').status).toBe(404);
  });
});

describe('item-id paging (the toy contract: a queue for a session, items at /page/jobs)', async () => {
  const { app, get } = await mockOfContract(toyContract);
  await app.addTasks('toy', 'q-a', running(23), { seed: 3 });
  await app.addTasks('toy', 'q-b', [{ state: 'done' }], { seed: 4 });
  const itemsOf = (body: Body) => (body.page as { jobs: { id: string }[] }).jobs.map((job) => job.id);
  const all = itemsOf(get('/v1/queues/q-a/jobs', 'limit=50').body);

  it('continues after an id (older tasks) and before one (the newer ones nearest it)', () => {
    expect(all).toHaveLength(23);
    expect(itemsOf(get('/v1/queues/q-a/jobs', `after_id=${all[9]}`).body)).toEqual(all.slice(10, 20));
    expect(itemsOf(get('/v1/queues/q-a/jobs', `before_id=${all[15]}&limit=3`).body)).toEqual(all.slice(12, 15));
  });

  it('refuses both at once, and an id of no task of this list, in the error body its spec gives', () => {
    const other = itemsOf(get('/v1/queues/q-b/jobs').body)[0];
    for (const query of [`after_id=${all[1]}&before_id=${all[2]}`, `after_id=${other}`, 'before_id=job_nope']) {
      const refused = get('/v1/queues/q-a/jobs', query);
      expect([query, refused.status, refused.body.problem]).toEqual([
        query,
        400,
        { status: 400, detail: expect.any(String) },
      ]);
    }
    expect(get('/v1/queues/q-nobody/jobs').body).toEqual({ problem: { status: 404, detail: expect.any(String) } });
  });
});
