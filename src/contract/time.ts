/** Parses an RFC 3339 timestamp to epoch milliseconds; NaN when it is not one. */
export function rfc3339Millis(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(value)) return Number.NaN;
  return Date.parse(value);
}

/**
 * Whole non-negative numbers below 10¹⁰ are Unix seconds up to 2286-11-20; from 10¹⁰ they are Unix
 * milliseconds from 1970-04-26 on. Each unit's readings are those that are no plausible reading in
 * the other one (a time of 2001 is 12 digits in milliseconds and 9 in seconds: both readings).
 */
const SECONDS_END = 1e10;

/** A Unix-millisecond value, not one that reads as seconds (below 10¹⁰) or microseconds (from 2286 on). */
export function looksLikeUnixMillis(value: number): boolean {
  return Number.isInteger(value) && value >= SECONDS_END && value < 1e13;
}

/** A Unix-second value (up to 2286-11-20), not one that reads as milliseconds (10¹⁰ and up). */
export function looksLikeUnixSeconds(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < SECONDS_END;
}

/**
 * A time written to the second at most: a number that is no Unix-millisecond reading, or RFC 3339
 * without a fraction. Milliseconds, even a whole second's, are a finer unit.
 */
export function inWholeSeconds(value: number | string): boolean {
  return typeof value === 'number' ? !looksLikeUnixMillis(value) : !/:\d\d[.,]\d/.test(value);
}

/** A time written as a number (Unix ms or s, as the API's document says); NaN for anything else. */
export function epochNumber(value: unknown): number {
  return typeof value === 'number' ? value : Number.NaN;
}
