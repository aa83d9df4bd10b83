/**
 * The mock's one clock: `progression: time` scenarios and the times of tasks the mock changes or
 * added tasks read it. It follows `Date.now()` by default, so vitest's fake timers
 * (`vi.useFakeTimers()`, `vi.advanceTimersByTime`) drive it as they drive the rest of a test;
 * tests may also freeze it, move it by hand, or run it faster. Latency is a network delay and
 * never reads it: a frozen clock holds no response.
 */
import { ControlError } from './control-error.js';

export type ClockMode = 'real' | 'frozen' | 'scaled';

export interface ClockState {
  mode: ClockMode;
  /** The clock's time, ms since the epoch, and as ISO 8601. */
  now: number;
  iso: string;
  /** How many clock milliseconds pass per real one (1 unless scaled; 0 when frozen). */
  speed: number;
}

/**
 * The clock as a test drives it, in process and over HTTP alike: each change answers the clock's
 * state after it, and a value out of range is refused with a ControlError saying what to send.
 */
export interface ControlClock {
  /** Stops time now, or at a time (ISO 8601, ms since the epoch or a Date). */
  freeze(at?: string | number | Date): Promise<ClockState>;
  /** Moves time on by `ms` (a running clock is frozen first). */
  advance(ms: number): Promise<ClockState>;
  /** Runs at `factor` clock ms per real ms (10: a 30 s step takes 3 s). */
  speed(factor: number): Promise<ClockState>;
  /** Back to real time. */
  real(): Promise<ClockState>;
  state(): Promise<ClockState>;
}

const CLOCK_EXAMPLES = [
  { freeze: true },
  { freeze: '2026-11-30T09:00:00Z' },
  { advanceMs: 30_000 },
  { speed: 10 },
  { real: true },
];
const MAX_SPEED = 10_000;
/** ECMAScript's own bound on a time value (±8.64e15 ms): a Date beyond it is invalid. */
const MAX_TIME_MS = 8.64e15;

const refused = (what: string) => new ControlError(400, what, { examples: CLOCK_EXAMPLES });

/**
 * The clock of one mock (or of several, given to each). Its changes are applied before the promise
 * they return is made, so `clock.freeze()` holds from the next line on even when nobody awaits it;
 * `now()` reads it in the same turn, for code in process (an override that follows the mock's time).
 */
export class MockClock implements ControlClock {
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

  async freeze(at?: string | number | Date): Promise<ClockState> {
    const ms =
      at === undefined
        ? this.now()
        : at instanceof Date
          ? at.getTime()
          : typeof at === 'string'
            ? Date.parse(at)
            : typeof at === 'number'
              ? at
              : Number.NaN;
    if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME_MS)
      throw refused(`freeze is true (now), an ISO 8601 time or ms since the epoch (got ${JSON.stringify(at)})`);
    this.freezeAt(ms);
    return this.read();
  }

  async advance(ms: number): Promise<ClockState> {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || this.now() + ms > MAX_TIME_MS)
      throw refused(`advanceMs is 0 or more milliseconds (got ${JSON.stringify(ms)})`);
    if (this.mode === 'real') this.freezeAt(this.now());
    this.anchorClock += ms;
    return this.read();
  }

  async speed(factor: number): Promise<ClockState> {
    if (typeof factor !== 'number' || !Number.isFinite(factor) || factor <= 0 || factor > MAX_SPEED)
      throw refused(
        `speed is a factor above 0 and at most ${MAX_SPEED} (clock ms per real ms; got ${JSON.stringify(factor)})`,
      );
    const at = this.now();
    this.mode = 'scaled';
    this.factor = factor;
    this.anchorClock = at;
    this.anchorReal = Date.now();
    return this.read();
  }

  async real(): Promise<ClockState> {
    this.mode = 'real';
    this.factor = 1;
    return this.read();
  }

  async state(): Promise<ClockState> {
    return this.read();
  }

  private freezeAt(ms: number): void {
    this.mode = 'frozen';
    this.anchorClock = ms;
  }

  private read(): ClockState {
    const now = this.now();
    return {
      mode: this.mode,
      now,
      iso: new Date(now).toISOString(),
      speed: this.mode === 'frozen' ? 0 : this.mode === 'scaled' ? this.factor : 1,
    };
  }
}
