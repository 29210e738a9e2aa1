/**
 * Runs in progress in this process, so /action/abort stops a local run at once. Runs elsewhere
 * see the `abort_requested` flag the next time they poll the database. One per process, built by
 * the composition root and shared by the skill engine (which adds runs) and the action service
 * (which aborts them).
 */
export class LocalRuns {
  private readonly running = new Map<string, AbortController>();

  private static key(resultId: string, version: number): string {
    return `${resultId}#${version}`;
  }

  /** Records a run; the answer removes it again (only if it is still this run's controller). */
  add(resultId: string, version: number, controller: AbortController): () => void {
    const k = LocalRuns.key(resultId, version);
    this.running.set(k, controller);
    return () => {
      if (this.running.get(k) === controller) this.running.delete(k);
    };
  }

  /** Aborts a local run; true when it was running here. */
  abort(resultId: string, version: number): boolean {
    const controller = this.running.get(LocalRuns.key(resultId, version));
    controller?.abort(new Error('aborted by user'));
    return Boolean(controller);
  }
}
