import type { ApiName } from './api-types.js';
import type { SchemaReading } from './schema.js';

/** The export name of a precompiled validator: a component, or a documented response body. */
export function validatorKey(
  target:
    | { api: ApiName; reading: SchemaReading; component: string }
    | { api: ApiName; reading: SchemaReading; operationId: string; status: number },
): string {
  if ('component' in target) return `${target.api}_${target.reading}_component_${target.component}`;
  return `${target.api}_${target.reading}_response_${target.operationId}_${target.status}`;
}
