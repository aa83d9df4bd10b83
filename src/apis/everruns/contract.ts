/** Everruns: what the contract knows of this API (its documents, spec, operations and rules). */
import type { ApiContract } from '../../contract/api.js';
import { everrunsSpec } from '../../contract/generated/specs.js';
import * as precompiled from '../../contract/generated/validators.js';
import type { ListOperation } from '../../contract/operation-types.js';
import { rfc3339Millis } from '../../contract/time.js';
import { EVERRUNS_DOCUMENT, everrunsLifecycle, everrunsRules } from './rules.js';

const EVERRUNS = EVERRUNS_DOCUMENT;
/** What 001 says of a task's times: their types (most have no description). */
const TIMES = {
  file: EVERRUNS,
  sentence:
    'created_at required string format: date-time — started_at string | null format: date-time — ' +
    'finished_at string | null format: date-time — updated_at required string format: date-time — ' +
    'heartbeat_at string | null format: date-time — cancel_requested_at Cooperative cancel intent. A flag, ' +
    'not a state. string | null format: date-time',
};
const INPUT_REQUEST_ID = {
  file: EVERRUNS,
  sentence:
    'input_request: Pending ask while `awaiting_input`; cleared when answered. … id: Stable ID referenced by the ' +
    'answering message’s `in_reply_to`.',
};

