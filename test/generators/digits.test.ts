import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base36, hex8 } from '../../src/generators/digits.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

describe(`digits (seed ${SEED}; set PROPERTY_SEED to replay)`, () => {
  it('base36 writes what toString(36) and padStart write, for every safe integer and width', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 0, max: 15 }), (n, width) => {
        expect(base36(n, width)).toBe(n.toString(36).padStart(width, '0'));
      }),
      { seed: SEED, numRuns: 5000 },
    );
    for (const n of [0, 35, 36, 1295, 1296, 36 ** 5 - 1, 36 ** 5, 2 ** 31 - 1, 36 ** 10 - 1])
      for (const width of [1, 3, 5, 6, 8, 10]) expect(base36(n, width)).toBe(n.toString(36).padStart(width, '0'));
  });

  it('hex8 writes what toString(16) and padStart(8) write, for every 32-bit unsigned integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (n) => {
        expect(hex8(n)).toBe(n.toString(16).padStart(8, '0'));
      }),
      { seed: SEED, numRuns: 5000 },
    );
    for (const n of [0, 1, 255, 256, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1])
      expect(hex8(n)).toBe(n.toString(16).padStart(8, '0'));
  });
});
