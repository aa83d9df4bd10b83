/**
 * The bulk backend of the schema walk: plain functions that draw a value from a random source.
 * fast-check's arbitraries carry what shrinking needs (a Value per node, clone checks, mappers),
 * measured at about half of a generated task's time; a list of 100,000 objects needs none of it.
 */
import fc from 'fast-check';
import { DistinctSequence, mix } from './distinct.js';
import type { Backend } from './schema-arbitrary.js';

/**
 * A small fast generator (sfc32, 128 bits of state), started through splitmix32 so that nearby
 * seeds start far apart. `int` is all a draw needs; `random` is fast-check's `Random` over the
 * same stream, for the arbitraries an API's profile gives as overrides. A run drawn in blocks
 * (bulk.ts) gives block `lane` of `lanes` a stream of its own (block 0's is the run's seed's, so a
 * run of one block draws what it drew before blocks) and a lane of each `distinct` range; the
 * permutations behind those are keyed by the run's seed, the same for every block.
 */
export class Rng {
  private readonly s = new Int32Array(4);
  readonly random: fc.Random;
  /** The `distinct` draws of this run (or block) so far, by range. */
  private readonly sequences = new Map<string, DistinctSequence>();

  constructor(
    readonly seed: number,
    readonly lane = 0,
    readonly lanes = 1,
  ) {
    const stream = lane === 0 ? seed : mix(seed ^ mix(Math.imul(lane, 0x85ebca6b)));
    for (let i = 0; i < 4; i++) this.s[i] = mix((stream + Math.imul(i, 0x9e3779b9)) | 0);
    for (let i = 0; i < 12; i++) this.next();
    // fast-check's Random clones its source: this one's clone is itself, so both draw one stream.
    const shared = { clone: () => shared, next: () => this.next(), getState: () => [...this.s] };
    this.random = new fc.Random(shared);
  }

  /** A 32-bit integer. */
  next(): number {
    const s = this.s;
    const t = (((s[0]! + s[1]!) | 0) + s[3]!) | 0;
    s[3] = (s[3]! + 1) | 0;
    s[0] = s[1]! ^ (s[1]! >>> 9);
    s[1] = (s[2]! + (s[2]! << 3)) | 0;
    s[2] = ((s[2]! << 21) | (s[2]! >>> 11)) + t;
    return t;
  }

  /** An integer from `min` to `max` (both included; a range wider than 2³² takes two draws). */
  int(min: number, max: number): number {
    const span = max - min + 1;
    const u = (this.next() >>> 0) / 4_294_967_296;
    if (span <= 4_294_967_296) return min + Math.floor(u * span);
    return min + Math.floor((u + (this.next() >>> 0) / 4_294_967_296 ** 2) * span);
  }

  /** The `distinct` values of `min`..`max` this run has given, one sequence per range. */
  sequence(min: number, max: number): DistinctSequence {
    const key = `${min}:${max}`;
    let sequence = this.sequences.get(key);
    if (sequence === undefined)
      this.sequences.set(
        key,
        (sequence = new DistinctSequence(this.seed, min, max, NEAR, BIAS, this.lane, this.lanes)),
      );
    return sequence;
  }
}

/** Draws one value. */
export type Draw = (r: Rng) => unknown;

/** Draws whose values never repeat within one run (see `Backend.distinct`). */
const distinctDraws = new WeakSet<Draw>();
const tagged = (draw: Draw, distinct: boolean): Draw => {
  if (distinct) distinctDraws.add(draw);
  return draw;
};

/** fast-check's `fc.option` gives null one time in this plus one. */
export const OPTION_FREQ = 5;

/** Wide integer ranges sometimes draw next to their bounds, as fast-check's bias does, one time in this. */
const BIAS = 8;
const NEAR = 8;

/** The keys of fast-check's dictionaries here: one to eight of `a`–`j` and `_`, from one or two draws. */
const KEY_LETTERS = 'abcdefghij_';
export function dictionaryKey(r: Rng): string {
  let key = '';
  for (let k = r.int(1, 8), n = r.int(0, 11 ** 8 - 1); k > 0; k--, n = Math.floor(n / 11)) key += KEY_LETTERS[n % 11];
  return key;
}

