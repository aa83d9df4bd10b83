import { afterEach, describe, expect, it, vi } from 'vitest';
import { MockClock } from '../../src/handlers/clock.js';

afterEach(() => vi.useRealTimers());

describe('MockClock', () => {
  it('a frozen clock stands still until it is advanced, then reads the new time', () => {
    const clock = new MockClock();
    clock.freeze(Date.UTC(2031, 0, 1));
    expect(clock.now()).toBe(Date.UTC(2031, 0, 1));
    clock.advance(1_000);
    expect(clock.state()).toMatchObject({ mode: 'frozen', iso: '2031-01-01T00:00:01.000Z', speed: 0 });
    clock.real();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1_000);
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
