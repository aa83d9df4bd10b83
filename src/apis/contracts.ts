/** The contract side of every built-in API module: what the contract layer reads. */
import type { ApiContract } from '../contract/api.js';
import { a2aContract } from './a2a/contract.js';
import { arkContract } from './ark/contract.js';
import { everrunsContract } from './everruns/contract.js';
import { jsonrpcContract } from './jsonrpc/contract.js';
import { langgraphContract } from './langgraph/contract.js';
import { mcpContract } from './mcp/contract.js';
import { praxisContract } from './praxis/contract.js';

export const BUILTIN_CONTRACTS: readonly ApiContract[] = [
  praxisContract,
  everrunsContract,
  arkContract,
  jsonrpcContract,
  langgraphContract,
  a2aContract,
  mcpContract,
];

/** The built-in APIs' vendor base URLs (what the handlers intercept unless told another). */
export const VENDOR_BASE_URLS = Object.fromEntries(BUILTIN_CONTRACTS.map((c) => [c.api, c.vendorBaseUrl])) as Readonly<
  Record<'praxis' | 'everruns' | 'ark' | 'jsonrpc' | 'langgraph' | 'a2a' | 'mcp', string>
>;
