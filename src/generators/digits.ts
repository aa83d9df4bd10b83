/**
 * Integers as the ids the generators draw write them, from tables of digit pairs: `toString(36)`
 * and `padStart` were a tenth of a Praxis session's time (each id a call into the engine's number
 * printing).
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const PAIRS = Array.from({ length: 36 * 36 }, (_, i) => DIGITS[Math.floor(i / 36)]! + DIGITS[i % 36]!);
const ZEROS = Array.from({ length: 16 }, (_, i) => '0'.repeat(i));
const HEX_PAIRS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** `n.toString(36).padStart(minDigits, '0')` for a safe integer `n` ≥ 0 (and `minDigits` below 16). */
export function base36(n: number, minDigits: number): string {
  let out = '';
  while (n >= 1296) {
    const rest = Math.floor(n / 1296);
    out = PAIRS[n - rest * 1296]! + out;
    n = rest;
  }
  out = (n >= 36 ? PAIRS[n]! : DIGITS[n]!) + out;
  return out.length >= minDigits ? out : ZEROS[minDigits - out.length]! + out;
}

/** `n.toString(16).padStart(8, '0')` for an integer from 0 to 2³² − 1. */
export function hex8(n: number): string {
  return (
    HEX_PAIRS[(n >>> 24) & 255]! + HEX_PAIRS[(n >>> 16) & 255]! + HEX_PAIRS[(n >>> 8) & 255]! + HEX_PAIRS[n & 255]!
  );
}
