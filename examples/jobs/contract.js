// @ts-check
/** The jobs API's contract: its spec, one list operation as data, two item rules and their repairs (jobs.md). */
import { readFileSync } from 'node:fs';
import { epochNumber, finding, isTerminal, millisAfter, parseSpec } from 'agent-task-contracts/kit';

const SPEC = 'jobs.openapi.yaml';
/** The sentences of jobs.md that the contract's data and rules stand on. */
const SAYS = {
  list: 'GET /v1/sessions/{session_id}/jobs lists the jobs an agent session started, newest first, as { "jobs": [...] }.',
  limit: 'limit: jobs per page, 1 to 100, default 20; any other value is refused with 400 invalid_argument.',
  status: 'status: only jobs in this status; a value that is not a status is refused with 400 invalid_argument.',
  pages:
    'page_token: pass the next_page_token of the previous page unchanged; a page without next_page_token is the last.',
  unknown: 'An unknown session returns 404 not_found.',
  lifecycle: 'A job goes queued → running → succeeded, failed or canceled; a queued job may also be canceled.',
  finished: 'finished_at is set exactly when the job has succeeded, failed or been canceled.',
  exitCode: 'exit_code is 0 on a succeeded job, not 0 on a failed job, and null on every other job.',
};
/** @param {keyof typeof SAYS} key which sentence of jobs.md a rule or law comes from */
const says = (key) => ({ file: 'jobs.md', sentence: SAYS[key] });
/** How jobs.md refuses a value. */
const REFUSED = { status: 400, errorType: 'invalid_argument' };

/** @type {import('agent-task-contracts/kit').Lifecycle} */
const lifecycle = {
  api: 'jobs',
  states: ['queued', 'running', 'succeeded', 'failed', 'canceled'],
  terminal: ['succeeded', 'failed', 'canceled'],
  transitions: { queued: ['running', 'canceled'], running: ['succeeded', 'failed', 'canceled'] },
  source: says('lifecycle'),
};

/** @param {unknown} status */
const ended = (status) => isTerminal(lifecycle, String(status));

/** @type {import('agent-task-contracts/kit').ItemRule[]} */
const rules = [
  {
    id: 'jobs.finished-at-when-ended',
    api: 'jobs',
    target: 'task',
    source: says('finished'),
    statement: 'finished_at is a time exactly when the status is succeeded, failed or canceled, null otherwise',
    check: (job) =>
      (job.finished_at !== null) === ended(job.status)
        ? []
        : finding('/finished_at', `a ${job.status} job has finished_at ${job.finished_at}`, job.finished_at),
    // How the generators repair a job to satisfy the rule, and break it; `members`: what the repair reads or sets.
    repair: {
      members: ['status', 'finished_at', 'created_at'],
      repair(job) {
        if (!ended(job.status)) job.finished_at = null;
        else if (typeof job.finished_at !== 'number' || job.finished_at < Number(job.created_at))
          job.finished_at = millisAfter(job.created_at, 1_000);
      },
      break(job) {
        job.finished_at = ended(job.status) ? null : millisAfter(job.created_at, 1_000);
      },
    },
  },
  {
    id: 'jobs.exit-code-matches-status',
    api: 'jobs',
    target: 'task',
    source: says('exitCode'),
    statement: 'exit_code is 0 when succeeded, above 0 when failed, null otherwise',
    check(job) {
      const code = job.exit_code;
      const ok = job.status === 'succeeded' ? code === 0 : job.status === 'failed' ? Number(code) > 0 : code === null;
      return ok ? [] : finding('/exit_code', `a ${job.status} job has exit_code ${code}`, code);
    },
    repair: {
      members: ['status', 'exit_code'],
      repair(job) {
        const failed = Number(job.exit_code) > 0 ? job.exit_code : 1;
        job.exit_code = job.status === 'succeeded' ? 0 : job.status === 'failed' ? failed : null;
      },
      break(job) {
        Object.assign(job, { status: 'succeeded', finished_at: millisAfter(job.created_at, 1_000), exit_code: 2 });
      },
    },
  },
];

// GET /sessions/{session_id}/jobs as data: the mock derives its behaviour from it, the runner its laws.
/** @type {import('agent-task-contracts/kit').ListOperation} */
const listJobs = {
  api: 'jobs',
  operationId: 'listJobs',
  lawPrefix: 'jobs',
  path: '/sessions/{session_id}/jobs',
  target: 'task',
  component: 'Job',
  session: { in: 'path', idPrefix: 'ses_' },
  itemsPointer: '/jobs',
  idField: '/id',
  stateField: '/status',
  lifecycle,
  createdField: '/created_at',
  order: { field: '/created_at', direction: 'newest-first', source: says('list') },
  paging: { kind: 'token', param: 'page_token', responseField: 'next_page_token', source: says('pages') },
  limit: { param: 'limit', default: 20, minimum: 1, maximum: 100, source: says('limit') },
  filters: [{ param: 'status', field: '/status', source: says('status') }],
  sessionField: '/session_id',
  rejected: [
    { ...REFUSED, param: 'limit', law: 'invalid-limit-rejected', values: ['0', '101', 'ten'], source: says('limit') },
    { ...REFUSED, param: 'status', law: 'invalid-status-rejected', values: ['done'], source: says('status') },
  ],
  unknownSession: { status: 404, errorType: 'not_found', source: says('unknown') },
  // Its own error format, as data: the documented code is read at /error/code.
  errorFormat: { name: 'jobs', typePointer: '/error/code' },
  immutableFields: ['/id', '/session_id', '/command', '/created_at'],
  pastEventFields: ['/finished_at'],
  timeFields: ['/created_at', '/finished_at'],
  readTime: epochNumber,
};

/** @type {import('agent-task-contracts/kit').ApiContractInput} */
export const jobsContract = {
  api: 'jobs',
  documents: ['jobs.md'],
  spec: parseSpec(readFileSync(new URL(`./${SPEC}`, import.meta.url), 'utf8'), SPEC),
  specFile: `examples/jobs/${SPEC}`,
  vendorBaseUrl: 'https://api.jobs.invalid/v1',
  operations: [listJobs],
  rules,
};
