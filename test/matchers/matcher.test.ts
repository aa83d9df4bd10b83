import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, demoMock } from '../../src/entries/handlers.js';
import { contractMatchers, judgeResponse } from '../../src/entries/matchers.js';
import { pages } from '../../src/entries/overrides.js';

expect.extend(contractMatchers);

const broken = createHandlers({
  baseUrl: { ark: 'https://broken.test/api/v3' },
  faults: ['ark.limit-respected', 'ark.finished-at-only-when-terminal'],
});
const server = setupServer(...demoMock.handlers, ...broken.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('toSatisfyContract', () => {
  it('passes the mock on every API (a fetch Response)', async () => {
    await expect(await fetch('https://api.praxis.invalid/agent/v1/sessions?limit=3')).toSatisfyContract(
      'praxis',
      'listSessions',
    );
    await expect(
      await fetch('https://api.praxis.invalid/agent/v1/sessions/sesn_demo/background_tasks'),
    ).toSatisfyContract('praxis', 'listBackgroundTasks');
    await expect(await fetch('https://app.everruns.com/api/v1/sessions/demo/tasks?state=running')).toSatisfyContract(
      'everruns',
      'listTasks',
    );
    await expect(
      await fetch('https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks?limit=5'),
    ).toSatisfyContract('ark', 'listTasks');
    await expect(await fetch('https://jsonrpc.invalid/tasks?session_id=demo&limit=4')).toSatisfyContract(
      'jsonrpc',
      'listTasks',
    );
    // A documented error answer satisfies the contract too.
    await expect(await fetch('https://jsonrpc.invalid/tasks?limit=0')).toSatisfyContract('jsonrpc', 'listTasks');
  });

  it('fails with each violated rule, its sentence, pointer and value', async () => {
    const res = await fetch('https://broken.test/api/v3/sessions/sesn-demo/tasks?limit=2');
    let message = '';
    try {
      await expect(res).toSatisfyContract('ark', 'listTasks');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('ark listTasks (status 200) breaks the contract');
    expect(message).toMatch(/✗ ark\.limit-respected: .*3 items/);
    expect(message).toMatch(/✗ ark\.finished-at-only-when-terminal: /);
    expect(message).toMatch(/at \/items\/0\/finished_at = \d+/);
    expect(message).toContain('specs/sources/002_975038caf7b7a661.txt: “');
    await expect(await fetch('https://broken.test/api/v3/sessions/sesn-demo/tasks?limit=2')).not.toSatisfyContract(
      'ark',
      'listTasks',
    );
  });

  it('takes { status, body, url }; an undocumented status or a body that is not the documented one fails', async () => {
    await expect({ status: 200, body: { items: [] } }).toSatisfyContract('ark', 'listTasks');
    await expect({ status: 200, body: { items: [], next_cursor: null } }).not.toSatisfyContract('ark', 'listTasks');
    const teapot = await judgeResponse('everruns', 'listTasks', { status: 418, body: {} });
    expect(teapot.map((v) => v.law)).toEqual(['everruns.status-code']);
    // Filters are judged when the URL is given.
    const paused = pages.jsonrpc([{ status: 'paused' }], 'https://x.invalid/tasks');
    expect(
      await judgeResponse('jsonrpc', 'listTasks', {
        status: 200,
        url: 'https://x.invalid/tasks?status=paused',
        body: paused,
      }),
    ).toEqual([]);
    const wrongFilter = await judgeResponse('jsonrpc', 'listTasks', {
      status: 200,
      url: 'https://x.invalid/tasks?status=working',
      body: paused,
    });
    expect(wrongFilter.map((v) => v.law)).toEqual(['jsonrpc.filter-status']);
    await expect('nope').not.toSatisfyContract('ark', 'listTasks');
  });

  it('judges what one page shows: an oldest-first page, and a page that lists the task its cursor names', async () => {
    const page = await (
      await fetch('https://ark.cn-beijing.volces.com/api/v3/sessions/sesn-demo/tasks?limit=5')
    ).json();
    const reversed = { ...page, items: [...page.items].reverse() };
    const oldestFirst = await judgeResponse('ark', 'listTasks', { status: 200, body: reversed });
    expect(new Set(oldestFirst.map((v) => v.law))).toEqual(new Set(['ark.order-newest-first']));
    expect(oldestFirst[0]!.message).toContain('on the same page; the list is newest first');
    await expect({ status: 200, body: reversed }).not.toSatisfyContract('ark', 'listTasks');
    await expect({ status: 200, body: page }).toSatisfyContract('ark', 'listTasks');
    const tasks = pages.jsonrpc([{ status: 'working' }, { status: 'completed' }], 'https://x.invalid/tasks');
    const named = (tasks.result as { id: string }[])[1]!.id;
    for (const cursor of ['starting_after', 'ending_before']) {
      const found = await judgeResponse('jsonrpc', 'listTasks', {
        status: 200,
        url: `https://x.invalid/tasks?${cursor}=${named}`,
        body: tasks,
      });
      expect(found.map((v) => v.law)).toEqual(['jsonrpc.cursor-exclusive']);
    }
    // Every fault one page shows is failed by the matcher too: test/conformance/replay-as-printed.test.ts.
  });
});