const operations: readonly ListOperation[] = [
  {
    api: 'everruns',
    operationId: 'listTasks',
    lawPrefix: 'everruns',
    path: '/v1/sessions/{session_id}/tasks',
    target: 'task',
    component: 'Task',
    session: { in: 'path' },
    itemsPointer: '',
    idField: '/id',
    idSource: { file: EVERRUNS, sentence: 'id: `task_*` public ID.' },
    stateField: '/state',
    lifecycle: everrunsLifecycle,
    paging: { kind: 'none' },
    filters: [
      { param: 'state', field: '/state', source: { file: EVERRUNS, sentence: 'state: Filter by state' } },
      { param: 'kind', field: '/kind', source: { file: EVERRUNS, sentence: 'kind: Filter by kind' } },
    ],
    sessionField: '/session_id',
    rejected: [],
    unknownSession: { status: 404, source: { file: EVERRUNS, sentence: '404 Session not found' } },
    // A task that has started has a transcript, and it lives in the child session; a queued one may
    // not have it yet, and a finished one's session may be gone (the document says neither way).
    sessionLink: {
      field: '/links/child_session_id',
      whileStates: ['running', 'awaiting_input'],
      source: { file: EVERRUNS, sentence: 'Child session, for subagent-shaped tasks. Full transcript lives there.' },
    },
    errorFormat: 'unspecified',
    immutableFields: ['/id', '/kind', '/created_at', '/session_id'],
    sources: {
      pastEvents: { file: EVERRUNS, sentence: 'finished_at string | null format: date-time' },
      times: TIMES,
      session: { file: EVERRUNS, sentence: 'session_id: Owning session.' },
      mediaType: { file: EVERRUNS, sentence: '200 Session tasks Media typeapplication/json' },
      list: { file: EVERRUNS, sentence: 'List background tasks owned by a session.' },
    },
    pastEventFields: ['/finished_at'],
    timeFields: ['/created_at', '/updated_at', '/started_at', '/finished_at', '/cancel_requested_at', '/heartbeat_at'],
    // Not updated_at against the others, nor heartbeat_at against started_at or finished_at: the
    // document gives them no description, so which changes update a task and when a task beats
    // (before its start, after its end, across a re-attach) is not said (001-104, 001-049).
    timeOrder: [
      {
        id: 'everruns.task-times-in-order',
        order: [
          // Times that record something that happened to a task, so not before it was created.
          ...['/updated_at', '/started_at', '/finished_at', '/heartbeat_at', '/cancel_requested_at'].map((field) => ({
            field,
            notBefore: ['/created_at'],
          })),
          { field: '/finished_at', notBefore: ['/started_at'] },
        ],
        statement: 'No time of a task is earlier than its created_at, and finished_at is not earlier than started_at.',
        source: TIMES,
      },
    ],
    counters: {
      fields: ['/attempt'],
      source: { file: EVERRUNS, sentence: 'attempt: Execution attempt, starting at 1. Incremented on re-attach.' },
    },
    // Everruns lists a session's tasks on one page: the page is the whole list.
    samePerSession: {
      law: 'one-root-per-session',
      field: '/root_session_id',
      statement:
        'Every task of one session that gives a root_session_id gives the same one (the root of the owning ' +
        'session’s delegation tree).',
      source: { file: EVERRUNS, sentence: 'root_session_id: Root of the owning session’s delegation tree (EVE-680).' },
    },
    // Terminal is the end of the task's work: what it produced (its artifacts, its result file), the
    // terminal error and its attempt (a re-attach makes it active again) stay as they are. Not
    // summary nor state_detail: the documents do not say when a human-readable outcome or status
    // line is written.
    finalContent: {
      states: ['succeeded', 'failed', 'canceled'],
      fields: ['/artifacts', '/result_path', '/error', '/attempt'],
      // Where the result file lies is not said to be known when the task ends: a path may come later, then stays.
      filledLate: ['/result_path'],
      source: {
        file: EVERRUNS,
        sentence:
          'Three classes: active (`queued`, `running`), interrupted (`awaiting_input`, resumable), terminal ' +
          '(`succeeded`, `failed`, `canceled`). … artifacts: Typed link to something the task produced. … ' +
          'result_path: Machine result in the session VFS … error: Terminal error detail. … attempt: Execution ' +
          'attempt, starting at 1. Incremented on re-attach.',
      },
    },
    // An interrupted task waits for the answer to its ask: what it produces (its artifacts, the progress
    // its tools report) does not grow while the same ask is pending. The ask's id is what the answer
    // names (in_reply_to), so a later ask is another id; a task answered and asked again between two
    // reads shows another ask. Not attempt: a re-attach is no work of the task's. Not result_path: the
    // machine result may be written as the task is interrupted.
    stopsWork: [
      {
        state: 'awaiting_input',
        waitsFor: 'the answer to its pending ask',
        sameWhile: ['/input_request/id', '/input_request/prompt'],
        grows: ['/artifacts', '/progress/current'],
        source: {
          file: EVERRUNS,
          sentence:
            'interrupted (`awaiting_input`, resumable) … input_request: Pending ask while `awaiting_input`; cleared ' +
            'when answered. … id: Stable ID referenced by the answering message’s `in_reply_to`. … artifacts: ' +
            'Typed link to something the task produced. … progress: Structured progress reported by background tools.',
        },
      },
    ],
    // Not links.child_session_id nor links.remote_task_id: whether two tasks may share a child
    // session or wrap one remote task (a retry) is not said.
    // The answering message names the pending ask by this id (in_reply_to), so two pending asks
    // never share one, and one ask keeps it while it waits: the same ask is the one a task still
    // awaiting input shows with the same prompt, not updated since (an answered ask is cleared, and
    // a new one is a change to the task).
    // One ask may gate two tasks (one answer, one in_reply_to): only two different asks may not share an id.
    nestedIds: [
      {
        name: 'input-request-id',
        field: '/input_request/id',
        distinctBy: ['/input_request/prompt', '/input_request/expected'],
        source: INPUT_REQUEST_ID,
      },
    ],
    stableIds: [
      {
        name: 'input-request-id',
        field: '/input_request/id',
        states: ['awaiting_input'],
        sameWhile: ['/updated_at', '/input_request/prompt'],
        source: INPUT_REQUEST_ID,
      },
    ],
    readTime: rfc3339Millis,
  },
];

export const everrunsContract: ApiContract = {
  api: 'everruns',
  documents: [EVERRUNS],
  spec: everrunsSpec,
  specFile: 'specs/everruns.openapi.yaml',
  vendorBaseUrl: 'https://app.everruns.com/api',
  operations,
  rules: everrunsRules,
  validators: precompiled as unknown as ApiContract['validators'],
};
