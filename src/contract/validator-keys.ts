import type { ApiName } from './api-types.js';
import type { SchemaProfile } from './schema.js';

/** The export name of a precompiled validator: a component, or a documented response body. */
export function validatorKey(
  target:
    | { api: ApiName; profile: SchemaProfile; component: string }
    | { api: ApiName; profile: SchemaProfile; operationId: string; status: number },
): string {
  if ('component' in target) return `${target.api}_${target.profile}_component_${target.component}`;
  return `${target.api}_${target.profile}_response_${target.operationId}_${target.status}`;
}
