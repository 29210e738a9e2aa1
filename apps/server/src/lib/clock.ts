/**
 * The app's clock, carried on AppContext: the system clock in production, a `TestClock` that
 * tests move forward (`advance`) instead of sleeping through an expiry, a cool-down, a rate-limit
 * window or a job's retry delay. Server code reads time only here (lint: `no-restricted-syntax`
 * against `Date.now()` and argument-less `new Date()` in apps/server/src).
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
  date(): Date;
  /**
   * Runs `fn` once `ms` milliseconds have passed on this clock; returns a cancel function. The
   * timer never keeps the process alive (unref'd).
   */
  timeout(fn: () => void, ms: number): () => void;
}

function realTimeout(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, Math.max(0, ms));
  timer.unref();
  return () => clearTimeout(timer);
}

export const systemClock: Clock = {
  now: () => Date.now(),
  date: () => new Date(),
  timeout: realTimeout,
};

interface PendingTimer {
  dueAt: number;
  fn: () => void;
  cancelReal: () => void;
}

/**
 * Real time plus an offset that only grows: never frozen, so nothing else waits on it. Its
 * timers fire when real time reaches them or when `advance` moves the clock past them.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  private readonly timers = new Set<PendingTimer>();

  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  timeout(fn: () => void, ms: number): () => void {
    const timer: PendingTimer = {
      dueAt: this.now() + Math.max(0, ms),
      fn,
      cancelReal: () => undefined,
    };
    timer.cancelReal = realTimeout(() => this.fire(timer), ms);
    this.timers.add(timer);
    return () => {
      timer.cancelReal();
      this.timers.delete(timer);
    };
  }

  /**
   * Moves this clock `ms` milliseconds ahead of real time; timers now due fire (in due order,
   * synchronously, before `advance` returns).
   */
  advance(ms: number): void {
    if (ms < 0) throw new Error('a clock does not go back');
    this.offsetMs += ms;
    const at = this.now();
    const due = [...this.timers].filter((t) => t.dueAt <= at).sort((a, b) => a.dueAt - b.dueAt);
    for (const timer of due) this.fire(timer);
  }

  /** Timers set and not yet fired or cancelled. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  private fire(timer: PendingTimer): void {
    if (!this.timers.delete(timer)) return;
    timer.cancelReal();
    timer.fn();
  }
}
