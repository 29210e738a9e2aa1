/**
 * Persists a step while it streams: text is appended in small batches (every FLUSH_MS or
 * FLUSH_CHARS, and always at the end), logs, artifacts, structured data and token usage are
 * written as they happen. Writes are serialised, so the stored text is always a prefix of what
 * was sent; a failed write is logged and retried with the next batch, never thrown into the run.
 */
import type { ActionArtifact, ActionLog, TokenUsageItem } from '@atelier/contract';
import type { Db } from '../db/connect.js';
import type { JobLogger } from '../jobs/index.js';
import {
  appendStep,
  heartbeat,
  insertStep,
  patchStep,
  type StepPatch,
} from '../modules/action/action.repository.js';

const FLUSH_MS = 100;
const FLUSH_CHARS = 1_000;

export class StepWriter {
  private content = '';
  private reasoning = '';
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private logsQueued = false;
  /** Set while the queue is held (see `start`'s `hold`). */
  private release: (() => void) | null = null;
  readonly logs: ActionLog[] = [];
  readonly artifacts: ActionArtifact[] = [];
  readonly tokenUsage: TokenUsageItem[] = [];
  /** Called when a batch write finds that an abort was asked (on any instance). */
  onAbortRequested: () => void = () => undefined;

  private constructor(
    private readonly db: Db,
    private readonly log: JobLogger,
    readonly resultId: string,
    readonly version: number,
    readonly stepIndex: number,
  ) {}

  static async open(
    db: Db,
    log: JobLogger,
    resultId: string,
    version: number,
    stepIndex: number,
    name: string,
  ): Promise<StepWriter> {
    await insertStep(db, resultId, version, stepIndex, name);
    return new StepWriter(db, log, resultId, version, stepIndex);
  }

  /**
   * Like open, without waiting for the step row: it is inserted first in the writer's queue, so
   * every later write follows it, and the model call can start meanwhile.
   */
  static start(
    db: Db,
    log: JobLogger,
    resultId: string,
    version: number,
    stepIndex: number,
    name: string,
    opts: { hold?: boolean } = {},
  ): StepWriter {
    const writer = new StepWriter(db, log, resultId, version, stepIndex);
    if (opts.hold) writer.holdQueue();
    void writer.enqueue(() => insertStep(db, resultId, version, stepIndex, name));
    return writer;
  }

  /**
   * `hold`: the queue waits until `begin()` (the model's first answer), a write someone awaits,
   * or FLUSH_MS, whichever comes first. On the embedded database a write runs on the event loop,
   * so the step row and the first log line written at once would hold up the model call itself.
   */
  private holdQueue(): void {
    this.chain = new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.begin(), FLUSH_MS);
      this.release = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * Lets a held queue run. Deferred to the next turn of the event loop, so what the caller sends
   * right now (the first token's event) leaves the socket before the queued writes run.
   */
  begin(): void {
    const release = this.release;
    if (!release) return;
    this.release = null;
    setImmediate(release);
  }

  append(kind: 'content' | 'reasoning', text: string): void {
    if (!text) return;
    if (kind === 'content') this.content += text;
    else this.reasoning += text;
    if (this.content.length + this.reasoning.length >= FLUSH_CHARS) this.schedule(0);
    else this.schedule(FLUSH_MS);
  }

  /**
   * Stores the logs with this one. While a logs write is still waiting in the queue, that write
   * takes this line too (it reads the list when it runs), so a burst of lines (a tool loop) costs
   * one write, not one each.
   */
  addLog(log: ActionLog, opts: { keepHold?: boolean } = {}): Promise<void> {
    if (!opts.keepHold) this.begin();
    this.logs.push(log);
    if (this.logsQueued) return this.chain;
    this.logsQueued = true;
    return this.enqueue(() => {
      this.logsQueued = false;
      return patchStep(this.db, this.resultId, this.version, this.stepIndex, { logs: [...this.logs] });
    });
  }

  addArtifact(artifact: ActionArtifact): Promise<void> {
    this.artifacts.push(artifact);
    return this.patch({ artifacts: [...this.artifacts] });
  }

  /** Adds an artifact, or replaces the one with the same type and entityId (a status change). */
  putArtifact(artifact: ActionArtifact): Promise<void> {
    const at = this.artifacts.findIndex((a) => a.type === artifact.type && a.entityId === artifact.entityId);
    if (at >= 0) this.artifacts[at] = artifact;
    else this.artifacts.push(artifact);
    return this.patch({ artifacts: [...this.artifacts] });
  }

  addTokenUsage(usage: TokenUsageItem): Promise<void> {
    this.tokenUsage.push(usage);
    return this.patch({ tokenUsage: [...this.tokenUsage] });
  }

  setStructuredData(data: Record<string, unknown>): Promise<void> {
    return this.patch({ structuredData: data });
  }

  /** Writes everything still pending; resolves when it is stored. */
  flush(): Promise<void> {
    this.begin();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.enqueue(() => this.writeText());
  }

  private schedule(ms: number): void {
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.enqueue(() => this.writeText());
    }, ms);
  }

  private patch(patch: StepPatch): Promise<void> {
    this.begin();
    return this.enqueue(() => patchStep(this.db, this.resultId, this.version, this.stepIndex, patch));
  }

  private enqueue(fn: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(fn).catch((err: unknown) => {
      this.log.warn({ err, resultId: this.resultId }, 'could not persist a skill step batch');
    });
    return this.chain;
  }

  private async writeText(): Promise<void> {
    const content = this.content;
    const reasoning = this.reasoning;
    if (!content && !reasoning) return;
    this.content = '';
    this.reasoning = '';
    try {
      await appendStep(this.db, this.resultId, this.version, this.stepIndex, content, reasoning);
    } catch (err) {
      // keep the batch for the next write, in order
      this.content = content + this.content;
      this.reasoning = reasoning + this.reasoning;
      throw err;
    }
    if (await heartbeat(this.db, this.resultId, this.version)) this.onAbortRequested();
  }
}
