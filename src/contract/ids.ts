/** Literal types for the names users type: operation ids per API (from the generated spec types). */
import type { BuiltinFace } from './face.js';
import type { operations as ArkOperations } from './types/ark.js';
import type { operations as EverrunsOperations } from './types/everruns.js';
import type { operations as JsonRpcOperations } from './types/jsonrpc.js';
import type { operations as PraxisOperations } from './types/praxis.js';

interface OperationsOf {
  praxis: PraxisOperations;
  everruns: EverrunsOperations;
  ark: ArkOperations;
  jsonrpc: JsonRpcOperations;
}

/** The operation ids of one API's spec (`listSessions`, `listBackgroundTasks`, `listTasks`). */
export type OperationIdOf<F extends string> = F extends BuiltinFace ? Extract<keyof OperationsOf[F], string> : string;
