/** Literal types for the names users type: operation ids per API (from each API's entry in `ApiTypes`). */
import type { ApiOperationId } from './api-types.js';

/** The operation ids of one API's spec (`listSessions`, `listBackgroundTasks`, `listTasks`). */
export type OperationIdOf<F extends string> = ApiOperationId<F>;
