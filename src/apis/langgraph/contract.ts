/** LangGraph: what the contract knows of its thread-runs list (its document, spec, operation and rules). */
import type { ApiContract } from '../../contract/api.js';
import { langgraphSpec } from '../../contract/generated/specs.js';
import * as precompiled from '../../contract/generated/validators.js';
import type { ListOperation } from '../../contract/operation-types.js';
import { rfc3339Millis } from '../../contract/time.js';
import { LANGGRAPH_DOCUMENT, langgraphLifecycle, langgraphRules } from './rules.js';

const DOC = LANGGRAPH_DOCUMENT;
/** The OpenAPI document's `limit` default (`"default": 10`), the SDK's `limit: int = 10`. */
export const LANGGRAPH_DEFAULT_LIMIT = 10;
const LIMIT = { file: DOC, sentence: 'limit: The maximum number of results to return.' };
const NOT_AN_INTEGER = ['abc'];

const operations: readonly ListOperation[] = [
  {
    api: 'langgraph',
    operationId: 'list_runs_http_threads__thread_id__runs_get',
    lawPrefix: 'langgraph',
    path: '/threads/{thread_id}/runs',
    target: 'task',
    component: 'Run',
    session: { in: 'path', param: 'thread_id' },
    itemsPointer: '',
    idField: '/run_id',
    idSource: { file: DOC, sentence: 'run_id: The ID of the run.' },
    stateField: '/status',
    lifecycle: langgraphLifecycle,
    // No order: the document names none (the server lists runs oldest first, undocumented).
    paging: {
      kind: 'offset',
      param: 'offset',
      source: { file: DOC, sentence: 'offset: The number of results to skip.' },
    },
    limit: { param: 'limit', default: LANGGRAPH_DEFAULT_LIMIT, source: LIMIT },
    filters: [
      {
        param: 'status',
        field: '/status',
        // The OpenAPI document's enum for this parameter leaves out running, which the SDK's RunStatus (its type)
        // and Run.status list: a server that validates the parameter against that enum refuses it.
        disputed: ['running'],
        source: { file: DOC, sentence: 'status: The status of the run to filter by.' },
      },
    ],
    sessionField: '/thread_id',
    rejected: [
      // "type": "integer" and a 422 "Validation Error": a value that is no integer is not a valid request. The
      // status is not asserted: the document ties its 422 to no parameter.
      {
        param: 'limit',
        law: 'invalid-limit-rejected',
        values: NOT_AN_INTEGER,
        status: '4xx',
        source: {
          file: DOC,
          sentence: '"type": "integer", "title": "Limit", "default": 10 … "description": "Validation Error"',
        },
      },
      {
        param: 'offset',
        law: 'invalid-offset-rejected',
        values: NOT_AN_INTEGER,
        status: '4xx',
        source: {
          file: DOC,
          sentence: '"type": "integer", "title": "Offset", "default": 0 … "description": "Validation Error"',
        },
      },
    ],
    errorFormat: 'unspecified',
    // The ids, the assistant "that was used for this run" and the time it was created are the run's own.
    immutableFields: ['/run_id', '/thread_id', '/assistant_id', '/created_at'],
    sources: {
      times: {
        file: DOC,
        sentence: 'created_at: The time the run was created. — updated_at: The last time the run was updated.',
      },
      session: { file: DOC, sentence: 'thread_id: The ID of the thread.' },
      list: { file: DOC, sentence: 'List runs for a thread.' },
      mediaType: { file: DOC, sentence: '"200": { "description": "Success", "content": { "application/json"' },
    },
    pastEventFields: [],
    timeFields: ['/created_at', '/updated_at'],
    timeOrder: [
      {
        id: 'langgraph.run-times-in-order',
        order: [{ field: '/updated_at', notBefore: ['/created_at'] }],
        statement: 'updated_at (the last update of the run) is not earlier than created_at (its creation).',
        source: {
          file: DOC,
          sentence: 'created_at: The time the run was created. — updated_at: The last time the run was updated.',
        },
      },
    ],
    readTime: rfc3339Millis,
  },
];

export const langgraphContract: ApiContract = {
  api: 'langgraph',
  documents: [DOC],
  spec: langgraphSpec,
  specFile: 'specs/langgraph.openapi.yaml',
  // Where the official client (@langchain/langgraph-sdk) connects when given no apiUrl.
  vendorBaseUrl: 'http://localhost:8123',
  operations,
  rules: langgraphRules,
  validators: precompiled as unknown as ApiContract['validators'],
};
