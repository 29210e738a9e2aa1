/**
 * "Add to canvas" from outside the canvas screen: join the canvas's live Y.Doc through the same
 * /collab path the canvas uses (HocuspocusProvider with a token from /collab/getToken), wait for
 * the first sync, add the node below the existing ones, wait until the server has the change,
 * then leave.
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { addNode, getCanvasSnapshot, type JsonObject } from '@atelier/canvas';
import { LIMITS } from '@atelier/contract';
import { api } from '../../api/client';

export interface CanvasEntity {
  entityType: 'resource' | 'document';
  entityId: string;
  title: string;
  contentPreview?: string | null | undefined;
  metadata?: JsonObject;
}

export { NodeLimitError } from '@atelier/canvas';

const TIMEOUT_MS = 15_000;
const GAP = 40;

/** Left-aligned under the lowest node (or at the origin of an empty canvas). */
export function positionBelow(doc: Y.Doc): { x: number; y: number } {
  let minX = Infinity;
  let maxY = -Infinity;
  for (const node of getCanvasSnapshot(doc).nodes) {
    if (node.parentId) continue;
    minX = Math.min(minX, node.position.x);
    maxY = Math.max(maxY, node.position.y + (node.height ?? 200));
  }
  return Number.isFinite(maxY) ? { x: minX, y: maxY + GAP } : { x: 0, y: 0 };
}

/** The collab server refused the connection (a token of an ended sign-in, a canvas not ours). */
class CanvasRefusedError extends Error {}

function waitFor(check: () => boolean, provider: HocuspocusProvider, events: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) {
      resolve();
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      for (const e of events) provider.off(e, done);
      provider.off('authenticationFailed', refused);
    };
    const done = () => {
      if (!check()) return;
      stop();
      resolve();
    };
    const refused = ({ reason }: { reason: string }) => {
      stop();
      reject(new CanvasRefusedError(`The canvas refused the connection: ${reason}`));
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error('The canvas did not answer in time'));
    }, TIMEOUT_MS);
    for (const e of events) provider.on(e, done);
    provider.on('authenticationFailed', refused);
  });
}

/**
 * Adds a resource or document node to the canvas and resolves with the new node's id. A refused
 * connection is tried once more with a fresh token (the first may come from a sign-in that was
 * just replaced, or a token request that failed); nothing is added before the canvas has synced,
 * so a second try cannot add the node twice.
 */
export async function addEntityToCanvas(canvasId: string, entity: CanvasEntity): Promise<string> {
  try {
    return await addOnce(canvasId, entity);
  } catch (err) {
    if (!(err instanceof CanvasRefusedError)) throw err;
    return addOnce(canvasId, entity);
  }
}

async function addOnce(canvasId: string, entity: CanvasEntity): Promise<string> {
  const first = await api.call('collab.getToken');
  let token: string | null = first.token;
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({
    url: first.url,
    name: `canvas:${canvasId}`,
    document: doc,
    // the token fetched above for the first connection, a fresh one for any reconnection
    token: async () => {
      const current = token;
      token = null;
      return current ?? (await api.call('collab.getToken')).token;
    },
  });
  try {
    await waitFor(() => provider.isSynced, provider, ['synced']);
    const node = addNode(
      doc,
      {
        type: entity.entityType,
        position: positionBelow(doc),
        data: {
          title: entity.title,
          entityId: entity.entityId,
          contentPreview: (entity.contentPreview ?? '').slice(0, 500),
          metadata: entity.metadata ?? {},
        },
      },
      { maxNodes: LIMITS.maxCanvasNodes },
    );
    await waitFor(() => !provider.hasUnsyncedChanges, provider, ['unsyncedChanges']);
    return node.id;
  } finally {
    provider.destroy();
    doc.destroy();
  }
}
