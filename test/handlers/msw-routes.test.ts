/** The MSW handlers answer only the documented operations; everything else falls through to the app's own handlers. */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../../src/entries/handlers.js';

const ARK = 'https://ark.cn-beijing.volces.com/api/v3';
const unhandled: string[] = [];
// The user's own handlers, registered after the package's.
const server = setupServer(
  ...handlers,
  http.get(`${ARK}/sessions/:session/tasks/:id`, ({ params }) => HttpResponse.json({ task_id: params.id, mine: true })),
  http.post(`${ARK}/sessions/:session/tasks`, () => HttpResponse.json({ created: true }, { status: 201 })),
);
beforeAll(() =>
  server.listen({ onUnhandledRequest: (request) => void unhandled.push(`${request.method} ${request.url}`) }),
);
afterAll(() => server.close());

describe('MSW handlers match only documented operations', () => {
  it('the documented list is answered by the mock', async () => {
    const res = await fetch(`${ARK}/sessions/sesn-demo/tasks?limit=2`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(2);
  });

  it("a user's handler for another endpoint under the same base runs; another method falls through too", async () => {
    expect(await (await fetch(`${ARK}/sessions/sesn-demo/tasks/task-1`)).json()).toEqual({
      task_id: 'task-1',
      mine: true,
    });
    const created = await fetch(`${ARK}/sessions/sesn-demo/tasks`, { method: 'POST', body: '{}' });
    expect(created.status).toBe(201);
    expect(unhandled).toEqual([]);
  });
});
