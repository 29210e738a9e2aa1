/**
 * Live shares in the viewer: `LiveContext` says whether the open share is live and collects the
 * connection's state for the header's badge; `useLiveCanvas` / `useLiveMarkdown` follow the
 * owner's canvas or document through liveConnect.ts (its own chunk) and keep the published
 * snapshot when the connection fails.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { CanvasEdge, CanvasNode } from '@atelier/contract';

export type LiveStatus = 'off' | 'connecting' | 'live' | 'failed';

export const LiveContext = createContext<{ live: boolean; setStatus: (status: LiveStatus) => void }>({
  live: false,
  setStatus: () => {},
});

function useLive<T>(shareId: string, read: 'canvas' | 'markdown', initial: T): T {
  const { live, setStatus } = useContext(LiveContext);
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
          onStatus: (s: 'live' | 'failed') => setStatus(s),
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

export function useLiveMarkdown(shareId: string, initial: string): string {
  return useLive(shareId, 'markdown', initial);
}

export function useLiveCanvas(
  shareId: string,
  initial: { nodes: CanvasNode[]; edges: CanvasEdge[] },
): { nodes: CanvasNode[]; edges: CanvasEdge[] } {
  return useLive(shareId, 'canvas', initial);
}
