/** The generator profile of every API of a set: the side of an `ApiSet` the generators read. */
import { type ApiSet, REGISTER_HINT } from '../contract/api-set.js';
import type { ApiName } from '../contract/registry.js';
import type { GeneratorProfile } from './profile.js';

/** The side of an API set the generators read. */
const SIDE = 'generators';

/** Adds the generator profile of an API to a set; the same object twice is a no-op. */
export function registerGenerators(profile: GeneratorProfile, apis: ApiSet): void {
  apis.addSide(SIDE, profile.api, profile, `the API "${profile.api}" already has generators; choose another name`);
}

/** Whether a set holds an API's generator profile (a runner may add a contract alone). */
export function hasGenerators(api: ApiName, apis: ApiSet): boolean {
  return apis.side(SIDE, api) !== undefined;
}

export function generatorsOf(api: ApiName, apis: ApiSet): GeneratorProfile {
  const profile = apis.side<GeneratorProfile>(SIDE, api);
  if (!profile)
    throw new Error(
      `no generators for API "${api}"; the APIs with generators are ${apis.apiNamesWith(SIDE).join(', ')}; ` +
        REGISTER_HINT,
    );
  return profile;
}
