/** One object key as a JSON Pointer token (RFC 6901: `~` and `/` are escaped, `~` first). */
export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The keys a JSON Pointer names, unescaped (`~1` before `~0`, as RFC 6901 says); '' is the whole value. */
export function pointerKeys(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`"${pointer}" is not a JSON pointer: it must be '' or start with /`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value a JSON Pointer names in `value` (objects only: a list's items are never under an array index). */
export function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const key of pointerKeys(pointer)) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A copy of `value` with the value at `pointer` replaced, copying each object on the way (the rest is shared). */
export function withValueAt(value: unknown, pointer: string, replacement: unknown): unknown {
  const [key, ...rest] = pointerKeys(pointer);
  if (key === undefined) return replacement;
  const object = isRecord(value) ? value : {};
  const inner = rest.map((k) => `/${escapePointer(k)}`).join('');
  return { ...object, [key]: withValueAt(object[key], inner, replacement) };
}
