import { afterEach, describe, expect, it, vi } from 'vitest';
import { MockClock } from '../../src/handlers/clock.js';
import { ControlError } from '../../src/handlers/control-error.js';

afterEach(() => vi.useRealTimers());

describe('MockClock', () => {
  it('a frozen clock stands still until it is advanced, then reads the new time; each change answers the state', async () => {
    const clock = new MockClock();
    expect(await clock.freeze(Date.UTC(2031, 0, 1))).toMatchObject({ mode: 'frozen', now: Date.UTC(2031, 0, 1) });
    expect(clock.now()).toBe(Date.UTC(2031, 0, 1));
    await clock.advance(1_000);
    expect(await clock.state()).toMatchObject({ mode: 'frozen', iso: '2031-01-01T00:00:01.000Z', speed: 0 });
    expect(await clock.freeze(new Date('2031-02-01T00:00:00Z'))).toMatchObject({ iso: '2031-02-01T00:00:00.000Z' });
    expect(await clock.freeze('2031-03-01T00:00:00Z')).toMatchObject({ iso: '2031-03-01T00:00:00.000Z' });
    expect((await clock.real()).mode).toBe('real');
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1_000);
  });

  it('holds a change from the next line on, awaited or not', () => {
    const clock = new MockClock();
    void clock.freeze(Date.UTC(2031, 0, 1));
    void clock.advance(500);
    expect(clock.now()).toBe(Date.UTC(2031, 0, 1) + 500);
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

  it('refuses times, steps and speeds that are not numbers it can use, saying what to send', async () => {
    const clock = new MockClock();
    await expect(clock.freeze(Number.NaN)).rejects.toThrow(
      /^freeze is true \(now\), an ISO 8601 time or ms since the epoch \(got null\)$/,
    );
    await expect(clock.freeze('soon')).rejects.toThrow(/\(got "soon"\)$/);
    await expect(clock.advance(-1)).rejects.toThrow(/^advanceMs is 0 or more milliseconds \(got -1\)$/);
    await expect(clock.speed(0)).rejects.toThrow(/^speed is a factor above 0 and at most 10000 .*got 0\)$/);
    await expect(clock.speed(0)).rejects.toBeInstanceOf(ControlError);
    expect((await clock.state()).mode).toBe('real');
  });
});
