/**
 * Adds the built-in API set to the process's API table, all three sides of each module: what the
 * entry points that mock (handlers, overrides, scenarios, node, browser, playwright, the CLI)
 * import first, before any module of theirs reads the table.
 */
import './install-contracts.js';
import { registerApi } from '../handlers/apis.js';
import { BUILTIN_APIS } from './index.js';

for (const module of Object.values(BUILTIN_APIS)) registerApi(module);
