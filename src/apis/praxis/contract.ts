/** Praxis: what the contract knows of this API (its documents, spec, operations and rules). */
import type { ApiContract } from '../../contract/api.js';
import { praxisSpec } from '../../contract/generated/specs.js';
import * as precompiled from '../../contract/generated/validators.js';
import type { ListOperation, RejectedParam } from '../../contract/operation-types.js';
import { rfc3339Millis } from '../../contract/time.js';
import {
  PRAXIS_SESSIONS_DOCUMENT,
  PRAXIS_TASKS_DOCUMENT,
  praxisRules,
  praxisSessionLifecycle,
  praxisTaskLifecycle,
} from './rules.js';

const P_TASKS = PRAXIS_TASKS_DOCUMENT;
const P_SESSIONS = PRAXIS_SESSIONS_DOCUMENT;

const unsupported = (param: string, values: readonly string[], sentence: string): RejectedParam => ({
  param,
  law: 'unsupported-filter-400',
  values,
  status: 400,
  errorType: 'invalid_request_error',
  source: { file: P_SESSIONS, sentence },
});

const operations: readonly ListOperation[] = [
  {
    api: 'praxis',
    operationId: 'listSessions',
    lawPrefix: 'praxis.sessions',
    path: '/v1/sessions',
    target: 'session',
    component: 'Session',
    session: { in: 'none' },
    itemsPointer: '/data',
    errorShapeStatus: 400,
    idField: '/id',
    idSource: {
      file: P_SESSIONS,
      sentence: 'data[].id: Session id (sesn_...). Pass it as session_id in every session call.',
    },
    stateField: '/status',
    lifecycle: praxisSessionLifecycle,
    createdField: '/created_at',
    order: {
      field: '/created_at',
      direction: 'newest-first',
      source: { file: P_SESSIONS, sentence: 'order: 按创建时间排序：asc 从旧到新，desc 从新到旧（默认）。' },
    },
    paging: {
      kind: 'token',
      param: 'page',
      responseField: 'next_page',
      boundToQuery: { status: 400, errorType: 'invalid_request_error' },
      source: {
        file: P_SESSIONS,
        sentence:
          'Opaque pagination cursor: pass the next_page value of the previous response unchanged. Omit it for the ' +
          'first page. A cursor from a different query or a malformed one returns 400.',
      },
    },
    limit: { param: 'limit', source: { file: P_SESSIONS, sentence: 'limit: Number of items per page.' } },
    filters: [
      {
        param: 'agent_id',
        field: '/agent/id',
        source: {
          file: P_SESSIONS,
          sentence:
            'Return only sessions created with this agent id (from agents.list or agents.create). This is one of ' +
            'the three filters sessions.list supports.',
        },
      },
    ],
    rejected: [
      unsupported(
        'created_at[gt]',
        ['2026-01-01T00:00:00Z'],
        'created_at[gt]: … not supported here; sending it returns 400.',
      ),
      unsupported(
        'created_at[gte]',
        ['2026-01-01T00:00:00Z'],
        'created_at[gte]: … sessions.list honors only limit, page and agent_id, and other filters return 400.',
      ),
      unsupported(
        'created_at[lt]',
        ['2026-01-01T00:00:00Z'],
        'created_at[lt]: … not supported here; sending it returns 400.',
      ),
      unsupported(
        'created_at[lte]',
        ['2026-01-01T00:00:00Z'],
        'created_at[lte]: … sessions.list honors only limit, page and agent_id, and other filters return 400.',
      ),
      unsupported(
        'deployment_id',
        ['depl_0001'],
        'deployment_id: Declared by the Managed Agents shape but not supported by sessions.list; sending it ' +
          'returns 400.',
      ),
      unsupported(
        'include_archived',
        ['true', 'false'],
        'include_archived: Declared by the Managed Agents shape but not supported by sessions.list; sending it ' +
          'returns 400.',
      ),
      unsupported(
        'memory_store_id',
        ['memstore_0001'],
        'memory_store_id: Declared by the Managed Agents shape but not supported by sessions.list; sending it ' +
          'returns 400.',
      ),
      unsupported(
        'order',
        ['asc', 'desc'],
        '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、' +
          'order、statuses 尚不支持，传入返回 400。',
      ),
      unsupported(
        'statuses',
        ['running', 'idle'],
        '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、' +
          'order、statuses 尚不支持，传入返回 400。',
      ),
      unsupported(
        'agent_version',
        ['1'],
        '支持 limit、page 与 agent_id；agent_version、时间范围、deployment_id、memory_store_id、include_archived、' +
          'order、statuses 尚不支持，传入返回 400。',
      ),
    ],
    errorFormat: 'anthropic',
    immutableFields: ['/id', '/created_at'],
    sources: {
      times: {
        file: P_SESSIONS,
        sentence:
          'data[].created_at: A timestamp in RFC 3339 format — data[].updated_at: A timestamp in RFC 3339 format',
      },
      mediaType: { file: P_SESSIONS, sentence: 'HTTP 200 Successful response application/json' },
      // An archived session leaves the list (praxis.session-list-excludes-archived); none comes back.
      list: { file: P_SESSIONS, sentence: '列出会话 … Archived sessions are retrievable by id.' },
    },
    pastEventFields: [],
    timeFields: ['/created_at', '/updated_at'],
    // Not archived_at: an archived session is never listed (praxis.session-list-excludes-archived).
    timeOrder: [
      {
        id: 'praxis.session-updated-not-before-created',
        order: [{ field: '/updated_at', notBefore: ['/created_at'] }],
        statement: 'updated_at is not earlier than created_at: a session is updated after it is created.',
        source: {
          file: P_SESSIONS,
          sentence:
            'data[].created_at: A timestamp in RFC 3339 format — data[].updated_at: A timestamp in RFC 3339 format',
        },
      },
    ],
    // The token counts of the Managed Agents usage shape; a server with other names is not judged.
    // outcome_evaluations counts its entries: an event sent stays sent.
    counters: {
      fields: ['/usage/input_tokens', '/usage/output_tokens', '/usage/cache_read_input_tokens', '/outcome_evaluations'],
      source: {
        file: P_SESSIONS,
        sentence:
          'data[].usage: Cumulative token usage for a session across all turns. — data[].outcome_evaluations: ' +
          'One entry per `define_outcome` event sent to the session.',
      },
    },
    creationSnapshot: {
      // Not environment_id: "the environment recipe the session's sandbox was created from" may
      // change with the sandbox. vault_ids compare as a set: the document gives them no order.
      fields: ['/agent', '/vault_ids', '/deployment_id', '/forked_from/session_id'],
      source: {
        file: P_SESSIONS,
        sentence:
          'data[].agent: Resolved `agent` definition for a `session`. Snapshot of the `agent` at `session` ' +
          'creation time. — data[].vault_ids: Vault IDs attached to the session at creation. — ' +
          'data[].deployment_id: Deployment ID when the session was created from a deployment reference. — ' +
          'data[].forked_from: Praxis extension: source of a forked session; null for other sessions.',
      },
    },
    namesEarlier: {
      law: 'fork-after-source',
      field: '/forked_from/session_id',
      path: '/created_at',
      message: (fork, created, source, sourceCreated) =>
        `session ${fork} (created ${String(created)}) is a fork of ${source}, created later (${String(sourceCreated)})`,
      statement:
        'A fork is created no earlier than the session it was forked from, when the run lists both (in one walk ' +
        'or across walks).',
      unexercised: 'no walk listed a forked session beside its source',
      source: {
        file: P_SESSIONS,
        sentence: 'data[].forked_from: Praxis extension: source of a forked session; null for other sessions.',
      },
    },
    readTime: rfc3339Millis,
  },
  {
    api: 'praxis',
    operationId: 'listBackgroundTasks',
    lawPrefix: 'praxis.background-tasks',
    path: '/v1/sessions/{session_id}/background_tasks',
    target: 'task',
    component: 'BackgroundTask',
    session: { in: 'path', discoveredFrom: { operationId: 'listSessions', field: '/id' }, idPrefix: 'sesn_' },
    itemsPointer: '/data',
    errorShapeStatus: 404,
    idField: '/id',
    idSource: {
      file: P_TASKS,
      sentence:
        'data[].id: Identifier of the object, as returned by the API; pass it in the path of follow-up calls on ' +
        'the same resource.',
    },
    stateField: '/status',
    lifecycle: praxisTaskLifecycle,
    paging: { kind: 'none' },
    filters: [],
    rejected: [],
    unknownSession: {
      status: 404,
      errorType: 'not_found_error',
      source: { file: P_TASKS, sentence: 'Missing or inaccessible sessions return 404.' },
    },
    errorFormat: 'anthropic',
    immutableFields: ['/id', '/kind', '/started_at', '/thread_id'],
    sources: {
      pastEvents: {
        file: P_TASKS,
        sentence: 'data[].ended_at: RFC 3339 time at which the task ended; null while it is running.',
      },
      times: {
        file: P_TASKS,
        sentence:
          'data[].started_at: RFC 3339 time at which the task started. — data[].ended_at: RFC 3339 time at which the ' +
          'task ended; null while it is running. — data[].notified_at: RFC 3339 time of the latest run that the ' +
          "task's notification started; null while no notification has been delivered.",
      },
      mediaType: { file: P_TASKS, sentence: 'HTTP 200 Session background tasks application/json' },
      list: { file: P_TASKS, sentence: 'Returns { data: BackgroundTask[] }.' },
    },
    // No finalContent: no status is documented as not processed further, and notified_at moves after
    // completion (result_pending, then completed once delivered).
    pastEventFields: ['/ended_at'],
    timeFields: ['/started_at', '/ended_at', '/notified_at'],
    // Not notified_at against ended_at: a monitor's matches wake the session while it runs, and
    // what a bash task's notification is, and when, is not said.
    timeOrder: [
      {
        id: 'praxis.task-times-in-order',
        order: [
          { field: '/ended_at', notBefore: ['/started_at'] },
          { field: '/notified_at', notBefore: ['/started_at'] },
        ],
        statement:
          'ended_at and notified_at, when set, are not earlier than started_at: a task ends, and its notification ' +
          'starts a run, after the task started.',
        source: {
          file: P_TASKS,
          sentence:
            'data[].started_at: RFC 3339 time at which the task started. — data[].ended_at: RFC 3339 time at which ' +
            'the task ended; null while it is running. — data[].notified_at: RFC 3339 time of the latest run that ' +
            "the task's notification started",
        },
      },
    ],
    // null while no notification has been delivered: once one has been, never null again.
    timesOnceSet: {
      fields: ['/notified_at'],
      source: {
        file: P_TASKS,
        sentence:
          "notified_at: RFC 3339 time of the latest run that the task's notification started; null while no " +
          'notification has been delivered.',
      },
    },
    counters: {
      fields: ['/trigger_count'],
      source: {
        file: P_TASKS,
        sentence:
          'trigger_count counts admitted monitor event batches, or is null without records and for other kinds.',
      },
    },
    readTime: rfc3339Millis,
  },
];

export const praxisContract: ApiContract = {
  api: 'praxis',
  documents: [P_TASKS, P_SESSIONS],
  spec: praxisSpec,
  specFile: 'specs/praxis.openapi.yaml',
  vendorBaseUrl: 'https://api.praxis.invalid/agent',
  operations,
  rules: praxisRules,
  validators: precompiled as unknown as ApiContract['validators'],
};
