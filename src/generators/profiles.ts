/** The generator profile of every registered API (the package's entry points register the built-in ones). */
import { type ApiName, apiNames, REGISTER_HINT } from '../contract/registry.js';
import { sharedTable } from '../contract/shared-table.js';
import type { GeneratorProfile } from './profile.js';
import type { RuleKit } from './rule-kit.js';

const profiles = sharedTable('generators', () => new Map<string, GeneratorProfile>());

/** Adds the generator profile of an API whose contract is registered; the same object twice is a no-op. */
export function registerGenerators(profile: GeneratorProfile): void {
  const existing = profiles.get(profile.api);
  if (existing === profile) return;
  if (existing) throw new Error(`the API "${profile.api}" already has generators; choose another name`);
  profiles.set(profile.api, profile);
}

export function generatorsOf(api: ApiName): GeneratorProfile {
  const profile = profiles.get(api);
  if (!profile)
    throw new Error(
      `no generators for API "${api}"; the APIs with generators are ${apiNames()
        .filter((f) => profiles.has(f))
        .join(', ')}; ${REGISTER_HINT}`,
    );
  return profile;
}

/** The kit of one item rule of an API. */
export function kitOf(api: ApiName, ruleId: string): RuleKit {
  const kit = generatorsOf(api).kits[ruleId];
  if (!kit) throw new Error(`rule "${ruleId}" of ${api} has no generator kit; add one to its profile's kits`);
  return kit;
}
