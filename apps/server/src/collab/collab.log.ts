/**
 * The update log's writer: every update a client sends is logged before the server applies and
 * acknowledges it. Updates of one document that arrive while a write is in flight wait for it and
 * then go in together, in one multi-row insert (a group commit), in arrival order: each is still
 * durable before it is acknowledged, but a busy document costs one database round trip per batch
 * instead of one per keystroke, so its queue cannot grow without bound when edits arrive faster
 * than single inserts complete.
 */

/** Most updates in one write; a longer queue is written in several batches, in order. */
export const MAX_BATCH = 500;

/** Writes updates of one document, in order, atomically (all or none). */
export type WriteUpdates = (name: string, updates: Uint8Array[]) => Promise<void>;

interface Entry {
  update: Uint8Array;
  resolve(): void;
  reject(err: unknown): void;
}

interface Queue {
  /** Being written, or written and settled but maybe not applied by their callers yet. */
  inFlight: Entry[];
  waiting: Entry[];
}

export class UpdateLogWriter {
  private readonly queues = new Map<string, Queue>();

  constructor(private readonly write: WriteUpdates) {}

  /**
   * Updates of `name` queued or being written, in arrival order: the live document does not
   * contain them yet, so a check of a new update must count them.
   */
  unsettled(name: string): Uint8Array[] {
    const queue = this.queues.get(name);
    return queue ? [...queue.inFlight, ...queue.waiting].map((e) => e.update) : [];
  }

  /** Logs `update` of `name`; resolves once it is written (after every earlier update of `name`). */
  append(name: string, update: Uint8Array): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let queue = this.queues.get(name);
      if (!queue) {
        queue = { inFlight: [], waiting: [] };
        this.queues.set(name, queue);
      }
      queue.waiting.push({ update, resolve, reject });
      if (queue.inFlight.length === 0) void this.drain(name, queue);
    });
  }

  private async drain(name: string, queue: Queue): Promise<void> {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      queue.inFlight = batch;
      try {
        await this.write(
          name,
          batch.map((e) => e.update),
        );
        for (const entry of batch) entry.resolve();
      } catch (err) {
        for (const entry of batch) entry.reject(err);
      }
      // Callers apply what was written in promise callbacks (microtasks); let those run before
      // the batch leaves the in-flight list, so `unsettled` never misses an unapplied update.
      await new Promise<void>((resolve) => setImmediate(resolve));
      queue.inFlight = [];
    }
    this.queues.delete(name);
  }
}
