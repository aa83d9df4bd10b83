/** Instants the generators draw where a schema says only "integer": 2025–2027, or edge values clients mishandle. */
import type { Backend } from './schema-arbitrary.js';

const MS_2025 = Date.UTC(2025, 0, 1);
const MS_2027 = Date.UTC(2027, 0, 1);

/** Unix milliseconds, built with a walk's backend `b`; with `edge`, also the first and the last 13-digit values. */
export function plausibleMillis<A>(b: Backend<A>, edge: boolean): A {
  const millis = b.integer(MS_2025, MS_2027);
  if (!edge) return millis;
  return b.oneof([
    { arbitrary: millis, weight: 1 },
    { arbitrary: b.constantFrom([1e12, 9_999_999_999_999]), weight: 1 },
  ]);
}
