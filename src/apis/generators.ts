/**
 * The built-in API modules' contract and generator sides, by name, and their set: what the entries
 * that judge and generate (contract, generators, matchers, conformance) read. No mock file is
 * imported here, so the runner's entries never load the mock.
 */
import { ApiSet } from '../contract/api-set.js';
import type { GeneratorProfile } from '../generators/profile.js';
import { registerGenerators } from '../generators/profiles.js';
import { a2aGenerators } from './a2a/generators.js';
import { arkGenerators } from './ark/generators.js';
import { BUILTIN_CONTRACTS } from './contracts.js';
import { everrunsGenerators } from './everruns/generators.js';
import { jsonrpcGenerators } from './jsonrpc/generators.js';
import { langgraphGenerators } from './langgraph/generators.js';
import { mcpGenerators } from './mcp/generators.js';
import { praxisGenerators } from './praxis/generators.js';

const BUILTIN_GENERATORS: readonly GeneratorProfile[] = [
  praxisGenerators,
  everrunsGenerators,
  arkGenerators,
  jsonrpcGenerators,
  langgraphGenerators,
  a2aGenerators,
  mcpGenerators,
];

let judged: ApiSet | undefined;

/** The built-in APIs' contracts and generators as one set, made on first use. */
export function builtinJudgedApis(): ApiSet {
  if (!judged) {
    judged = new ApiSet();
    for (const contract of BUILTIN_CONTRACTS) judged.addContract(contract);
    for (const profile of BUILTIN_GENERATORS) registerGenerators(profile, judged);
  }
  return judged;
}
