/** The demo dataset's options, default seed and record shapes (each API's ids and counts are in its module). */
import type { ApiName } from '../contract/registry.js';
import type { JsonObject } from '../contract/rules/types.js';

export interface DatasetOptions {
  seed?: number;
  /** Extra tasks per API spread over filler sessions (for benchmarks); default 0. */
  fillerTasks?: number;
  /** Tasks per filler session; default 100. */
  fillerPerSession?: number;
  /** The demo session of each API named here holds this many tasks (the demo ones first; every state present). */
  sessionTasks?: Partial<Record<ApiName, number>>;
}

export const DEFAULT_SEED = 20261129;

/** The demo objects of a seed, in insertion (creation) order. */
export interface DemoRecords {
  sessions: JsonObject[];
  /** By API: every API with demo data (the built-in ones). */
  tasks: Partial<Record<ApiName, JsonObject[]>>;
}

/** Demo ids number their objects with three digits (`bgt_demo007`). */
export const pad = (n: number) => String(n).padStart(3, '0');
export const isoAt = (ms: number) => new Date(ms).toISOString();

/** Eight hex digits of a 32-bit FNV-1a hash of `text` started from `basis`: demo ids named by their place. */
export function hash8(text: string, basis: number): string {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/**
 * A copy of a JSON object (a demo task to reshape), leaving out the keys `without` names: nested
 * objects and arrays are copied, except frozen ones, which nobody can change and so are shared;
 * strings are shared. `mock --tasks` makes a million such copies: structuredClone, which copies
 * every string too, took several µs and most of the memory of each.
 */
export function copyJson(value: JsonObject, without: readonly string[] = []): JsonObject {
  const out: JsonObject = {};
  // for…in: a JSON object inherits no enumerable key, and it is the fastest walk of its own.
  for (const key in value) if (without.length === 0 || !without.includes(key)) out[key] = copyValue(value[key]);
  return out;
}

function copyValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  return Array.isArray(value) ? value.map(copyValue) : copyJson(value as JsonObject);
}
