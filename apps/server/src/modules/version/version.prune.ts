/**
 * Retention of automatic versions: the worker role prunes those older than
 * VERSION_RETENTION_DAYS when it starts and then at each day's start on the app clock (named and
 * restore versions stay). A timer, not a delayed queue job: a job delayed for a day would keep
 * the in-process queue from ever being idle. Pruning twice (two workers) removes nothing more.
 */
import type { VersionContext, VersionService } from './version.service.js';

const DAY_MS = 24 * 60 * 60_000;

export class VersionPruner {
  private cancelTimer: (() => void) | null = null;
  private inflight: Promise<void> | null = null;
  private running = false;

  constructor(
    private readonly ctx: Pick<VersionContext, 'clock' | 'log'>,
    private readonly versions: Pick<VersionService, 'pruneExpired'>,
  ) {}

  /** Prunes now, then once a day. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.run();
  }

  /** Stops the daily timer; resolves when a prune under way has finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.cancelTimer?.();
    this.cancelTimer = null;
    await this.inflight;
  }

  private run(): void {
    this.inflight = this.versions
      .pruneExpired()
      .then((count) => {
        if (count > 0) this.ctx.log.info({ count }, 'pruned automatic versions past their retention');
      })
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'pruning automatic versions failed'))
      .finally(() => {
        this.inflight = null;
        this.schedule();
      });
  }

  private schedule(): void {
    if (!this.running) return;
    const now = this.ctx.clock.now();
    const nextDay = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    this.cancelTimer = this.ctx.clock.timeout(() => {
      this.cancelTimer = null;
      this.run();
    }, nextDay - now);
  }
}
