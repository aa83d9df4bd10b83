// @ts-check
/** The jobs API's mock profile: the documented behaviour of listJobs, its error bodies and one law fault. */
import { editItems, integer, isProblem, json, single, truncate } from 'agent-task-contracts/kit';
import { jobLifecycle } from './contract.js';

/**
 * An error in the jobs format: { error: { code, message } }.
 * @param {number} status
 * @param {string} message
 */
const error = (status, message) =>
  json(status, {
    error: { code: status === 404 ? 'not_found' : status >= 500 ? 'internal' : 'invalid_argument', message },
  });

/** @type {import('agent-task-contracts/kit').OperationBehaviour} */
const listJobs = (request, context, params) => {
  const session = params.session_id ?? '';
  if (!context.store.hasSession('jobs', session)) return error(404, `no session ${truncate(session)}`);
  const limit = integer(request.query, 'limit', 1, 100);
  if (isProblem(limit)) return error(400, limit.message);
  const status = single(request.query, 'status');
  if (isProblem(status)) return error(400, status.message);
  if (status !== undefined && !jobLifecycle.states.includes(status))
    return error(400, `status ${truncate(status)} is not one of ${jobLifecycle.states.join(', ')}`);
  const token = single(request.query, 'page_token');
  if (isProblem(token)) return error(400, token.message);
  // The token is `p<seq>` of the last job returned: stable while jobs are added.
  const seq = token === undefined ? undefined : /^p(\d{1,15})$/.exec(token)?.[1];
  if (token !== undefined && seq === undefined)
    return error(400, `page_token ${truncate(token)} is not a token this API gave`);
  const { entries, more } = context.store.page('jobs', {
    session,
    limit: limit ?? 20,
    ...(status !== undefined ? { states: [status] } : {}),
    ...(seq !== undefined ? { beforeSeq: Number(seq) } : {}),
  });
  const last = entries[entries.length - 1];
  return json(200, {
    jobs: entries.map((entry) => entry.item),
    ...(more && last ? { next_page_token: `p${last.seq}` } : {}),
  });
};

/** @type {import('agent-task-contracts/kit').MockProfile} */
export const jobsMock = {
  api: 'jobs',
  operations: { listJobs },
  errorResponse: (status, message) => error(status, message),
  faults: {
    // What a server that forgot its sort order answers; each item rule is a fault of its own already.
    'jobs.order-newest-first': {
      changes: 'lists each page oldest first',
      response: (response, _sent, _context, op) => editItems(op, response, (jobs) => [...jobs].reverse()),
    },
  },
};
