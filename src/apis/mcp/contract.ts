/** MCP: what the contract knows of its `tasks/list` method (its document, spec, operation and handshake). */
import type { ApiContract } from '../../contract/api.js';
import { mcpSpec } from '../../contract/generated/specs.js';
import * as precompiled from '../../contract/generated/validators.js';
import type { Handshake, ListOperation } from '../../contract/operation-types.js';
import { rfc3339Millis } from '../../contract/time.js';
import { MCP_DOCUMENT, mcpLifecycle, mcpRules } from './rules.js';

const DOC = MCP_DOCUMENT;
/** The revision this module follows: what the handshake asks for and the mock answers. */
const MCP_PROTOCOL_VERSION = '2025-11-25';
const INVALID_CURSOR = {
  file: DOC,
  sentence: 'Invalid or nonexistent cursor in `tasks/list`: `-32602` (Invalid params)',
};
const CREATED =
  'Receivers MUST include a `createdAt` [ISO 8601](https://datatracker.ietf.org/doc/html/rfc3339#section-5)';

/**
 * The session of the Streamable HTTP transport: `initialize` opens it and names it in `MCP-Session-Id`, every later
 * request sends it back with `MCP-Protocol-Version`. The refusals' statuses are the document's; their codes
 * (-32000, -32001) are what the SDK's example server answers, which the document does not give: no law judges
 * them, the runner only reads the 404 to open another session.
 */
const MCP_HANDSHAKE: Handshake = {
  call: {
    method: 'initialize',
    params: {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'agent-task-contracts', version: '0.1.0' },
    },
  },
  notification: 'notifications/initialized',
  header: 'Mcp-Session-Id',
  versionHeader: {
    name: 'MCP-Protocol-Version',
    pointer: '/protocolVersion',
    // A date no revision of MCP has: no server supports it.
    rejected: {
      law: 'unsupported-version-rejected',
      values: ['2000-01-01'],
      status: 400,
      source: {
        file: DOC,
        sentence:
          'If the server receives a request with an invalid or unsupported `MCP-Protocol-Version`, it **MUST** ' +
          'respond with `400 Bad Request`.',
      },
    },
  },
  result: {
    protocolVersion: MCP_PROTOCOL_VERSION,
    capabilities: { tasks: { list: {} } },
    serverInfo: { name: 'agent-task-contracts mock', version: '0.1.0' },
  },
  missing: {
    status: 400,
    errorType: '-32000',
    source: {
      file: DOC,
      sentence:
        'Servers that require a session ID SHOULD respond to requests without an `MCP-Session-Id` header ' +
        '(other than initialization) with HTTP 400 Bad Request.',
    },
  },
  unknown: {
    status: 404,
    errorType: '-32001',
    source: {
      file: DOC,
      sentence:
        'The server MAY terminate the session at any time, after which it MUST respond to requests containing ' +
        'that session ID with HTTP 404 Not Found.',
    },
  },
  acceptedStatus: 202,
  source: {
    file: DOC,
    sentence:
      'A server using the Streamable HTTP transport MAY assign a session ID at initialization time, by including ' +
      'it in an `MCP-Session-Id` header on the HTTP response containing the `InitializeResult`.',
  },
};

const operations: readonly ListOperation[] = [
  {
    api: 'mcp',
    operationId: 'tasksList',
    lawPrefix: 'mcp',
    path: '/mcp',
    target: 'task',
    component: 'Task',
    binding: {
      kind: 'json-rpc',
      method: 'tasks/list',
      eventStream: true,
      source: {
        file: DOC,
        sentence:
          'To retrieve a list of tasks, requestors can send a ' +
          '[`tasks/list`](https://modelcontextprotocol.io/specification/2025-11-25/schema#tasks%2Flist) request.',
      },
    },
    session: { in: 'handshake', ...MCP_HANDSHAKE },
    itemsPointer: '/tasks',
    idField: '/taskId',
    idSource: { file: DOC, sentence: 'Task IDs MUST be unique among all tasks controlled by the receiver.' },
    stateField: '/status',
    lifecycle: mcpLifecycle,
    createdField: '/createdAt',
    // No order: the document names none (the SDK lists tasks in the order they were made, undocumented). No page
    // size parameter and no filter either: "Page size is determined by the server".
    paging: {
      kind: 'token',
      param: 'cursor',
      responseField: 'nextCursor',
      // A cursor is a place in the list (the next page starts there: nothing skipped, nothing repeated), and a
      // nextCursor is offered only while tasks remain (a walk ends).
      source: {
        file: DOC,
        sentence:
          'The cursor is an opaque string token, representing a position in the result set — Receivers MUST ' +
          'include a `nextCursor` in the response if more tasks are available.',
      },
    },
    filters: [],
    rejected: [
      // A cursor no page gave: "nonexistent". An empty cursor is not sent: whether it is invalid or none is not said.
      {
        param: 'cursor',
        law: 'invalid-cursor-rejected',
        values: ['no-such-cursor'],
        status: 400,
        errorType: '-32602',
        errorTypeSource: INVALID_CURSOR,
        source: INVALID_CURSOR,
      },
    ],
    errorFormat: 'json-rpc',
    // The id and the creation time are the task's own.
    immutableFields: ['/taskId', '/createdAt'],
    sources: {
      times: {
        file: DOC,
        sentence: `${CREATED} — \`lastUpdatedAt\`: ISO 8601 timestamp when the task status was last updated`,
      },
      list: {
        file: DOC,
        sentence:
          'If a task is retrievable via `tasks/get` for a requestor, it MUST be retrievable via `tasks/list` for ' +
          'that requestor.',
      },
      mediaType: {
        file: DOC,
        sentence:
          'If the input is a JSON-RPC _request_, the server MUST either return `Content-Type: text/event-stream`, ' +
          'to initiate an SSE stream, or `Content-Type: application/json`, to return one JSON object.',
      },
    },
    pastEventFields: [],
    timeFields: ['/createdAt', '/lastUpdatedAt'],
    timeOrder: [
      {
        id: 'mcp.task-times-in-order',
        order: [{ field: '/lastUpdatedAt', notBefore: ['/createdAt'] }],
        statement: 'lastUpdatedAt (the last update of the task) is not earlier than createdAt (its creation).',
        source: {
          file: DOC,
          sentence:
            '`createdAt`: ISO 8601 timestamp when the task was created — `lastUpdatedAt`: ISO 8601 timestamp when ' +
            'the task status was last updated',
        },
      },
    ],
    readTime: rfc3339Millis,
  },
];

export const mcpContract: ApiContract = {
  api: 'mcp',
  documents: [DOC],
  spec: mcpSpec,
  specFile: 'specs/mcp.openapi.yaml',
  // The document names no address: a local server's MCP endpoint, as its example URL ends.
  vendorBaseUrl: 'http://localhost:3000',
  operations,
  rules: mcpRules,
  validators: precompiled as unknown as ApiContract['validators'],
};
