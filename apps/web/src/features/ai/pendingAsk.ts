/**
 * A question asked from home: home creates the canvas, leaves the question here and opens the
 * canvas; the canvas's launchpad takes it (once) and starts the default skill with the default
 * chat model, the answer streaming into a node.
 */
const pending = new Map<string, string>();

export function setPendingAsk(canvasId: string, query: string): void {
  pending.set(canvasId, query);
}

/** The question waiting for this canvas, removed as it is taken. */
export function takePendingAsk(canvasId: string): string | null {
  const query = pending.get(canvasId) ?? null;
  pending.delete(canvasId);
  return query;
}

/** A canvas title from a question: one line, trimmed, at most `max` characters. */
export function titleFromQuestion(query: string, max = 60): string {
  const line = query.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
