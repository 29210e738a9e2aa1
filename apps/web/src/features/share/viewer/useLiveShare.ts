/**
 * Live shares in the viewer: `LiveContext` says whether the open share is live and collects the
 * connection's state for the header's badge (and `revoked`, when the server ended the connection
 * because the share is gone: the viewer then shows the not-found message); `useLiveCanvas` /
 * `useLiveMarkdown` follow the owner's canvas or document through liveConnect.ts (its own chunk)
 * and keep the published snapshot when the connection fails. The live entity names its owner's
 * files, which viewers load through the share (shareFiles.ts).
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { CanvasEdge, CanvasNode } from '@atelier/contract';
import { viewerMarkdown, viewerNodes } from './shareFiles';

export type LiveStatus = 'off' | 'connecting' | 'live' | 'failed' | 'revoked';

export const LiveContext = createContext<{
  /** The open (top-level) share; its child shares (a canvas's documents) are snapshots. */
  shareId: string;
  live: boolean;
  setStatus: (status: LiveStatus) => void;
}>({
  shareId: '',
  live: false,
  setStatus: () => {},
});

function useLive<T>(shareId: string, read: 'canvas' | 'markdown', initial: T): T {
  const context = useContext(LiveContext);
  const live = context.live && context.shareId === shareId;
  const { setStatus } = context;
  const [value, setValue] = useState<T>(initial);
  useEffect(() => setValue(initial), [initial]);
  useEffect(() => {
    if (!live) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    setStatus('connecting');
    void import('./liveConnect').then(
      ({ connectLive }) => {
        if (cancelled) return;
        const handlers = {
          onValue: (v: unknown) => setValue(v as T),
          onStatus: (s: 'live' | 'failed' | 'revoked') => setStatus(s),
        };
        stop =
          read === 'canvas'
            ? connectLive(shareId, 'canvas', handlers)
            : connectLive(shareId, 'markdown', handlers);
      },
      () => setStatus('failed'),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [live, shareId, read, setStatus]);
  return value;
}

/** The document's Markdown (live when the share is), its images loadable by this viewer. */
export function useLiveMarkdown(shareId: string, initial: string): string {
  const markdown = useLive(shareId, 'markdown', initial);
  return useMemo(() => viewerMarkdown(markdown, shareId), [markdown, shareId]);
}

/** The canvas's nodes and edges (live when the share is), its images loadable by this viewer. */
export function useLiveCanvas(
  shareId: string,
  initial: { nodes: CanvasNode[]; edges: CanvasEdge[] },
): { nodes: CanvasNode[]; edges: CanvasEdge[] } {
  const canvas = useLive(shareId, 'canvas', initial);
  return useMemo(() => ({ ...canvas, nodes: viewerNodes(canvas.nodes, shareId) }), [canvas, shareId]);
}
