/**
 * Presence on the canvas, the live part (the pure part is canvasPresence.ts):
 * - `useCanvasPresence` publishes this tab's user, pointer (flow coordinates, at most every
 *   50 ms, again when the view pans or zooms under a still pointer; null once the pointer leaves
 *   the canvas or the tab is hidden) and selected node ids in the canvas's awareness;
 * - `useCanvasPeers` reads the other clients' states, for the cursors, outlines and avatars.
 * Hocuspocus drops a client's state when its tab closes or its socket goes, so peers who left
 * disappear; read-only connections take part like any other.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { useOnViewportChange, useReactFlow } from '@xyflow/react';
import { useCollabUser } from '../collab/collabUser';
import { peersFrom, throttleLatest, type CanvasPeer } from './canvasPresence';

export type CanvasAwareness = NonNullable<HocuspocusProvider['awareness']>;

const POINTER_INTERVAL_MS = 50;

export function useCanvasPresence({
  awareness,
  wrapper,
  selectedNodeIds,
}: {
  awareness: CanvasAwareness | null;
  wrapper: RefObject<HTMLElement | null>;
  selectedNodeIds: string[];
}): void {
  const user = useCollabUser();
  const flow = useReactFlow();
  // called when the view moves: the flow point under a still pointer changes
  const republish = useRef<(() => void) | null>(null);

  useEffect(() => {
    awareness?.setLocalStateField('user', user);
  }, [awareness, user]);

  // a stable key: the node list changes on every drag frame, the selection rarely
  const selectionKey = JSON.stringify(selectedNodeIds);
  const selection = useMemo(() => JSON.parse(selectionKey) as string[], [selectionKey]);
  useEffect(() => {
    awareness?.setLocalStateField('selectedNodes', selection);
  }, [awareness, selection]);

  useEffect(() => {
    const element = wrapper.current;
    if (!awareness || !element) return;
    let client: { x: number; y: number } | null = null;
    const publish = throttleLatest(
      (at: { x: number; y: number }) => awareness.setLocalStateField('pointer', at),
      POINTER_INTERVAL_MS,
    );
    const send = () => {
      if (client) publish(flow.screenToFlowPosition(client, { snapToGrid: false }));
    };
    const move = (event: PointerEvent) => {
      client = { x: event.clientX, y: event.clientY };
      send();
    };
    const clear = () => {
      client = null;
      publish.cancel();
      awareness.setLocalStateField('pointer', null);
    };
    const visibility = () => {
      if (document.hidden) clear();
    };
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerleave', clear);
    document.addEventListener('visibilitychange', visibility);
    republish.current = send;
    return () => {
      republish.current = null;
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerleave', clear);
      document.removeEventListener('visibilitychange', visibility);
      publish.cancel();
    };
  }, [awareness, wrapper, flow]);

  useOnViewportChange({ onChange: () => republish.current?.() });
}

/** The other clients on the canvas, kept up to date from the awareness. */
export function useCanvasPeers(awareness: CanvasAwareness | null): CanvasPeer[] {
  const [peers, setPeers] = useState<CanvasPeer[]>([]);
  useEffect(() => {
    if (!awareness) {
      setPeers([]);
      return;
    }
    const read = () => setPeers(peersFrom(awareness.getStates(), awareness.clientID));
    read();
    awareness.on('change', read);
    return () => {
      awareness.off('change', read);
    };
  }, [awareness]);
  return peers;
}
