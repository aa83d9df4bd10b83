/**
 * Type test (checked by `tsc -p .` in npm test): typed overrides, added tasks and the matcher
 * refuse what the specs do not allow.
 */
import { expect } from 'vitest';
import '../../src/matchers/index.js';
import { demoMock } from '../../src/entries/handlers.js';
import { api, pages } from '../../src/entries/overrides.js';

// A documented path, typed path parameters and a typed body.
api.ark.get('/sessions/{session_id}/tasks', ({ params, response }) =>
  response(200).json({ items: [{ task_id: `task-${params.session_id}`, session_id: 'sesn-x', session_thread_id: 't', state: 'running', created_at: 1, tool: { name: 'bash' } }] }),
);
// @ts-expect-error an undocumented path
api.ark.get('/sessions/{session_id}/task', ({ response }) => response(200).json({ items: [] }));
api.ark.get('/sessions/{session_id}/tasks', ({ response }) =>
  // @ts-expect-error a misspelt field (task_idd)
  response(200).json({ items: [{ task_idd: 'task-1', session_id: 'sesn-x', session_thread_id: 't', state: 'running', created_at: 1, tool: { name: 'bash' } }] }),
);
api.ark.get('/sessions/{session_id}/tasks', ({ response }) =>
  // @ts-expect-error a state Ark does not have
  response(200).json({ items: [{ task_id: 'task-1', session_id: 'sesn-x', session_thread_id: 't', state: 'done', created_at: 1, tool: { name: 'bash' } }] }),
);
// @ts-expect-error the session list has no sesssion_id parameter
api.praxis.get('/v1/sessions', ({ params }) => params.session_id);
api.jsonrpc.get('/tasks', ({ query, response }) => response(200).json(pages.jsonrpc([{ status: 'working' }], `https://x.invalid/?limit=${query.get('limit') ?? 5}`)));
// @ts-expect-error a JSON-RPC status that is an Everruns state
pages.jsonrpc([{ status: 'running' }], 'https://x.invalid/');
// @ts-expect-error 418 is not a documented response of the Ark list
api.ark.get('/sessions/{session_id}/tasks', ({ response }) => response(418).empty());

// addTasks takes partial tasks of the named API.
void demoMock.addTasks('everruns', 'sess', [{ state: 'awaiting_input', kind: 'bash' }]);
// @ts-expect-error not an Everruns state
void demoMock.addTasks('everruns', 'sess', [{ state: 'done' }]);
// @ts-expect-error a misspelt nested field
void demoMock.addTasks('ark', 'sesn-x', [{ tool: { nam: 'bash' } }]);

// The matcher is typed per API.
void expect({ status: 200, body: {} }).toSatisfyContract('praxis', 'listSessions');
// @ts-expect-error Ark has no listSessions
void expect({ status: 200, body: {} }).toSatisfyContract('ark', 'listSessions');
