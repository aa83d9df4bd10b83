/** The built-in API set, for tests that call a layer's functions directly (the entries give it by default). */
import { builtinApis } from '../../src/apis/builtin-set.js';

export const BUILTIN = builtinApis();
