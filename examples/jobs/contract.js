// @ts-check
/** The jobs API's contract: its spec, one list operation as data, two item rules and a lifecycle (jobs.md). */
import { readFileSync } from 'node:fs';
import { compileValidators, epochNumber, finding, isTerminal, parseSpec } from 'agent-task-contracts/kit';

const DOC = 'jobs.md';
const SPEC = 'jobs.openapi.yaml';
/** @param {string} sentence the sentence of jobs.md a rule or law comes from */
const source = (sentence) => ({ file: DOC, sentence });
const LIMIT = 'limit: jobs per page, 1 to 100, default 20; any other value is refused with 400 invalid_argument.';

/** @type {import('agent-task-contracts/kit').Lifecycle} */
export const jobLifecycle = {
  api: 'jobs',
  states: ['queued', 'running', 'succeeded', 'failed', 'canceled'],
  terminal: ['succeeded', 'failed', 'canceled'],
  transitions: { queued: ['running', 'canceled'], running: ['succeeded', 'failed', 'canceled'] },
  source: source('A job goes queued → running → succeeded, failed or canceled; a queued job may also be canceled.'),
};

/** @param {unknown} status */
export const ended = (status) => isTerminal(jobLifecycle, String(status));

/** @type {import('agent-task-contracts/kit').ItemRule[]} */
export const jobRules = [
  {
    id: 'jobs.finished-at-when-ended',
    api: 'jobs',
    target: 'task',
    source: source('finished_at is set exactly when the job has succeeded, failed or been canceled.'),
    statement: 'finished_at is a time exactly when the status is succeeded, failed or canceled, null otherwise',
    check(job) {
      return (job.finished_at !== null) === ended(job.status)
        ? []
        : finding(
            '/finished_at',
            `a ${String(job.status)} job has finished_at ${String(job.finished_at)}`,
            job.finished_at,
          );
    },
  },
  {
    id: 'jobs.exit-code-matches-status',
    api: 'jobs',
    target: 'task',
    source: source('exit_code is 0 on a succeeded job, not 0 on a failed job, and null on every other job.'),
    statement: 'exit_code is 0 when succeeded, above 0 when failed, null otherwise',
    check(job) {
      const code = job.exit_code;
      const ok =
        job.status === 'succeeded'
          ? code === 0
          : job.status === 'failed'
            ? typeof code === 'number' && code > 0
            : code === null;
      return ok ? [] : finding('/exit_code', `a ${String(job.status)} job has exit_code ${String(code)}`, code);
    },
  },
];

/** @type {import('agent-task-contracts/kit').ListOperation} */
export const listJobs = {
  api: 'jobs',
  operationId: 'listJobs',
  lawPrefix: 'jobs',
  path: '/sessions/{session_id}/jobs',
  target: 'task',
  component: 'Job',
  session: { in: 'path', idPrefix: 'ses_' },
  // The envelope is { jobs: [...] }: any JSON pointer says where the items are.
  itemsPointer: '/jobs',
  idField: 'id',
  stateField: 'status',
  lifecycle: jobLifecycle,
  createdAt: (job) => epochNumber(job.created_at),
  order: {
    direction: 'newest-first',
    source: source(
      'GET /v1/sessions/{session_id}/jobs lists the jobs an agent session started, newest first, as { "jobs": [...] }.',
    ),
  },
  paging: {
    kind: 'token',
    param: 'page_token',
    responseField: 'next_page_token',
    source: source(
      'page_token: pass the next_page_token of the previous page unchanged; a page without next_page_token is the last.',
    ),
  },
  limit: { param: 'limit', default: 20, minimum: 1, source: source(LIMIT) },
  filters: [
    {
      param: 'status',
      field: 'status',
      source: source(
        'status: only jobs in this status; a value that is not a status is refused with 400 invalid_argument.',
      ),
    },
  ],
  sessionField: 'session_id',
  rejected: [
    {
      param: 'limit',
      law: 'invalid-limit-rejected',
      values: ['0', '101', 'ten'],
      status: 400,
      errorType: 'invalid_argument',
      source: source(LIMIT),
    },
    {
      param: 'status',
      law: 'invalid-status-rejected',
      values: ['done'],
      status: 400,
      errorType: 'invalid_argument',
      source: source(
        'status: only jobs in this status; a value that is not a status is refused with 400 invalid_argument.',
      ),
    },
  ],
  unknownSession: { status: 404, errorType: 'not_found', source: source('An unknown session returns 404 not_found.') },
  // An error format of its own, as data: the documented code is read at /error/code.
  errorFormat: { name: 'jobs', typePointer: '/error/code' },
  immutableFields: ['id', 'session_id', 'command', 'created_at'],
  pastEventFields: ['finished_at'],
  timeFields: ['created_at', 'finished_at'],
  readTime: epochNumber,
};

/** @type {Record<string, import('agent-task-contracts/kit').ValidateFunction> | undefined} */
let validators;

/** @type {import('agent-task-contracts/kit').ApiContract} */
export const jobsContract = {
  api: 'jobs',
  documents: [DOC],
  spec: parseSpec(readFileSync(new URL(`./${SPEC}`, import.meta.url), 'utf8'), SPEC),
  specFile: `examples/jobs/${SPEC}`,
  vendorBaseUrl: 'https://api.jobs.invalid/v1',
  operations: [listJobs],
  rules: jobRules,
  // Compiled from the spec at first use.
  get validators() {
    validators ??= compileValidators(jobsContract);
    return validators;
  },
};