/**
 * Printable ASCII (what fast-check's strings hold by default), 8,192 characters from a fixed
 * generator: a long text is a slice of it, one draw instead of one per character.
 */
let asciiPool: string | undefined;
function asciiText(r: Rng, length: number): string {
  if (asciiPool === undefined) {
    const source = new Rng(0x5eed);
    let pool = '';
    while (pool.length < 8192) pool += String.fromCharCode(source.int(0x20, 0x7e));
    asciiPool = pool;
  }
  const from = r.int(0, asciiPool.length - length);
  return asciiPool.slice(from, from + length);
}

/** Objects a constant stands for are copied, so no two drawn values share one. */
function copyOf(value: unknown): Draw {
  if (Array.isArray(value)) return () => value.slice();
  if (value !== null && typeof value === 'object') return () => ({ ...value });
  return () => value;
}

export const drawBackend: Backend<Draw> = {
  constant: copyOf,
  constantFrom(values) {
    const last = values.length - 1;
    return (r) => values[r.int(0, last)];
  },
  uniform: (min, max) => (r) => r.int(min, max),
  distinct(min, max) {
    // The sequence is looked up once per run, not once per value.
    let run: Rng | undefined;
    let sequence: DistinctSequence | undefined;
    return tagged((r) => {
      if (r !== run) [run, sequence] = [r, r.sequence(min, max)];
      return sequence!.draw(r);
    }, true);
  },
  isDistinct: (draw) => distinctDraws.has(draw),
  integer(min, max) {
    if (max - min <= NEAR * 4) return (r) => r.int(min, max);
    return (r) => {
      if (r.int(0, BIAS - 1) !== 0) return r.int(min, max);
      return r.int(0, 1) === 0 ? r.int(min, min + NEAR) : r.int(max - NEAR, max);
    };
  },
  boolean: () => (r) => r.int(0, 1) === 1,
  oneof(options) {
    const draws = options.map((o) => o.arbitrary);
    const limits: number[] = [];
    let total = 0;
    for (const o of options) limits.push((total += o.weight));
    return (r) => {
      const at = r.int(0, total - 1);
      let i = 0;
      while (at >= limits[i]!) i++;
      return draws[i]!(r);
    };
  },
  nullable(value, freq = OPTION_FREQ) {
    return (r) => (r.int(0, freq) === 0 ? null : value(r));
  },
  tuple(items) {
    return tagged(
      (r) => items.map((item) => item(r)),
      items.some((item) => distinctDraws.has(item)),
    );
  },
  array(items, minLength, maxLength) {
    return (r) => {
      const n = r.int(minLength, maxLength);
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) out.push(items(r));
      return out;
    };
  },
  record(model, required) {
    const keys = Object.keys(model);
    const draws = keys.map((k) => model[k]!);
    const optional = keys.map((k) => !required.includes(k));
    return (r) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        // An optional key is absent one time in six, as with fast-check's records.
        if (optional[i] && r.int(0, 5) === 0) continue;
        out[keys[i]!] = draws[i]!(r);
      }
      return out;
    };
  },
  dictionary(value, maxKeys) {
    return (r) => {
      const out: Record<string, unknown> = {};
      for (let n = r.int(0, maxKeys); n > 0; n--) out[dictionaryKey(r)] = value(r);
      return out;
    };
  },
  map: (draw, f, traits) => tagged((r) => f(draw(r) as never), traits?.injective === true && distinctDraws.has(draw)),
  filter(draw, keep) {
    return (r) => {
      for (;;) {
        const value = draw(r);
        if (keep(value as never)) return value;
      }
    };
  },
  longText: (minLength, maxLength) => (r) => asciiText(r, r.int(minLength, Math.min(maxLength, 8192))),
  fromFastCheck: (arbitrary) => (r) => arbitrary.generate(r.random, undefined).value,
};
