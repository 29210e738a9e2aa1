/**
 * The `/collab` WebSocket endpoint on the HTTP server's port: upgrades for that path are handed
 * to Hocuspocus; every other upgrade is refused. Only processes with the `collab` role attach it.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { CollabService } from './collab.service.js';

export const COLLAB_PATH = '/collab';
/** Largest WebSocket message: a first sync of a big document fits with room to spare. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export interface CollabEndpoint {
  /** Stops accepting upgrades and closes every open socket. */
  close(): Promise<void>;
}

export function attachCollabEndpoint(server: Server, collab: CollabService): CollabEndpoint {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let accepting = true;
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0]!.replace(/\/+$/, '');
    if (!accepting || path !== COLLAB_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => collab.hocuspocus.handleConnection(ws, req));
  };
  server.on('upgrade', onUpgrade);
  return {
    close: async () => {
      accepting = false;
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      // Sockets that did not answer the close handshake in time are cut.
      setTimeout(() => {
        for (const ws of wss.clients) ws.terminate();
      }, 1000).unref();
    },
  };
}
