/**
 * The built-in API set: the seven modules the documents describe, each its contract, generator
 * profile and mock profile. The one place that composes them; the shared layers take whatever
 * set is installed (src/apis/install.ts) and name none of them.
 */
import type { ItemRuleId } from '../contract/rules/index.js';
import type { ItemRule } from '../contract/rules/types.js';
import { completeModule } from '../handlers/module.js';
import type { ApiModule } from '../handlers/profile.js';
import { a2aContract } from './a2a/contract.js';
import { a2aGenerators } from './a2a/generators.js';
import { a2aMock } from './a2a/mock.js';
import { a2aRules } from './a2a/rules.js';
import { arkContract } from './ark/contract.js';
import { arkGenerators } from './ark/generators.js';
import { arkMock } from './ark/mock.js';
import { arkRules } from './ark/rules.js';
import { everrunsContract } from './everruns/contract.js';
import { everrunsGenerators } from './everruns/generators.js';
import { everrunsMock } from './everruns/mock.js';
import { everrunsRules } from './everruns/rules.js';
import { jsonrpcContract } from './jsonrpc/contract.js';
import { jsonrpcGenerators } from './jsonrpc/generators.js';
import { jsonrpcMock } from './jsonrpc/mock.js';
import { jsonrpcRules } from './jsonrpc/rules.js';
import { langgraphContract } from './langgraph/contract.js';
import { langgraphGenerators } from './langgraph/generators.js';
import { langgraphMock } from './langgraph/mock.js';
import { langgraphRules } from './langgraph/rules.js';
import { mcpContract } from './mcp/contract.js';
import { mcpGenerators } from './mcp/generators.js';
import { mcpMock } from './mcp/mock.js';
import { mcpRules } from './mcp/rules.js';
import { praxisContract } from './praxis/contract.js';
import { praxisGenerators } from './praxis/generators.js';
import { praxisMock } from './praxis/mock.js';
import { praxisRules } from './praxis/rules.js';

export const BUILTIN_APIS = {
  praxis: completeModule({ contract: praxisContract, generators: praxisGenerators, mock: praxisMock }),
  everruns: completeModule({ contract: everrunsContract, generators: everrunsGenerators, mock: everrunsMock }),
  ark: completeModule({ contract: arkContract, generators: arkGenerators, mock: arkMock }),
  jsonrpc: { contract: jsonrpcContract, generators: jsonrpcGenerators, mock: jsonrpcMock },
  langgraph: completeModule({ contract: langgraphContract, generators: langgraphGenerators, mock: langgraphMock }),
  a2a: completeModule({ contract: a2aContract, generators: a2aGenerators, mock: a2aMock }),
  mcp: completeModule({ contract: mcpContract, generators: mcpGenerators, mock: mcpMock }),
} as const satisfies Record<string, ApiModule>;

/** The built-in APIs' names, in the order the documents number them. */
export const BUILTIN_API_NAMES = Object.keys(BUILTIN_APIS) as (keyof typeof BUILTIN_APIS)[];
/** The name of a built-in API. */
export type BuiltinApiName = keyof typeof BUILTIN_APIS;

/** The built-in APIs' item rules, with their literal ids. */
export const ITEM_RULES: readonly ItemRule<ItemRuleId>[] = [
  ...praxisRules,
  ...everrunsRules,
  ...arkRules,
  ...jsonrpcRules,
  ...langgraphRules,
  ...a2aRules,
  ...mcpRules,
];
