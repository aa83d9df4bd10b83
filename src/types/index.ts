/**
 * The response types of each API, generated from the specs by openapi-typescript
 * (`src/contract/types/*.ts`), under the names an app uses: `import type { ArkTask } from
 * 'agent-task-contracts/types'`. The whole generated `components`, `paths` and `operations` of
 * each API are exported too. Type-only: this entry has no runtime code.
 */

import type {
  components as A2AComponents,
  operations as A2AOperations,
  paths as A2APaths,
} from '../contract/types/a2a.js';
import type {
  components as ArkComponents,
  operations as ArkOperations,
  paths as ArkPaths,
} from '../contract/types/ark.js';
import type {
  components as EverrunsComponents,
  operations as EverrunsOperations,
  paths as EverrunsPaths,
} from '../contract/types/everruns.js';
import type {
  components as JsonRpcComponents,
  operations as JsonRpcOperations,
  paths as JsonRpcPaths,
} from '../contract/types/jsonrpc.js';
import type {
  components as LangGraphComponents,
  operations as LangGraphOperations,
  paths as LangGraphPaths,
} from '../contract/types/langgraph.js';
import type {
  components as McpComponents,
  operations as McpOperations,
  paths as McpPaths,
} from '../contract/types/mcp.js';
import type {
  components as PraxisComponents,
  operations as PraxisOperations,
  paths as PraxisPaths,
} from '../contract/types/praxis.js';

export type {
  A2AComponents,
  A2AOperations,
  A2APaths,
  ArkComponents,
  ArkOperations,
  ArkPaths,
  EverrunsComponents,
  EverrunsOperations,
  EverrunsPaths,
  JsonRpcComponents,
  JsonRpcOperations,
  JsonRpcPaths,
  LangGraphComponents,
  LangGraphOperations,
  LangGraphPaths,
  McpComponents,
  McpOperations,
  McpPaths,
  PraxisComponents,
  PraxisOperations,
  PraxisPaths,
};

// Praxis (000, 004)
export type PraxisBackgroundTask = PraxisComponents['schemas']['BackgroundTask'];
export type PraxisBackgroundTaskList = PraxisComponents['schemas']['BackgroundTaskList'];
export type PraxisBackgroundTaskStatus = PraxisComponents['schemas']['BackgroundTaskStatus'];
export type PraxisSession = PraxisComponents['schemas']['Session'];
export type PraxisSessionList = PraxisComponents['schemas']['SessionList'];
export type PraxisSessionStatus = PraxisComponents['schemas']['SessionStatus'];
export type PraxisError = PraxisComponents['schemas']['ErrorResponse'];

// Everruns (001): the list is a bare array of tasks.
export type EverrunsTask = EverrunsComponents['schemas']['Task'];
export type EverrunsTaskList = EverrunsTask[];
export type EverrunsTaskState = EverrunsComponents['schemas']['TaskState'];

// Ark (002)
export type ArkTask = ArkComponents['schemas']['Task'];
export type ArkTaskPage = ArkComponents['schemas']['TaskPage'];
export type ArkTaskState = ArkComponents['schemas']['TaskState'];
export type ArkErrorCode = ArkComponents['schemas']['ErrorCode'];
/** The project's assumption for Ark's error body (002 documents none). */
export type ArkError = ArkComponents['schemas']['ArkError'];

// JSON-RPC (003)
export type JsonRpcTask = JsonRpcComponents['schemas']['Task'];
export type JsonRpcListTasksResponse = JsonRpcComponents['schemas']['ListTasksResponse'];
export type JsonRpcTaskStatus = JsonRpcComponents['schemas']['TaskStatus'];
export type JsonRpcValidationError = JsonRpcComponents['schemas']['HTTPValidationError'];

// LangGraph (langgraph-runs.md): the list is a bare array of runs.
export type LangGraphRun = LangGraphComponents['schemas']['Run'];
export type LangGraphRunList = LangGraphRun[];
export type LangGraphRunStatus = LangGraphComponents['schemas']['RunStatus'];
// A2A (a2a.md): ListTasks over the HTTP+JSON binding.
export type A2ATask = A2AComponents['schemas']['Task'];
export type A2AListTasksResponse = A2AComponents['schemas']['ListTasksResponse'];
export type A2ATaskState = A2AComponents['schemas']['TaskState'];

// MCP (mcp-tasks.md): the result of a tasks/list call.
export type McpTask = McpComponents['schemas']['Task'];
export type McpListTasksResult = McpComponents['schemas']['ListTasksResult'];
export type McpTaskStatus = McpComponents['schemas']['TaskStatus'];

/** A task of any API, by its name. */
export interface TaskOf {
  praxis: PraxisBackgroundTask;
  everruns: EverrunsTask;
  ark: ArkTask;
  jsonrpc: JsonRpcTask;
  langgraph: LangGraphRun;
  a2a: A2ATask;
  mcp: McpTask;
}

/** A task of an API by name: the generated type for a built-in API, a JSON object for one registered at run time. */
export type TaskFor<F extends string> = F extends keyof TaskOf ? TaskOf[F] : Record<string, unknown>;

/** The session objects of the APIs that list their sessions. */
export interface SessionObjectOf {
  praxis: PraxisSession;
}

/** The documented task states of each API. */
export interface TaskStateOf {
  praxis: PraxisBackgroundTaskStatus;
  everruns: EverrunsTaskState;
  ark: ArkTaskState;
  jsonrpc: JsonRpcTaskStatus;
  a2a: A2ATaskState;
}

/** Any part of an object (nested objects too): what added tasks and typed overrides take. */
export type DeepPartial<T> = T extends readonly (infer E)[]
  ? readonly DeepPartial<E>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
