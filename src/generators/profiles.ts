/** The generator profile of every registered API (the package's entry points register the built-in ones). */
import { type Face, faces, REGISTER_HINT } from '../contract/faces.js';
import { sharedTable } from '../contract/shared-table.js';
import type { GeneratorProfile } from './profile.js';
import type { RuleKit } from './rule-kit.js';

const profiles = sharedTable('generators', () => new Map<string, GeneratorProfile>());

/** Adds the generator profile of an API whose contract is registered; the same object twice is a no-op. */
export function registerGenerators(profile: GeneratorProfile): void {
  const existing = profiles.get(profile.face);
  if (existing === profile) return;
  if (existing) throw new Error(`the API "${profile.face}" already has generators; choose another name`);
  profiles.set(profile.face, profile);
}

export function generatorsOf(face: Face): GeneratorProfile {
  const profile = profiles.get(face);
  if (!profile)
    throw new Error(
      `no generators for API "${face}"; the APIs with generators are ${faces()
        .filter((f) => profiles.has(f))
        .join(', ')}; ${REGISTER_HINT}`,
    );
  return profile;
}

/** The kit of one item rule of an API. */
export function kitOf(face: Face, ruleId: string): RuleKit {
  const kit = generatorsOf(face).kits[ruleId];
  if (!kit) throw new Error(`rule "${ruleId}" of ${face} has no generator kit; add one to its profile's kits`);
  return kit;
}
