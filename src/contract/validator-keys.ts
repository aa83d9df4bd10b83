import type { Face } from './face.js';
import type { Profile } from './schema.js';

/** The export name of a precompiled validator: a component, or a documented response body. */
export function validatorKey(
  target:
    | { face: Face; profile: Profile; component: string }
    | { face: Face; profile: Profile; operationId: string; status: number },
): string {
  if ('component' in target) return `${target.face}_${target.profile}_component_${target.component}`;
  return `${target.face}_${target.profile}_response_${target.operationId}_${target.status}`;
}
