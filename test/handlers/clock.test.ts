import { afterEach, describe, expect, it, vi } from 'vitest';
import { MockClock } from '../../src/handlers/clock.js';

afterEach(() => vi.useRealTimers());

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('MockClock', () => {
  it('a frozen clock holds a sleeper until it is advanced past its time', async () => {
    const clock = new MockClock();
    clock.freeze(Date.UTC(2031, 0, 1));
    const nap = clock.sleep(1_000);
    clock.advance(999);
    expect(await settled(nap)).toBe(false);
    clock.advance(1);
    expect(await settled(nap)).toBe(true);
    expect(clock.state()).toMatchObject({ mode: 'frozen', iso: '2031-01-01T00:00:01.000Z', speed: 0 });
  });

  it('a sleeper held by a frozen clock waits what it still had to wait once time runs again, at the new rate', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 30) });
    const clock = new MockClock();
    // Frozen years ahead of Date.now(): the remaining wait counts, not the distance between the two times.
    clock.freeze(Date.UTC(2031, 0, 1));
    const toReal = clock.sleep(10_000);
    clock.advance(4_000);
    clock.real();
    await vi.advanceTimersByTimeAsync(5_999);
    expect(await settled(toReal)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(toReal)).toBe(true);

    clock.freeze();
    const fast = clock.sleep(10_000);
    clock.speed(10);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(fast)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(fast)).toBe(true);
  });

  it('a scaled clock runs faster than Date.now() and follows fake timers', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 30) });
    const clock = new MockClock();
    clock.speed(60);
    vi.advanceTimersByTime(1_000);
    expect(clock.now()).toBe(Date.UTC(2026, 10, 30, 0, 1));
    clock.real();
    expect(clock.now()).toBe(Date.now());
  });

  it('refuses times, steps and speeds that are not numbers it can use', () => {
    const clock = new MockClock();
    expect(() => clock.freeze(Number.NaN)).toThrow(/freeze takes a time/);
    expect(() => clock.advance(-1)).toThrow(/advance takes 0 or more milliseconds, got -1/);
    expect(() => clock.speed(0)).toThrow(/speed takes a factor above 0, got 0/);
  });
});
