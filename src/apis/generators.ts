/** The generator side of every built-in API module: what the generators layer reads. */
import type { GeneratorProfile } from '../generators/profile.js';
import { arkGenerators } from './ark/generators.js';
import { everrunsGenerators } from './everruns/generators.js';
import { jsonrpcGenerators } from './jsonrpc/generators.js';
import { praxisGenerators } from './praxis/generators.js';

export const BUILTIN_GENERATORS: readonly GeneratorProfile[] = [
  praxisGenerators,
  everrunsGenerators,
  arkGenerators,
  jsonrpcGenerators,
];
