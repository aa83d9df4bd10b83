/** Parses an RFC 3339 timestamp to epoch milliseconds; NaN when it is not one. */
export function rfc3339Millis(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(value)) return Number.NaN;
  return Date.parse(value);
}

/** Unix-millisecond values between 2001-09-09 and 2286-11-20: a plausible ms clock reading. */
export function looksLikeUnixMillis(value: number): boolean {
  return Number.isInteger(value) && value >= 1e12 && value < 1e13;
}

/** Unix-second values between 2001-09-09 and 2286-11-20: a plausible seconds clock reading. */
export function looksLikeUnixSeconds(value: number): boolean {
  return Number.isInteger(value) && value >= 1e9 && value < 1e10;
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
