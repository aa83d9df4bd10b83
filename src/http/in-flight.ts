/**
 * How many requests go out at once to an endpoint that throttles some (a 429, or a 503 with
 * Retry-After): halved after a throttle, one more after a quiet spell, between one and the most the
 * run allows. A throttle lowers the limit only if its request went out under the current limit: those
 * sent before it was lowered were sent at the old one and say nothing new (TCP's congestion window
 * reacts once per window the same way).
 */

/** Answers without a throttle, per request the limit allows, before it allows one more. */
const QUIET_SPELL_PER_REQUEST = 8;

export class InFlightLimit {
  /** Requests allowed out at once now. */
  limit: number;
  /** The lowest the limit went. */
  lowest: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Counts the lowerings: a request carries the one it went out under. */
  private generation = 0;
  private quiet = 0;
  private open = true;

  constructor(private readonly most: number) {
    this.limit = most;
    this.lowest = most;
  }

  /** Waits for a place (first come, first served); resolves to what `throttled` takes back. */
  enter(): Promise<number> {
    if (!this.open || this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.generation);
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.generation)));
  }

  leave(): void {
    this.active--;
    this.admit();
  }

  /** A request that went out under `generation` was throttled. */
  throttled(generation: number): void {
    this.quiet = 0;
    if (generation !== this.generation) return;
    this.generation++;
    this.limit = Math.ceil(this.limit / 2);
    this.lowest = Math.min(this.lowest, this.limit);
  }

  /** A request got an answer that was not a throttle. */
  answered(): void {
    if (this.limit >= this.most || ++this.quiet < QUIET_SPELL_PER_REQUEST * this.limit) return;
    this.quiet = 0;
    this.limit++;
    this.admit();
  }

  /** Lets every waiting request through at once (the run stops: none of them will be sent). */
  close(): void {
    this.open = false;
    this.admit();
  }

  private admit(): void {
    while (this.waiting.length > 0 && (!this.open || this.active < this.limit)) {
      this.active++;
      this.waiting.shift()!();
    }
  }
}
