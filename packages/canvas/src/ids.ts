// Id generation for canvas nodes and edges: the one place that touches the clock and the RNG.

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

function randomPart(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/**
 * A new id such as `node-0m3k9x2ab4f7qz1c`. The time part is fixed-width base36, so ids sort by
 * creation time; snapshots order siblings by id, which therefore stacks newer nodes on top.
 */
export function createCanvasId(prefix: 'node' | 'edge'): string {
  return `${prefix}-${Date.now().toString(36).padStart(9, '0')}${randomPart(8)}`;
}
