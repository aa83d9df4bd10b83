/**
 * Adds the built-in APIs' contract and generator sides to the process's API table: what the
 * entry points that judge and generate (contract, generators, matchers, conformance) import
 * first. The mock side is not imported here, so the runner's entries never load the mock.
 */
import { registerContract } from '../contract/registry.js';
import { registerGenerators } from '../generators/profiles.js';
import { BUILTIN_CONTRACTS } from './contracts.js';
import { BUILTIN_GENERATORS } from './generators.js';

for (const contract of BUILTIN_CONTRACTS) registerContract(contract);
for (const profile of BUILTIN_GENERATORS) registerGenerators(profile);
