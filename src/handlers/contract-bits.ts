/** The few contract facts the handlers need, read from the spec rather than restated. */
import { SPECS } from '../contract/faces.js';

export type { JsonObject } from '../contract/rules/types.js';

const statusSchema = SPECS.jsonrpc.components?.schemas?.TaskStatus as { enum: string[] };
export const jsonrpcStatuses: readonly string[] = statusSchema.enum;
