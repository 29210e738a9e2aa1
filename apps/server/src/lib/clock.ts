/**
 * The app's clock, carried on AppContext: the system clock in production, a `TestClock` that
 * tests move forward (`advance`) instead of sleeping through an expiry or a cool-down.
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
  date(): Date;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  date: () => new Date(),
};

/** Real time plus an offset that only grows: never frozen, so nothing else waits on it. */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  /** Moves this clock `ms` milliseconds ahead of real time. */
  advance(ms: number): void {
    if (ms < 0) throw new Error('a clock does not go back');
    this.offsetMs += ms;
  }
}
