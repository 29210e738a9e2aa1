/**
 * The read-only live connection of a live share (loaded only when a share is live): a
 * `share.liveToken` for the share, a HocuspocusProvider on the collab document it names, and
 * the document read as what the viewer draws (canvas nodes and edges, or Markdown) on every
 * change. The token only reads: the server refuses any update from it.
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { getCanvasSnapshot } from '@atelier/canvas';
import { yDocToMarkdown } from '@atelier/editor';
import { api } from '../../../api/client';

export type LiveRead = 'canvas' | 'markdown';

export interface LiveHandlers<T> {
  onValue: (value: T) => void;
  onStatus: (status: 'live' | 'failed') => void;
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
  void fetchToken().then(
    ({ url, documentName }) => {
      if (closed) return;
      provider = new HocuspocusProvider({
        url,
        name: documentName,
        document: doc,
        token: async () => (await fetchToken()).token,
        onSynced: ({ state }) => {
          if (!state || closed) return;
          handlers.onStatus('live');
          emit();
          doc.on('update', emit);
        },
        onAuthenticationFailed: () => !closed && handlers.onStatus('failed'),
        onClose: () => !closed && handlers.onStatus('failed'),
      });
    },
    () => !closed && handlers.onStatus('failed'),
  );
  return () => {
    closed = true;
    doc.off('update', emit);
    provider?.destroy();
    doc.destroy();
  };
}
