/** The built-in APIs' demo sessions (tests and docs/standalone-server.md read them). */
import { ARK_DEMO } from './ark/mock.js';
import { EVERRUNS_DEMO } from './everruns/mock.js';
import { JSONRPC_DEMO } from './jsonrpc/mock.js';
import { LANGGRAPH_DEMO } from './langgraph/mock.js';
import { PRAXIS_DEMO } from './praxis/mock.js';

/** The built-in APIs' demo ids and counts, by API (what docs/standalone-server.md lists). */
export const DEMO = {
  praxis: PRAXIS_DEMO,
  everruns: EVERRUNS_DEMO,
  ark: ARK_DEMO,
  jsonrpc: JSONRPC_DEMO,
  langgraph: LANGGRAPH_DEMO,
} as const;
