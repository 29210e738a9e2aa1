/**
 * When automatic versions are taken, as the collaboration service sees edits: N minutes (the
 * app clock, VERSION_INTERVAL_MINUTES) after the first edit since the last one, and at once when
 * the last editor's socket leaves a document with edits not yet in a version. What a version is
 * and whether anything changed is the version module's (`setRecorder`); this only says when.
 */
import type { Clock } from '../lib/clock.js';

/** Takes an automatic version of `name` if it changed; `editorUid` made its latest edit (null: the server). */
export type AutoVersionRecorder = (name: string, editorUid: string | null) => Promise<void>;

export class EditTracker {
  /** Per document with edits since its last automatic version: the timer that will take one. */
  private readonly timers = new Map<string, () => void>();
  /** Who edited a document last (its next automatic version's author). */
  private readonly editors = new Map<string, string>();
  private recorder: AutoVersionRecorder | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs: number,
    /** Keeps the recording in the service's pending work (shutdown waits for it). */
    private readonly track: (work: Promise<void>) => void,
    private readonly onError: (err: unknown, name: string) => void,
  ) {}

  setRecorder(recorder: AutoVersionRecorder): void {
    this.recorder = recorder;
  }

  /** An edit of `name` was accepted (`uid` null for the server's own writes). */
  edited(name: string, uid: string | null): void {
    if (!this.recorder) return;
    if (uid !== null) this.editors.set(name, uid);
    if (this.timers.has(name)) return;
    this.timers.set(
      name,
      this.clock.timeout(() => this.due(name), this.intervalMs),
    );
  }

  /** The last writable socket of `name` closed: a version now, when it has edits not in one. */
  lastEditorLeft(name: string): void {
    const cancel = this.timers.get(name);
    if (!cancel) return;
    cancel();
    this.due(name);
  }

  /** Takes the versions still pending (shutdown): no edit is left out of the history. */
  flush(): void {
    for (const [name, cancel] of [...this.timers]) {
      cancel();
      this.due(name);
    }
  }

  private due(name: string): void {
    this.timers.delete(name);
    const editor = this.editors.get(name) ?? null;
    this.editors.delete(name);
    const recorder = this.recorder;
    if (!recorder) return;
    this.track(recorder(name, editor).catch((err: unknown) => this.onError(err, name)));
  }
}
