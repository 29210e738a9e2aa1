/**
 * The read-only live connection of a live share (loaded only when a share is live): a
 * `share.liveToken` for the share, a HocuspocusProvider on the collab document it names, and
 * the document read as what the viewer draws (canvas nodes and edges, or Markdown) on every
 * change. The token only reads: the server refuses any update from it.
 *
 * The server closes the socket when the share is revoked, turned off, no longer live or expired;
 * a closed (or refused) connection asks `share.detail` again, and when the share is gone (E1009)
 * the viewer is told `revoked` and the provider stops reconnecting; a share no longer live stops
 * it too (`failed`: the snapshot stays). Any other close (the network) is `failed` until the
 * provider's reconnection syncs again.
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { getCanvasSnapshot } from '@atelier/canvas';
import { yDocToMarkdown } from '@atelier/editor';
import { api } from '../../../api/client';

export type LiveRead = 'canvas' | 'markdown';

export interface LiveHandlers<T> {
  onValue: (value: T) => void;
  onStatus: (status: 'live' | 'failed' | 'revoked') => void;
}

function errCodeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { errCode?: string }).errCode : undefined;
}

export function connectLive(
  shareId: string,
  read: 'canvas',
  handlers: LiveHandlers<{ nodes: unknown[]; edges: unknown[] }>,
): () => void;
export function connectLive(shareId: string, read: 'markdown', handlers: LiveHandlers<string>): () => void;
export function connectLive(shareId: string, read: LiveRead, handlers: LiveHandlers<never>): () => void {
  let provider: HocuspocusProvider | null = null;
  let closed = false;
  const doc = new Y.Doc();
  const emit = () => {
    try {
      const value = read === 'canvas' ? getCanvasSnapshot(doc) : yDocToMarkdown(doc);
      (handlers.onValue as (v: unknown) => void)(value);
    } catch {
      // a half-applied update: the next one completes it
    }
  };
  const fetchToken = () => api.call('share.liveToken', { query: { shareId } });
  const stop = () => {
    closed = true;
    doc.off('update', emit);
    provider?.destroy();
    doc.destroy();
  };
  /** After a close or refusal: a share that is gone is `revoked` (and stays so), else `failed`. */
  let checking = false;
  const recheck = () => {
    if (closed || checking) return;
    checking = true;
    handlers.onStatus('failed');
    api.call('share.detail', { query: { shareId } }).then(
      (content) => {
        checking = false;
        // no longer live: the snapshot stays on screen, nothing to reconnect to
        if (!content.share.live) stop();
      },
      (error: unknown) => {
        checking = false;
        if (closed || errCodeOf(error) !== 'E1009') return;
        stop();
        handlers.onStatus('revoked');
      },
    );
  };
  void fetchToken().then(({ url, documentName }) => {
    if (closed) return;
    let listening = false;
    provider = new HocuspocusProvider({
      url,
      name: documentName,
      document: doc,
      token: async () => (await fetchToken()).token,
      onSynced: ({ state }) => {
        if (!state || closed) return;
        handlers.onStatus('live');
        emit();
        if (!listening) doc.on('update', emit);
        listening = true;
      },
      onAuthenticationFailed: recheck,
      onClose: recheck,
    });
  }, recheck);
  return stop;
}
