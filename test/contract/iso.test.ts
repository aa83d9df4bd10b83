import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFromMillis, millisFromIso } from '../../src/contract/iso.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

describe(`fast RFC 3339 helpers (seed ${SEED})`, () => {
  it('write exactly what Date#toISOString writes, years 1900–9999 and the edges', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }), (ms) => {
        expect(isoFromMillis(ms)).toBe(new Date(ms).toISOString());
      }),
      { seed: SEED, numRuns: 5000 },
    );
    for (const ms of [
      0,
      -1,
      951_782_400_000 /* 2000-02-29 */,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(1900, 0, 1),
    ])
      expect(isoFromMillis(ms)).toBe(new Date(ms).toISOString());
  });
  it('read what they write, and any other RFC 3339 form through Date.parse', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31) }), (ms) => {
        expect(millisFromIso(isoFromMillis(ms))).toBe(ms);
      }),
      { seed: SEED, numRuns: 2000 },
    );
    expect(millisFromIso('2026-11-29T18:00:00+08:00')).toBe(Date.parse('2026-11-29T10:00:00Z'));
  });
});
