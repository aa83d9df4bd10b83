/** Instants the generators draw where a schema says only "integer": 2025–2027, or edge values clients mishandle. */
import type { FastCheck } from './profile.js';

const MS_2025 = Date.UTC(2025, 0, 1);
const MS_2027 = Date.UTC(2027, 0, 1);

/** Unix milliseconds; with `edge`, also the first and the last 13-digit values. */
export function plausibleMillis(fc: FastCheck, edge: boolean) {
  const millis = fc.integer({ min: MS_2025, max: MS_2027 });
  return edge ? fc.oneof(millis, fc.constantFrom(1e12, 9_999_999_999_999)) : millis;
}
