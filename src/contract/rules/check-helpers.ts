/** The helpers a rule's check reads objects and says its findings with. */
import type { Finding, JsonObject } from './types.js';

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function has(item: JsonObject, key: string): boolean {
  return Object.hasOwn(item, key);
}

export function finding(path: string, message: string, value?: unknown): Finding[] {
  return [{ path, message, value }];
}

/** What a rule about the order of two times says when `field` comes before `than` (values as JSON). */
export function earlierThan(item: JsonObject, field: string, than: string): string {
  return `${field} ${JSON.stringify(item[field])} is earlier than ${than} ${JSON.stringify(item[than])}`;
}

/** JSON with every object's keys in order: two reads compare equal whatever order a server writes keys in. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
