import { describe, expect, it } from 'vitest';
import { DistinctSequence } from '../../src/generators/distinct.js';
import { drawBackend, Rng } from '../../src/generators/draw.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

const drawn = (sequence: DistinctSequence, r: Rng, count: number) =>
  Array.from({ length: count }, () => sequence.draw(r));

describe(`distinct draws (seed ${SEED}; set PROPERTY_SEED to replay)`, () => {
  it('a range of 3,000 integers gives each of them once, then says it ran out', () => {
    const r = new Rng(SEED);
    const sequence = new DistinctSequence(SEED, 1000, 3999);
    const values = drawn(sequence, r, 3000);
    expect(new Set(values).size).toBe(3000);
    expect(Math.min(...values)).toBe(1000);
    expect(Math.max(...values)).toBe(3999);
    expect(() => sequence.draw(r)).toThrow(
      /ran out: one run drew all 3000 of them; give the distinct draw a wider range/,
    );
  });

  it('a wide range: 200,000 values, none twice, each within the range, not in counting order', () => {
    for (const [min, max] of [
      [0, 2 ** 31 - 1],
      [0, 36 ** 10 - 1],
      [5, 2 ** 52 + 4],
    ] as const) {
      const values = drawn(new DistinctSequence(SEED, min, max), new Rng(SEED), 200_000);
      expect(new Set(values).size).toBe(values.length);
      expect(values.every((v) => Number.isSafeInteger(v) && v >= min && v <= max)).toBe(true);
      // A permutation, not a counter: neighbours are far apart.
      const rising = values.slice(1).filter((v, i) => v === values[i]! + 1).length;
      expect(rising).toBeLessThan(10);
    }
  });

  it('the values next to the bounds come early, each at most once, as biased integers lean there', () => {
    const values = drawn(new DistinctSequence(SEED, 0, 2 ** 31 - 1), new Rng(SEED), 2000);
    const near = values.filter((v) => v <= 8 || v >= 2 ** 31 - 9);
    expect(near.length).toBeGreaterThan(5);
    expect(new Set(near).size).toBe(near.length);
  });

  it('the same seed gives the same sequence; another seed another', () => {
    const of = (seed: number) => drawn(new DistinctSequence(seed, 0, 36 ** 10 - 1), new Rng(seed), 100).join();
    expect(of(SEED)).toBe(of(SEED));
    expect(of(SEED)).not.toBe(of(SEED + 1));
  });

  it('lanes (the blocks of one run): no value twice across them, the near values in lane 0 only', () => {
    const lanes = 5;
    const all: number[] = [];
    for (let lane = 0; lane < lanes; lane++) {
      const values = drawn(new DistinctSequence(SEED, 0, 2 ** 31 - 1, 8, 8, lane, lanes), new Rng(SEED, lane), 5000);
      const near = values.filter((v) => v <= 8 || v >= 2 ** 31 - 9);
      if (lane === 0) expect(near.length).toBeGreaterThan(5);
      else expect(near).toEqual([]);
      all.push(...values);
    }
    expect(new Set(all).size).toBe(all.length);
    // Lane 0 of one lane is the run as it was drawn before lanes.
    const whole = (lane: number, of: number) =>
      drawn(new DistinctSequence(SEED, 0, 36 ** 10 - 1, 8, 8, lane, of), new Rng(SEED), 100).join();
    expect(whole(0, 1)).toBe(drawn(new DistinctSequence(SEED, 0, 36 ** 10 - 1), new Rng(SEED), 100).join());
    expect(whole(0, 2)).not.toBe(whole(0, 1));
    // A lane's share of a narrow range runs out, and says whose share it was.
    // 0..99 leans: 82 values between the near ones, of which lane 1 of 4 takes 1, 5, ..., 81.
    const narrow = new DistinctSequence(SEED, 0, 99, 8, 8, 1, 4);
    expect(new Set(drawn(narrow, new Rng(SEED), 21)).size).toBe(21);
    expect(() => narrow.draw(new Rng(SEED))).toThrow(/ran out: .*\(block 2 of 4 its share\)/);
  });

  it('a range too wide for exact doubles is refused, naming it', () => {
    expect(() => new DistinctSequence(SEED, 0, 2 ** 53)).toThrow('distinct draws take a range of 1 to 2^52 integers');
  });

  it('the bulk backend: one sequence per range and run, shared by every draw of that range', () => {
    const a = drawBackend.distinct(0, 99);
    const b = drawBackend.map(drawBackend.distinct(0, 99), (n: number) => n, { injective: true });
    expect(drawBackend.isDistinct(a) && drawBackend.isDistinct(b)).toBe(true);
    expect(drawBackend.isDistinct(drawBackend.map(a, (n: number) => n % 2))).toBe(false);
    expect(drawBackend.isDistinct(drawBackend.tuple([a, drawBackend.uniform(0, 9)]))).toBe(true);
    const r = new Rng(SEED);
    const values = Array.from({ length: 50 }, () => [a(r), b(r)]).flat();
    expect(new Set(values).size).toBe(100);
    // Another run starts its own sequence.
    expect(() => a(new Rng(SEED))).not.toThrow();
  });
});
