/** Parses an RFC 3339 timestamp to epoch milliseconds; NaN when it is not one. */
export function rfc3339Millis(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(value)) return Number.NaN;
  return Date.parse(value);
}

/**
 * The digits of an RFC 3339 time's fraction past the millisecond, as nanoseconds within it (`.547250130`
 * gives 250130); 0 for none, and for a time that is no text. `rfc3339Millis` stops at the millisecond, where
 * two times of a busy list may still differ (Python writes microseconds, protobuf's Timestamp nanoseconds).
 */
export function subMillisecondNanos(value: unknown): number {
  if (typeof value !== 'string') return 0;
  const fraction = /:\d{2}[.,](\d+)/.exec(value)?.[1] ?? '';
  return Number(fraction.slice(3, 9).padEnd(6, '0'));
}

/**
 * The unit a Unix time reads in: a whole non-negative number below 10¹⁰ is seconds (up to
 * 2286-11-20), from 10¹⁰ milliseconds (from 1970-04-26), from 10¹³ microseconds. Each unit's
 * readings are those that are no plausible reading in the other one: a time of 2001 is 12 digits in
 * milliseconds and 9 in seconds, both read as meant. Undefined for a negative or fractional number.
 */
function epochUnit(value: number): 'seconds' | 'milliseconds' | 'microseconds' | undefined {
  if (!Number.isInteger(value) || value < 0) return undefined;
  return value < 1e10 ? 'seconds' : value < 1e13 ? 'milliseconds' : 'microseconds';
}

/** What a Unix time in the wrong unit reads as, for a message. */
export function readsAs(value: number): string {
  const unit = epochUnit(value);
  return unit === undefined ? 'it is not a whole number from 0' : `it reads as Unix ${unit}`;
}

/** A Unix-millisecond value: not one that reads as seconds or microseconds. */
export const looksLikeUnixMillis = (value: number): boolean => epochUnit(value) === 'milliseconds';

/** A Unix-second value: not one that reads as milliseconds. */
export const looksLikeUnixSeconds = (value: number): boolean => epochUnit(value) === 'seconds';

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
