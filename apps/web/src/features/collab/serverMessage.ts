/**
 * Stateless messages of the collaboration server (`readOnly`, `error`). Only the server may send
 * them: it refuses clients' broadcasts and marks its own with `source: 'server'`. Anything else
 * (an unmarked or malformed payload) is not trusted and reads as null.
 */

/** A server stateless message, parsed; null when the payload is not one. */
export function serverMessage(payload: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(payload) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const message = parsed as Record<string, unknown>;
    return message.source === 'server' && typeof message.type === 'string' ? message : null;
  } catch {
    return null;
  }
}
