import type { JsonObject } from '../contract/rules/types.js';
import { isoFromMillis, millisFromIso } from './iso.js';

export interface RuleKit {
  repair(item: JsonObject): void;
  break(item: JsonObject): void;
}

/** The largest instant RFC 3339 can write with a four-digit year. */
const MAX_RFC3339_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The largest 13-digit Unix millisecond value. */
const MAX_MILLIS = 9_999_999_999_999;
export const iso = (ms: number) => isoFromMillis(Math.min(ms, MAX_RFC3339_MS));
export const millisAfter = (base: unknown, ms: number) => Math.min(Number(base) + ms, MAX_MILLIS);
export const isoPlus = (value: unknown, ms: number) => {
  const base = typeof value === 'string' ? millisFromIso(value) : Number.NaN;
  return iso((Number.isFinite(base) ? base : Date.UTC(2026, 10, 29)) + ms);
};
export const del = (item: JsonObject, key: string) => {
  delete item[key];
};
