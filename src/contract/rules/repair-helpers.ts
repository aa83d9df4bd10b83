/** The helpers a rule's repair mends and breaks objects with (its times, its members). */

import { isoBefore, isoFromMillis, millisFromIso } from '../iso.js';
import type { JsonObject } from './types.js';

/** The largest instant RFC 3339 can write with a four-digit year. */
const MAX_RFC3339_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The largest 13-digit Unix millisecond value. */
const MAX_MILLIS = 9_999_999_999_999;
const iso = (ms: number) => isoFromMillis(Math.min(ms, MAX_RFC3339_MS));
export const millisAfter = (base: unknown, ms: number) => Math.min(Number(base) + ms, MAX_MILLIS);
export const isoPlus = (value: unknown, ms: number) => {
  const base = typeof value === 'string' ? millisFromIso(value) : Number.NaN;
  return iso((Number.isFinite(base) ? base : Date.UTC(2026, 10, 29)) + ms);
};
export const del = (item: JsonObject, key: string) => {
  delete item[key];
};

/** Repairs "`later` is not earlier than `earlier`" (RFC 3339 fields): an earlier `later` takes `earlier`'s time. */
export function notBefore(item: JsonObject, later: string, earlier: string): void {
  const [a, b] = [item[later], item[earlier]];
  if (typeof a === 'string' && typeof b === 'string' && isoBefore(a, b)) item[later] = b;
}

/**
 * Breaks that order: `later` goes `gapMs` before `earlier` (both take fixed times when `earlier` is
 * unreadable or too early).
 */
export function beforeBy(item: JsonObject, later: string, earlier: string, gapMs: number): void {
  const base = typeof item[earlier] === 'string' ? millisFromIso(item[earlier] as string) : Number.NaN;
  if (Number.isFinite(base) && base >= gapMs) item[later] = iso(base - gapMs);
  else {
    item[earlier] = '2026-11-29T10:00:00.000Z';
    item[later] = iso(Date.UTC(2026, 10, 29, 10) - gapMs);
  }
}
