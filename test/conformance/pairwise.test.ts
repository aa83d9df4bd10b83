import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aloneRows, coveringRows, type Factor, pairsOf } from '../../src/conformance/pairwise.js';

const factorsArb = fc
  .array(fc.integer({ min: 1, max: 6 }), { minLength: 0, maxLength: 5 })
  .map((sizes): Factor<number>[] =>
    sizes.map((n, i) => ({ name: `p${i}`, levels: [undefined, ...Array.from({ length: n - 1 }, (_, k) => k)] })),
  );

describe('coveringRows', () => {
  it('covers every pair of levels of every two parameters, in fewer rows than all combinations', () => {
    fc.assert(
      fc.property(factorsArb, (factors) => {
        const rows = coveringRows(factors);
        const show = (v: number | undefined) => (v === undefined ? '-' : String(v));
        const covered = pairsOf(rows, show);
        for (let i = 0; i < factors.length; i++)
          for (let j = i + 1; j < factors.length; j++)
            // Names p0…p4 sort as their indexes, so factor i comes first in the pair's text.
            for (const a of factors[i]!.levels)
              for (const b of factors[j]!.levels) expect(covered.has(`p${i}=${show(a)} & p${j}=${show(b)}`)).toBe(true);
        const sizes = factors.map((f) => f.levels.length).sort((l, r) => r - l);
        const product = sizes.reduce((p, n) => p * n, 1);
        if (factors.length >= 2) expect(rows.length).toBeGreaterThanOrEqual(sizes[0]! * sizes[1]!);
        if (factors.length > 0) expect(rows.length).toBeLessThanOrEqual(product);
        else expect(rows).toEqual([]);
        for (const row of rows) expect(Object.keys(row).sort()).toEqual(factors.map((f) => f.name).sort());
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic, and one parameter gives one row per level', () => {
    const factors: Factor<string>[] = [
      { name: 'limit', levels: [undefined, '1', '2', '3'] },
      { name: 'state', levels: [undefined, 'running', 'failed,succeeded'] },
      { name: 'kind', levels: [undefined, 'bash'] },
    ];
    expect(coveringRows(factors)).toEqual(coveringRows(factors));
    expect(coveringRows([factors[0]!])).toEqual([{ limit: undefined }, { limit: '1' }, { limit: '2' }, { limit: '3' }]);
    // 4 × 3 is the least any covering array of these can have; greedy reaches it here.
    expect(coveringRows(factors)).toHaveLength(12);
  });

  it('sends each value alone when asked, first, and still covers every pair', () => {
    fc.assert(
      fc.property(factorsArb, (factors) => {
        const alone = aloneRows(factors, factors.slice(1));
        const rows = coveringRows(factors, alone);
        expect(rows.slice(0, alone.length)).toEqual(alone);
        // Each level of every factor but the first, with every other factor not sent.
        for (const factor of factors.slice(1))
          for (const level of factor.levels.filter((l) => l !== undefined))
            expect(
              rows.some((row) => factors.every((f) => row[f.name] === (f === factor ? level : undefined))),
              `${factor.name}=${level} alone`,
            ).toBe(true);
        const show = (v: number | undefined) => (v === undefined ? '-' : String(v));
        expect(pairsOf(rows, show)).toEqual(pairsOf(coveringRows(factors), show));
      }),
      { numRuns: 200 },
    );
  });
});
