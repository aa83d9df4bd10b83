/**
 * The digits a JSON body wrote for a number too long for a JavaScript number. `JSON.parse` reads
 * `9007199254740993` as `9007199254740992`; a cursor the documents say to pass back unchanged
 * (Ark's `next_cursor`: “原样传入”) must go back as the server wrote it, not as it was rounded.
 */

/** A member whose value is an integer of 16 digits or more: where rounding can start. */
const LONG_NUMBER = /"((?:[^"\\]|\\.)*)"\s*:\s*(-?\d{16,})(?=\s*[,}\]])/g;

/** Each member name a body gives a long integer to, with the integer as written; undefined when none. */
export function longNumbersOf(text: string): [string, string][] | undefined {
  if (!/\d{16}/.test(text)) return undefined;
  const found: [string, string][] = [];
  for (const match of text.matchAll(LONG_NUMBER)) found.push([JSON.parse(`"${match[1]}"`) as string, match[2]!]);
  return found.length > 0 ? found : undefined;
}

/**
 * The text of `value`, read from member `name`: the digits as written where the body gave that
 * member one long integer that reads as `value`, else what String() writes.
 */
export function numberText(value: number, name: string, longNumbers: readonly [string, string][] | undefined): string {
  if (Number.isSafeInteger(value) || longNumbers === undefined) return String(value);
  const written = longNumbers.filter(([key, digits]) => key === name && Number(digits) === value);
  return written.length === 1 ? written[0]![1] : String(value);
}
