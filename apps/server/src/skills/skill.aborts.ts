/**
 * Runs in progress in this process, so /action/abort stops a local run at once. Runs elsewhere
 * see the `abort_requested` flag the next time they poll the database.
 */
const running = new Map<string, AbortController>();

const key = (resultId: string, version: number) => `${resultId}#${version}`;

export function registerRun(resultId: string, version: number, controller: AbortController): () => void {
  const k = key(resultId, version);
  running.set(k, controller);
  return () => {
    if (running.get(k) === controller) running.delete(k);
  };
}

/** Aborts a local run; true when it was running here. */
export function abortLocalRun(resultId: string, version: number): boolean {
  const controller = running.get(key(resultId, version));
  controller?.abort(new Error('aborted by user'));
  return Boolean(controller);
}
