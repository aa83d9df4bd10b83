/**
 * Integers that never repeat within one run of bulk draws, without keeping the values given: a
 * run's i-th value of a range is a keyed permutation of i. A run drawn in blocks (bulk.ts) gives
 * each block a lane of the indices (block b of n takes b, b + n, b + 2n, ...), so that blocks
 * drawn apart, in any order or on other threads, never give one value twice. A set of every id a run gave cost about
 * 0.4 µs an id (hashing and growing a table of some 400,000 strings for 100,000 Praxis sessions),
 * a fifth of the draw.
 */

/** splitmix32's step and finaliser: a 32-bit hash with every input bit reaching every output bit. */
export function mix(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return z ^ (z >>> 15);
}

const TWO_32 = 4_294_967_296;
const ROUNDS = 4;
/** The widest range a sequence takes: its permutation's values must stay exact in a double. */
const MAX_SIZE = 2 ** 52;

/**
 * The values of `min`..`max` one run has given. A value near a bound (`near` of them on each side,
 * where the range is wide enough) comes one draw in `bias`, each at most once, as the biased
 * integers of draw.ts lean there; every other draw takes the next value of a Feistel permutation
 * of the values between, keyed by the run's seed and the range, cycle-walked into the range. Lane
 * `lane` of `lanes` takes every `lanes`-th index of the permutation; only lane 0 gives the near values.
 */
export class DistinctSequence {
  private readonly keys: number[] = [];
  private readonly half: number;
  private readonly mask: number;
  /** How many values lie between the near ones (the whole range when it is too narrow to lean). */
  private readonly size: number;
  private readonly from: number;
  private readonly lean: boolean;
  private given = 0;
  private nearGiven = 0;

  constructor(
    seed: number,
    private readonly min: number,
    private readonly max: number,
    private readonly near = 8,
    private readonly bias = 8,
    private readonly lane = 0,
    private readonly lanes = 1,
  ) {
    const span = max - min + 1;
    this.lean = span > 4 * near && near < 15;
    this.size = this.lean ? span - 2 * (near + 1) : span;
    this.from = this.lean ? min + near + 1 : min;
    if (!(this.size >= 1 && this.size <= MAX_SIZE))
      throw new Error(`distinct draws take a range of 1 to 2^52 integers; ${min}..${max} is not one`);
    let bits = Math.max(2, Math.ceil(Math.log2(this.size)));
    if (bits % 2 === 1) bits++;
    this.half = 2 ** (bits / 2);
    this.mask = this.half - 1;
    let h = mix(seed | 0);
    for (const bound of [min, max]) h = mix(mix(h ^ (bound % TWO_32)) ^ Math.floor(bound / TWO_32));
    for (let i = 0; i < ROUNDS; i++) this.keys.push(mix(h + Math.imul(i + 1, 0x9e3779b9)));
    // The other lanes still draw the lean (their random streams stay alike) and find it taken.
    if (lane !== 0) this.nearGiven = -1;
  }

  /** The next value; `r` is the run's random source (for the lean to the bounds). */
  draw(r: { int(min: number, max: number): number }): number {
    if (this.lean && r.int(0, this.bias - 1) === 0) {
      const side = r.int(0, 1);
      const offset = r.int(0, this.near);
      const bit = 1 << (side * (this.near + 1) + offset);
      if ((this.nearGiven & bit) === 0) {
        this.nearGiven |= bit;
        return side === 0 ? this.min + offset : this.max - offset;
      }
    }
    const index = this.given * this.lanes + this.lane;
    if (index < this.size) {
      this.given++;
      let x = index;
      do x = this.permute(x);
      while (x >= this.size);
      return this.from + x;
    }
    // The values between are all given: the near ones left come last.
    for (let bit = 0; this.lean && bit < 2 * (this.near + 1); bit++)
      if ((this.nearGiven & (1 << bit)) === 0) {
        this.nearGiven |= 1 << bit;
        return bit <= this.near ? this.min + bit : this.max - (bit - this.near - 1);
      }
    throw new Error(
      `distinct draws of ${this.min}..${this.max} ran out: one run drew all ${this.max - this.min + 1} of them` +
        `${this.lanes > 1 ? ` (block ${this.lane + 1} of ${this.lanes} its share)` : ''}; ` +
        'give the distinct draw a wider range',
    );
  }

  /** One pass of the Feistel network over `half`² values. */
  private permute(x: number): number {
    let hi = Math.floor(x / this.half);
    let lo = x - hi * this.half;
    for (const key of this.keys) {
      let f = Math.imul(lo ^ key, 0x85ebca6b);
      f = Math.imul(f ^ (f >>> 13), 0xc2b2ae35);
      f = (f ^ (f >>> 16)) & this.mask;
      // Not a destructuring swap: until V8 optimises this, each one builds an array.
      const next = hi ^ f;
      hi = lo;
      lo = next;
    }
    return hi * this.half + lo;
  }
}
