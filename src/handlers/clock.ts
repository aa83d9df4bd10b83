/**
 * The mock's one clock: `progression: time` scenarios, the times of tasks the mock changes or
 * seeds, and response latency all read it. It follows `Date.now()` and `setTimeout` by default,
 * so vitest's fake timers (`vi.useFakeTimers()`, `vi.advanceTimersByTime`) drive it as they
 * drive the rest of a test; tests may also freeze it, move it by hand, or run it faster.
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

interface Waiter {
  due: number;
  resolve: () => void;
}

export class MockClock {
  private mode: ClockMode = 'real';
  /** Clock time at `anchorReal` (frozen: the time itself). */
  private anchorClock = 0;
  private anchorReal = 0;
  private factor = 1;
  private readonly waiters: Waiter[] = [];

  now(): number {
    if (this.mode === 'real') return Date.now();
    if (this.mode === 'frozen') return this.anchorClock;
    return this.anchorClock + (Date.now() - this.anchorReal) * this.factor;
  }

  /** Stops time (at `at`, or where it is now). Latency then waits for `advance`. */
  freeze(at: number = this.now()): void {
    if (!Number.isFinite(at)) throw new Error(`freeze takes a time in ms since the epoch, got ${at}`);
    const before = this.now();
    this.mode = 'frozen';
    this.anchorClock = at;
    this.release(before);
  }

  /** Moves time on by `ms` (frozen or scaled clocks; a real clock is frozen first, at now). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`advance takes 0 or more milliseconds, got ${ms}`);
    if (this.mode === 'real') this.freeze();
    const before = this.now();
    this.anchorClock += ms;
    this.release(before);
  }

  /** Runs at `factor` clock ms per real ms from now (10: a 30 s step takes 3 s). */
  speed(factor: number): void {
    if (!Number.isFinite(factor) || factor <= 0) throw new Error(`speed takes a factor above 0, got ${factor}`);
    const at = this.now();
    this.mode = 'scaled';
    this.factor = factor;
    this.anchorClock = at;
    this.anchorReal = Date.now();
    this.release(at);
  }

  /** Back to `Date.now()`. */
  real(): void {
    const before = this.now();
    this.mode = 'real';
    this.factor = 1;
    this.release(before);
  }

  /** Resolves after `ms` of clock time: a timer on a running clock, on `advance` for a frozen one. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    if (this.mode === 'real') return new Promise((resolve) => setTimeout(resolve, ms));
    if (this.mode === 'scaled') return new Promise((resolve) => setTimeout(resolve, ms / this.factor));
    return new Promise((resolve) => this.waiters.push({ due: this.now() + ms, resolve }));
  }

  state(): ClockState {
    const now = this.now();
    return { mode: this.mode, now, iso: new Date(now).toISOString(), speed: this.mode === 'frozen' ? 0 : this.mode === 'scaled' ? this.factor : 1 };
  }

  /**
   * After a change of time or mode (`before`: the clock's time just before it): a frozen clock
   * wakes the sleepers whose time has come; a running one lets each wait what it still had to
   * wait, at the new rate.
   */
  private release(before: number): void {
    const now = this.now();
    for (const waiter of [...this.waiters]) {
      if (this.mode === 'frozen' && waiter.due > now) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      const remaining = this.mode === 'frozen' ? 0 : waiter.due - before;
      if (remaining <= 0) waiter.resolve();
      else setTimeout(waiter.resolve, this.mode === 'scaled' ? remaining / this.factor : remaining);
    }
  }
}
