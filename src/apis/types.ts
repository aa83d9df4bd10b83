/**
 * The built-in APIs' entries in `ApiTypes`: what the typed surfaces (seed, faults, scenarios,
 * operation ids) know of each, read from each module's own declarations. Every entry point of the
 * package imports this file, so a program that imports the package sees these seven entries.
 */
import type { FaultIdsOf } from '../contract/api-types.js';
import type {
  A2AOperations,
  A2ATask,
  A2ATaskState,
  ArkOperations,
  ArkTask,
  ArkTaskState,
  EverrunsOperations,
  EverrunsTask,
  EverrunsTaskState,
  JsonRpcOperations,
  JsonRpcTask,
  JsonRpcTaskStatus,
  LangGraphOperations,
  LangGraphRun,
  LangGraphRunStatus,
  McpOperations,
  McpTask,
  McpTaskStatus,
  PraxisBackgroundTask,
  PraxisBackgroundTaskStatus,
  PraxisOperations,
  PraxisSession,
} from '../types/index.js';
import type { A2A_FAULTS } from './a2a/faults.js';
import type { a2aRules } from './a2a/rules.js';
import type { ARK_FAULTS } from './ark/faults.js';
import type { arkRules } from './ark/rules.js';
import type { EVERRUNS_FAULTS } from './everruns/faults.js';
import type { everrunsRules } from './everruns/rules.js';
import type { JSONRPC_FAULTS } from './jsonrpc/faults.js';
import type { jsonrpcRules } from './jsonrpc/rules.js';
import type { LANGGRAPH_FAULTS } from './langgraph/faults.js';
import type { langgraphRules } from './langgraph/rules.js';
import type { MCP_FAULTS } from './mcp/faults.js';
import type { mcpRules } from './mcp/rules.js';
import type { PRAXIS_FAULTS } from './praxis/faults.js';
import type { praxisRules } from './praxis/rules.js';

/** One built-in API's entry, from its generated types and its module's rule list and law faults. */
type Entry<Task, Rules extends readonly { id: string }[], LawFaults, Operations, State> = {
  task: Task;
  rule: Rules[number]['id'];
  fault: FaultIdsOf<Rules[number]['id'], Extract<keyof LawFaults, string>>;
  operation: Extract<keyof Operations, string>;
  state: State;
};

declare module '../contract/api-types.js' {
  interface ApiTypes {
    praxis: Entry<
      PraxisBackgroundTask,
      typeof praxisRules,
      typeof PRAXIS_FAULTS,
      PraxisOperations,
      PraxisBackgroundTaskStatus
    > & { session: PraxisSession };
    everruns: Entry<EverrunsTask, typeof everrunsRules, typeof EVERRUNS_FAULTS, EverrunsOperations, EverrunsTaskState>;
    ark: Entry<ArkTask, typeof arkRules, typeof ARK_FAULTS, ArkOperations, ArkTaskState>;
    jsonrpc: Entry<JsonRpcTask, typeof jsonrpcRules, typeof JSONRPC_FAULTS, JsonRpcOperations, JsonRpcTaskStatus>;
    langgraph: Entry<
      LangGraphRun,
      typeof langgraphRules,
      typeof LANGGRAPH_FAULTS,
      LangGraphOperations,
      LangGraphRunStatus
    >;
    a2a: Entry<A2ATask, typeof a2aRules, typeof A2A_FAULTS, A2AOperations, A2ATaskState>;
    mcp: Entry<McpTask, typeof mcpRules, typeof MCP_FAULTS, McpOperations, McpTaskStatus>;
  }
}
