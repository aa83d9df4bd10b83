/** Hand-written conforming objects, one per API and target, that tests mutate; and an answer that lists them. */
import type { JsonObject } from '../src/contract/index.js';
import type { Exchange } from '../src/contract/laws/index.js';

/** A JSON answer to a request of the given query, as the laws judge it. */
export const exchange = (body: unknown, query: [string, string][] = [], status = 200): Exchange => ({
  url: 'http://127.0.0.1/x',
  query,
  status,
  contentType: 'application/json',
  body,
});

export const praxisTask = (): JsonObject => ({
  id: 'bgt_01',
  kind: 'bash',
  title: 'npm test',
  thread_id: null,
  status: 'running',
  started_at: '2026-11-29T10:00:00Z',
  ended_at: null,
  cancellable: true,
  notified_at: null,
  trigger_count: null,
});

export const praxisSession = (): JsonObject => ({
  id: 'sesn_01',
  agent: {
    id: 'agent_01',
    description: null,
    execution_identity: { type: 'service_account' },
    mcp_servers: [],
    model: { id: 'claude-sonnet-4-5' },
    multiagent: null,
    name: 'demo agent',
    skills: [],
    system: null,
    tools: [],
    type: 'agent',
    version: 1,
  },
  archived_at: null,
  budget: null,
  created_at: '2026-11-29T10:00:00Z',
  deployment_id: null,
  environment_id: 'env_01',
  metadata: {},
  outcome_evaluations: [],
  resources: [],
  stats: {},
  status: 'idle',
  title: null,
  type: 'session',
  updated_at: '2026-11-29T10:00:00Z',
  usage: {},
  vault_ids: [],
});

export const everrunsTask = (): JsonObject => ({
  id: 'task_01',
  session_id: 'demo',
  kind: 'background_tool',
  display_name: 'Build',
  state: 'running',
  created_at: '2026-11-29T10:00:00Z',
  updated_at: '2026-11-29T10:00:01Z',
  attempt: 1,
  input_request: null,
  error: null,
  result_path: null,
  root_session_id: null,
});

export const arkTask = (): JsonObject => ({
  task_id: 'task-01',
  session_id: 'sesn-demo',
  session_thread_id: 'thread-1',
  state: 'running',
  created_at: 1_764_410_400_000,
  started_at: 1_764_410_401_000,
  tool: { name: 'bash' },
});

export const jsonrpcTask = (): JsonObject => ({
  object: 'task',
  id: 'task_01',
  session_id: 'demo',
  user_id: 'user_demo',
  status: 'working',
  created_at: 1_764_410_400,
  output: [],
});

/** An MCP task as the SDK's store lists one (`tasks/list`), completed. */
export const mcpTask = (): JsonObject => ({
  taskId: 'de6f8f5d93eaaacf28cce1f3b6cc401b',
  status: 'completed',
  ttl: 3_600_000,
  createdAt: '2026-11-29T10:00:00.000Z',
  lastUpdatedAt: '2026-11-29T10:00:30.000Z',
  pollInterval: 1_000,
});

export const langgraphRun = (): JsonObject => ({
  run_id: '1ef2c3d4-5a6b-4c7d-8e9f-000000000001',
  thread_id: '0a1b2c3d-0000-4000-8000-00000000de00',
  assistant_id: 'fe096781-5601-53d2-b2f6-0d3403f7e9ca',
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:30.000Z',
  status: 'success',
  metadata: {},
  kwargs: {},
  multitask_strategy: 'reject',
});
