/** The built-in API set as one value, made on first use: what the package's entry points serve and judge by default. */
import type { ApiSet } from '../contract/api-set.js';
import { apiSetOf } from '../handlers/apis.js';
import { BUILTIN_APIS } from './index.js';

/** All three sides of the built-in modules (`apiSetOf` makes a record's set once). */
export const builtinApis = (): ApiSet => apiSetOf(BUILTIN_APIS);
