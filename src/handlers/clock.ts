/**
 * The mock's one clock: `progression: time` scenarios and the times of tasks the mock changes or
 * seeds read it. It follows `Date.now()` by default, so vitest's fake timers
 * (`vi.useFakeTimers()`, `vi.advanceTimersByTime`) drive it as they drive the rest of a test;
 * tests may also freeze it, move it by hand, or run it faster. Latency is a network delay and
 * never reads it: a frozen clock holds no response.
 */
export type ClockMode = 'real' | 'frozen' | 'scaled';

export interface ClockState {
  mode: ClockMode;
  /** The clock's time, ms since the epoch, and as ISO 8601. */
  now: number;
  iso: string;
  /** How many clock milliseconds pass per real one (1 unless scaled; 0 when frozen). */
  speed: number;
}

/** One change of the clock, as the control API takes it. */
export type ClockChange =
  | { freeze: true | string | number }
  | { advanceMs: number }
  | { speed: number }
  | { real: true };

export class MockClock {
  private mode: ClockMode = 'real';
  /** Clock time at `anchorReal` (frozen: the time itself). */
  private anchorClock = 0;
  private anchorReal = 0;
  private factor = 1;

  /** Whole milliseconds since the epoch (APIs write integer times; a scaled or moved clock never reads a fraction). */
  now(): number {
    if (this.mode === 'real') return Date.now();
    if (this.mode === 'frozen') return Math.floor(this.anchorClock);
    return Math.floor(this.anchorClock + (Date.now() - this.anchorReal) * this.factor);
  }

  /** Stops time (at `at`, or where it is now). */
  freeze(at: number = this.now()): void {
    if (!Number.isFinite(at)) throw new Error(`freeze takes a time in ms since the epoch, got ${at}`);
    this.mode = 'frozen';
    this.anchorClock = at;
  }

  /** Moves time on by `ms` (frozen or scaled clocks; a real clock is frozen first, at now). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`advance takes 0 or more milliseconds, got ${ms}`);
    if (this.mode === 'real') this.freeze();
    this.anchorClock += ms;
  }

  /** Runs at `factor` clock ms per real ms from now (10: a 30 s step takes 3 s). */
  speed(factor: number): void {
    if (!Number.isFinite(factor) || factor <= 0) throw new Error(`speed takes a factor above 0, got ${factor}`);
    const at = this.now();
    this.mode = 'scaled';
    this.factor = factor;
    this.anchorClock = at;
    this.anchorReal = Date.now();
  }

  /** Back to `Date.now()`. */
  real(): void {
    this.mode = 'real';
    this.factor = 1;
  }

  state(): ClockState {
    const now = this.now();
    return {
      mode: this.mode,
      now,
      iso: new Date(now).toISOString(),
      speed: this.mode === 'frozen' ? 0 : this.mode === 'scaled' ? this.factor : 1,
    };
  }
}
