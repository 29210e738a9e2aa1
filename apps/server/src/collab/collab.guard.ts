/**
 * Checks on what a client sends, run before the server applies (and so before it acknowledges)
 * a message: which Yjs update a message carries, whether it would take a canvas past the node
 * limit, and whether it would take a document's Markdown past the content limit.
 */
import { IncomingMessage, MessageType } from '@hocuspocus/server';
import * as Y from 'yjs';
import { CANVAS_ROOT, getCanvasMaps, getNodeCount } from '@atelier/canvas';
import { LIMITS } from '@atelier/contract';
import { yDocToMarkdown } from '@atelier/editor';
import { contentLength } from './collab.derive.js';
import type { CollabTarget } from './collab.names.js';

/** y-protocols sync sub-types that carry document content. */
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** A refusal: the connection of that document is closed with this code and reason. */
export class CollabRefusal extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly errCode: 'E0003' | 'E2004',
  ) {
    // No message: Hocuspocus logs hook errors that have one; the service logs refusals itself.
    super('');
    this.name = 'CollabRefusal';
  }
}

export const NODE_LIMIT_CLOSE_CODE = 4413;
export const CONTENT_LIMIT_CLOSE_CODE = 4414;

export const nodeLimitRefusal = () => new CollabRefusal(NODE_LIMIT_CLOSE_CODE, 'node limit reached', 'E0003');
export const contentLimitRefusal = () =>
  new CollabRefusal(CONTENT_LIMIT_CLOSE_CODE, 'Content too large, maximum 100k characters', 'E2004');

/** The Yjs update inside a sync message (step 2 or update), or null for any other message. */
export function syncUpdateOf(data: Uint8Array): Uint8Array | null {
  try {
    const message = new IncomingMessage(data);
    message.readVarString();
    const type = message.readVarUint();
    if (type !== MessageType.Sync && type !== MessageType.SyncReply) return null;
    const syncType = message.readVarUint();
    if (syncType !== SYNC_STEP_2 && syncType !== SYNC_UPDATE) return null;
    return message.readVarUint8Array();
  } catch {
    // Undecodable: Hocuspocus itself refuses it when it tries to apply it.
    return null;
  }
}

/** A refused client stateless message: the connection is closed with this code and reason. */
export class StatelessRefusal extends Error {
  readonly code = STATELESS_REFUSED_CLOSE_CODE;
  readonly reason = 'stateless messages refused';
  constructor() {
    super('');
    this.name = 'StatelessRefusal';
  }
}

export const STATELESS_REFUSED_CLOSE_CODE = 4403;

/**
 * Whether a client may send this message as far as stateless messages go: a broadcast to every
 * peer never (only the server speaks to clients out of band, so a peer cannot forge a `readOnly`
 * or `error` message), a stateless message to the server only over a writable connection.
 */
export function statelessAllowed(data: Uint8Array, readOnly: boolean): boolean {
  try {
    const message = new IncomingMessage(data);
    message.readVarString();
    const type = message.readVarUint();
    if (type === MessageType.BroadcastStateless) return false;
    return !(readOnly && type === MessageType.Stateless);
  } catch {
    // Undecodable: Hocuspocus itself refuses it when it tries to apply it.
    return true;
  }
}

/**
 * How many node ids `update` adds to the canvas. A new key of the root `nodes` map is encoded
 * with its parent's name (entries that overwrite or follow an existing one reference it instead),
 * so the count needs no copy of the document.
 */
export function addedNodeCount(doc: Y.Doc, update: Uint8Array): number {
  const { nodes } = getCanvasMaps(doc);
  const added = new Set<string>();
  for (const struct of Y.decodeUpdate(update).structs) {
    if (!(struct instanceof Y.Item)) continue;
    const key = struct.parentSub;
    if ((struct.parent as unknown) === CANVAS_ROOT.nodes && typeof key === 'string' && !nodes.has(key))
      added.add(key);
  }
  return added.size;
}

/** Markdown length of `doc` after `updates` (applied to a copy; the live document is untouched). */
export function markdownLengthAfter(doc: Y.Doc, ...updates: Uint8Array[]): number {
  const copy = new Y.Doc();
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    for (const update of updates) Y.applyUpdate(copy, update);
    return contentLength(yDocToMarkdown(copy));
  } finally {
    copy.destroy();
  }
}

/**
 * The limits of one process's live documents. Keeps the last known Markdown length of each open
 * document (an upper bound between exact measurements) so the exact, costly check runs only near
 * the content limit.
 */
export class EditGuard {
  private readonly contentLengths = new Map<string, number>();

  constructor(private readonly maxNodes: number) {}

  measured(name: string, length: number): void {
    this.contentLengths.set(name, length);
  }

  forget(name: string): void {
    this.contentLengths.delete(name);
  }

  /**
   * Throws a CollabRefusal when `update` would take `document` past a limit. `earlier` are
   * updates accepted before it but not applied to `document` yet (still being logged); they count.
   */
  check(
    target: CollabTarget,
    name: string,
    document: Y.Doc,
    update: Uint8Array,
    earlier: readonly Uint8Array[] = [],
  ): void {
    if (target.kind === 'canvas') {
      const adding = addedNodeCount(document, update);
      if (adding === 0) return;
      // an upper bound: two pending updates adding the same node count it twice
      const pending = earlier.reduce((n, u) => n + addedNodeCount(document, u), 0);
      if (getNodeCount(document) + pending + adding > this.maxNodes) throw nodeLimitRefusal();
      return;
    }
    const known = this.contentLengths.get(name) ?? 0;
    // Bytes of an update bound the characters it can add.
    if (known + update.length <= LIMITS.maxContentChars) {
      this.contentLengths.set(name, known + update.length);
      return;
    }
    const current =
      earlier.length > 0
        ? markdownLengthAfter(document, ...earlier)
        : contentLength(yDocToMarkdown(document));
    const after = markdownLengthAfter(document, ...earlier, update);
    // Edits that shrink an over-long document stay possible.
    if (after > LIMITS.maxContentChars && after > current) throw contentLimitRefusal();
    this.contentLengths.set(name, after);
  }
}
