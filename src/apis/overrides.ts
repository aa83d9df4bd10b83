/** The built-in APIs' typed overrides: `api.<name>` from each spec's types, `pages.<name>` from each module. */
import type { OpenApiHttpHandlers } from 'openapi-msw';
import { type BaseUrls, typedApi } from '../overrides/index.js';
import type {
  A2APaths,
  ArkPaths,
  EverrunsPaths,
  JsonRpcPaths,
  LangGraphPaths,
  McpPaths,
  PraxisPaths,
} from '../types/index.js';
import { a2aPage } from './a2a/pages.js';
import { arkPage } from './ark/pages.js';
import { builtinApis } from './builtin-set.js';
import { everrunsPage } from './everruns/pages.js';
import { jsonrpcPage } from './jsonrpc/pages.js';
import { langgraphPage } from './langgraph/pages.js';
import { mcpPage } from './mcp/pages.js';
import { praxisSessionsPage, praxisTasksPage } from './praxis/pages.js';

export interface TypedApis {
  praxis: OpenApiHttpHandlers<PraxisPaths>;
  everruns: OpenApiHttpHandlers<EverrunsPaths>;
  ark: OpenApiHttpHandlers<ArkPaths>;
  jsonrpc: OpenApiHttpHandlers<JsonRpcPaths>;
  langgraph: OpenApiHttpHandlers<LangGraphPaths>;
  a2a: OpenApiHttpHandlers<A2APaths>;
  mcp: OpenApiHttpHandlers<McpPaths>;
}

/** Typed `http` objects per API, at the vendors' base URLs or the ones given (as `createHandlers` takes them). */
export function typedApis(given: BaseUrls = {}): TypedApis {
  const options = { apis: builtinApis(), ...given };
  return {
    praxis: typedApi<PraxisPaths>('praxis', options),
    everruns: typedApi<EverrunsPaths>('everruns', options),
    ark: typedApi<ArkPaths>('ark', options),
    jsonrpc: typedApi<JsonRpcPaths>('jsonrpc', options),
    langgraph: typedApi<LangGraphPaths>('langgraph', options),
    a2a: typedApi<A2APaths>('a2a', options),
    mcp: typedApi<McpPaths>('mcp', options),
  };
}

/** The seven APIs at their vendors' base URLs (what the default `handlers` mock). */
export const api: TypedApis = typedApis();

/** A list page of partial tasks, completed by the generators, as each API answers the request. */
export const pages = {
  ark: arkPage,
  everruns: everrunsPage,
  jsonrpc: jsonrpcPage,
  langgraph: langgraphPage,
  a2a: a2aPage,
  mcp: mcpPage,
  praxisBackgroundTasks: praxisTasksPage,
  praxisSessions: praxisSessionsPage,
};
