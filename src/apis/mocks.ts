/** The built-in APIs' demo sessions (tests and docs/standalone-server.md read them). */
import { A2A_DEMO } from './a2a/mock.js';
import { ARK_DEMO } from './ark/mock.js';
import { EVERRUNS_DEMO } from './everruns/mock.js';
import { JSONRPC_DEMO } from './jsonrpc/mock.js';
import { LANGGRAPH_DEMO } from './langgraph/mock.js';
import { MCP_DEMO } from './mcp/mock.js';
import { PRAXIS_DEMO } from './praxis/mock.js';

/** The built-in APIs' demo ids and counts, by API (what docs/standalone-server.md lists). */
export const DEMO = {
  praxis: PRAXIS_DEMO,
  everruns: EVERRUNS_DEMO,
  ark: ARK_DEMO,
  jsonrpc: JSONRPC_DEMO,
  langgraph: LANGGRAPH_DEMO,
  a2a: A2A_DEMO,
  mcp: MCP_DEMO,
} as const;

/**
 * The session a conformance run of each built-in API's demo data is given: the demo session where it
 * is a path segment no operation lists (the runner finds the others itself).
 */
export const DEMO_SESSIONS = {
  praxis: undefined,
  everruns: EVERRUNS_DEMO.session,
  ark: ARK_DEMO.session,
  jsonrpc: undefined,
  langgraph: LANGGRAPH_DEMO.session,
  a2a: undefined,
  mcp: MCP_DEMO.session,
} as const;
