/**
 * Retry-After (RFC 9110 §10.2.3) as a wait: `delay-seconds`, or an HTTP-date in any of its three
 * forms (§5.6.7: "A recipient that parses a timestamp value in an HTTP field MUST accept all three
 * HTTP-date formats"). Parsed by hand: `Date.parse` takes far more than HTTP allows (it reads "1.5"
 * as a day of 2001) and reads the zone-less asctime form in local time.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** `Sun, 06 Nov 1994 08:49:37 GMT` */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT` (obsolete) */
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994` (obsolete; UTC, though it does not say so) */
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/** An HTTP-date as ms since the epoch, or undefined when `text` is none of its three forms. */
function httpDate(text: string, now: number): number | undefined {
  const fix = IMF_FIXDATE.exec(text);
  if (fix) return utc(Number(fix[3]), fix[2]!, fix[1]!, fix.slice(4, 7));
  const old = RFC850_DATE.exec(text);
  if (old) return utc(fullYear(Number(old[3]), now), old[2]!, old[1]!, old.slice(4, 7));
  const asc = ASCTIME_DATE.exec(text);
  if (asc) return utc(Number(asc[6]), asc[1]!, asc[2]!, asc.slice(3, 6));
  return undefined;
}

/**
 * How long a Retry-After asks to wait, in ms (0 for a date already past), or undefined when it is
 * neither form. A date is measured from the answer's own `Date` when it has a valid one: both then
 * come from the server's clock, which may differ from this machine's.
 */
export function retryAfterMs(
  value: string | undefined,
  date: string | undefined,
  now = Date.now(),
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = httpDate(text, now);
  if (at === undefined) return undefined;
  const from = date === undefined ? undefined : httpDate(date.trim(), now);
  return Math.max(0, at - (from ?? now));
}

function utc(year: number, month: string, day: string, [hours, minutes, seconds]: string[]): number | undefined {
  const [h, m, s, d] = [Number(hours), Number(minutes), Number(seconds), Number(day)];
  const at = Date.UTC(year, MONTHS.indexOf(month), d, h, m, s);
  // 31 Feb or 25:00 would roll over into another date: not a date at all.
  const back = new Date(at);
  return back.getUTCDate() === d && back.getUTCHours() === h && m < 60 && s < 61 ? at : undefined;
}

/**
 * A two-digit year: "a timestamp that appears to be more than 50 years in the future" is "the most
 * recent year in the past that had the same last two digits" (RFC 9110 §5.6.7).
 */
function fullYear(twoDigits: number, now: number): number {
  const thisYear = new Date(now).getUTCFullYear();
  let year = thisYear - (thisYear % 100) + twoDigits;
  if (year > thisYear + 50) year -= 100;
  return year;
}
