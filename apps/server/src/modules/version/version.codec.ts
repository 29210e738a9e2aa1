/**
 * How a version's Yjs state is stored: a base (the whole state, deflated) shared by several
 * versions, and per version a diff against the base's state vector (deflated). Restoring decodes
 * one base and one diff, whatever the number of versions; a new base is taken when the diff has
 * grown past a share of the base (docs/decisions.md "History").
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import * as Y from 'yjs';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/** A diff larger than this share of its base starts a new base instead. */
export const NEW_BASE_RATIO = 1 / 16;
/** Below this many bytes a diff never starts a new base (small documents). */
export const NEW_BASE_MIN_BYTES = 2048;

const EMPTY_UPDATE = new Uint8Array([0, 0]);

export async function compress(bytes: Uint8Array): Promise<Uint8Array> {
  const out = await deflate(bytes);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

export async function decompress(bytes: Uint8Array): Promise<Uint8Array> {
  const out = await inflate(bytes);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * A hash of what the state holds: its state vector and its delete set (both encoded in a fixed
 * order). Two docs with the same hash hold the same content; a deletion alone changes it too.
 */
export function stateHash(doc: Y.Doc): string {
  const sv = Y.encodeStateVector(doc);
  const deletions = Y.encodeStateAsUpdate(doc, sv);
  return createHash('sha256').update(sv).update(deletions).digest('base64url');
}

/** Whether every client's clock in `base` is reached in `current` (the state grew from the base). */
export function descendsFrom(current: Uint8Array, base: Uint8Array): boolean {
  const now = Y.decodeStateVector(current);
  for (const [client, clock] of Y.decodeStateVector(base)) {
    if ((now.get(client) ?? 0) < clock) return false;
  }
  return true;
}

export interface StoredBase {
  state: Uint8Array;
  stateVector: Uint8Array;
  size: number;
}

export interface EncodedVersion {
  /** A new base to store first, or null when the version uses the given one. */
  newBase: StoredBase | null;
  diff: Uint8Array;
}

/**
 * Encodes a whole state (`Y.encodeStateAsUpdate`) for storage: as a diff against `base` when the
 * state grew from it and the diff stays small, else as a new base (with an empty diff).
 */
export async function encodeVersion(state: Uint8Array, base: StoredBase | null): Promise<EncodedVersion> {
  const stateVector = Y.encodeStateVectorFromUpdate(state);
  if (base && descendsFrom(stateVector, base.stateVector)) {
    const diff = await compress(Y.diffUpdate(state, base.stateVector));
    if (diff.byteLength <= Math.max(NEW_BASE_MIN_BYTES, base.size * NEW_BASE_RATIO)) {
      return { newBase: null, diff };
    }
  }
  const stored = await compress(state);
  return {
    newBase: { state: stored, stateVector, size: stored.byteLength },
    diff: await compress(EMPTY_UPDATE),
  };
}

/** The Y.Doc a version holds: its base with its diff applied. The caller destroys it. */
export async function decodeVersion(base: Uint8Array, diff: Uint8Array): Promise<Y.Doc> {
  const [state, update] = await Promise.all([decompress(base), decompress(diff)]);
  const doc = new Y.Doc();
  Y.transact(doc, () => {
    Y.applyUpdate(doc, state);
    Y.applyUpdate(doc, update);
  });
  return doc;
}
