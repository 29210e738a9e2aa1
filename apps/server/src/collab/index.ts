/**
 * Collaboration: the `/collab` WebSocket endpoint for the `collab` role over the server's one
 * CollabService (built by the composition root, services.ts).
 */
import type { Server } from 'node:http';
import type { AppContext } from '../context.js';
import type { CollabService } from './collab.service.js';
import { attachCollabEndpoint } from './collab.ws.js';

export { CollabService, type LiveDocument } from './collab.service.js';
export type { CollabErrorMessage, CollabReadOnlyMessage } from './collab.messages.js';
export { canvasDocName, documentDocName, parseCollabName } from './collab.names.js';
export { COLLAB_PATH } from './collab.ws.js';

/**
 * Starts collaboration for a server: the WebSocket endpoint when this process has the `collab`
 * role, and recovery of update logs a crash left behind. The returned close flushes pending
 * stores; call it before the database closes.
 */
export function startCollab(
  ctx: AppContext,
  collab: CollabService,
  server: Server,
): { close(): Promise<void> } {
  const endpoint = ctx.config.ROLES.includes('collab') ? attachCollabEndpoint(server, collab) : null;
  const recovery = collab
    .recoverPendingLogs()
    .then((count) => {
      if (count > 0) ctx.log.info({ count }, 'folded collaboration update logs left by an earlier run');
    })
    .catch((err: unknown) => ctx.log.warn({ err }, 'could not recover collaboration update logs'));
  return {
    close: async () => {
      await endpoint?.close();
      await recovery;
      await collab.close();
    },
  };
}
