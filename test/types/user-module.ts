/**
 * Type test (checked by `tsc -p .` in npm test): a module written outside the package, the shipped
 * jobs example, gets the typed surface of a built-in API from its `ApiTypes` entry: added tasks, faults,
 * operation ids and typed per-test handlers, with no cast; a misspelling is a compile error.
 */

import type { Job, JobsPaths } from 'agent-task-contracts/examples/jobs';
import { validateResponseBody } from '../../src/entries/contract.js';
import { createHandlers } from '../../src/entries/handlers.js';
import type { RemoteMock } from '../../src/entries/node.js';
import { completedTasks, typedApi } from '../../src/kit/index.js';
import { BUILTIN } from '../helpers/apis.js';

const mock = createHandlers({ apiNames: ['jobs'], faults: ['jobs.order-newest-first', 'jobs.exit-code-matches-status:every'] });
// @ts-expect-error a misspelt fault of the example's API
createHandlers({ faults: ['jobs.order-newest-frist'] });
void mock.setFaults(['jobs.finished-at-when-ended']);

// Added tasks are partial jobs; what comes back is jobs.
export const added: Promise<Job[]> = mock.addTasks('jobs', 'ses_a', [{ status: 'running', command: 'make' }]);
// @ts-expect-error a status the jobs API does not document
void mock.addTasks('jobs', 'ses_a', [{ status: 'paused' }]);
// @ts-expect-error a misspelt field
void mock.addTasks('jobs', 'ses_a', [{ stauts: 'running' }]);

declare const control: RemoteMock;
export const remote: Promise<Job[]> = control.addTasks('jobs', 'ses_a', [{ status: 'failed' }]);

// Operation ids come from its spec.
validateResponseBody('jobs', 'listJobs', 200, { jobs: [] });
// @ts-expect-error an operation the jobs spec does not have
validateResponseBody('jobs', 'listTasks', 200, { jobs: [] });

// Typed per-test handlers over its spec's paths, and pages of completed jobs.
export const handler = typedApi<JobsPaths>('jobs').get('/sessions/{session_id}/jobs', ({ response }) =>
  response(200).json({ jobs: completedTasks('jobs', [{ status: 'queued' }], 'ses_a', BUILTIN) }),
);
// @ts-expect-error a path the jobs spec does not have
typedApi<JobsPaths>('jobs').get('/sessions/{session_id}/tasks', ({ response }) => response(200).json({ jobs: [] }));
