/**
 * RFC 3339 timestamps for generated values, without building Date objects: the generators
 * write and compare millions of them (measured: Date#toISOString and Date.parse were a third of
 * the time of a generated Praxis task).
 */
/** Two- and three-digit fields, written once: the time of day is four lookups. */
const TWO = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));
const THREE = Array.from({ length: 1000 }, (_, n) => `${n}`.padStart(3, '0'));

/** `yyyy-mm-dd` by days since 1970-01-01, each made once (generated times fall on a few hundred days). */
const dayTexts = new Map<number, string>();
const MAX_DAYS_KEPT = 100_000;

function dayText(days: number): string {
  const known = dayTexts.get(days);
  if (known !== undefined) return known;
  // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const y = year < 1000 ? `${year}`.padStart(4, '0') : `${year}`;
  const text = `${y}-${TWO[month]}-${TWO[day]}`;
  if (dayTexts.size < MAX_DAYS_KEPT) dayTexts.set(days, text);
  return text;
}

/** The same string as `new Date(ms).toISOString()` for years 0000–9999. */
export function isoFromMillis(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  let rest = ms - days * 86_400_000;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${dayText(days)}T${TWO[hours]}:${TWO[minutes]}:${TWO[seconds]}.${THREE[millis]}Z`;
}

/** The digits at `at`..`at + n - 1` of `text` as a number, or NaN for a non-digit. */
function digits(text: string, at: number, n: number): number {
  let value = 0;
  for (let i = at; i < at + n; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    value = value * 10 + d;
  }
  return value;
}

/** The `yyyy-mm-ddThh:mm:ss.sssZ` form, checked by its separators (the digits are checked as they are read). */
function isGeneratorForm(text: string): boolean {
  return (
    text.length === 24 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 84 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58 &&
    text.charCodeAt(19) === 46 &&
    text.charCodeAt(23) === 90
  );
}

/** Epoch ms of an RFC 3339 string; the generators' own `…sssZ` form without Date.parse or a RegExp. */
export function millisFromIso(text: string): number {
  if (!isGeneratorForm(text)) return Date.parse(text);
  const ms = Date.UTC(
    digits(text, 0, 4),
    digits(text, 5, 2) - 1,
    digits(text, 8, 2),
    digits(text, 11, 2),
    digits(text, 14, 2),
    digits(text, 17, 2),
    digits(text, 20, 3),
  );
  return Number.isNaN(ms) ? Date.parse(text) : ms;
}

/**
 * Whether RFC 3339 time `a` is earlier than `b`. Two strings of the generators' own form compare
 * as text (same length, same zone: text order is time order), without reading either.
 */
export function isoBefore(a: string, b: string): boolean {
  if (isGeneratorForm(a) && isGeneratorForm(b)) return a < b;
  return millisFromIso(a) < millisFromIso(b);
}
