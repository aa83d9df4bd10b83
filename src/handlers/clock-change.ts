/** The clock changes the control API takes (`POST /__mock/clock`), checked: one at a time, each in range. */
import type { ClockChange, MockClock } from './clock.js';
import { ControlError } from './control-error.js';

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

/** Freezes (now or at an instant), moves, speeds up or releases the clock; a bad change is a 400 saying why. */
export function changeClock(clock: MockClock, change: ClockChange): void {
  const input = (change ?? {}) as Record<string, unknown>;
  const keys = Object.keys(input);
  const problem = (what: string) => new ControlError(400, what, { examples: CLOCK_EXAMPLES });
  if (keys.length !== 1 || !['freeze', 'advanceMs', 'speed', 'real'].includes(keys[0]!))
    throw problem('the clock takes one of freeze, advanceMs, speed or real');
  const { freeze, advanceMs, speed, real } = input;
  if (freeze !== undefined) {
    const at =
      freeze === true
        ? clock.now()
        : typeof freeze === 'string'
          ? Date.parse(freeze)
          : typeof freeze === 'number'
            ? freeze
            : Number.NaN;
    if (!Number.isFinite(at) || Math.abs(at) > MAX_TIME_MS)
      throw problem(`freeze is true (now), an ISO 8601 time or ms since the epoch (got ${JSON.stringify(freeze)})`);
    clock.freeze(at);
  } else if (advanceMs !== undefined) {
    if (
      typeof advanceMs !== 'number' ||
      !Number.isFinite(advanceMs) ||
      advanceMs < 0 ||
      clock.now() + advanceMs > MAX_TIME_MS
    )
      throw problem(`advanceMs is 0 or more milliseconds (got ${JSON.stringify(advanceMs)})`);
    clock.advance(advanceMs);
  } else if (speed !== undefined) {
    if (typeof speed !== 'number' || !Number.isFinite(speed) || speed <= 0 || speed > MAX_SPEED)
      throw problem(
        `speed is a factor above 0 and at most ${MAX_SPEED} (clock ms per real ms; got ${JSON.stringify(speed)})`,
      );
    clock.speed(speed);
  } else if (real === true) clock.real();
  else throw problem(`real is true (got ${JSON.stringify(real)})`);
}
