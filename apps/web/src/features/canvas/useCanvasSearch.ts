/**
 * Find on this canvas: Ctrl/Cmd+F (when the canvas, not a field or the preview, has the keys)
 * opens the search box instead of the browser's find. The hits are the nodes whose title,
 * content or link match (canvasSearch.ts); going to a hit selects it alone and pans the view to
 * it, animated, at 100 % when the canvas is too far out to read it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useReactFlow, type EdgeChange, type NodeChange } from '@xyflow/react';
import { motionMs } from '../../stores/themeStore';
import { READABLE_ZOOM } from './canvasFit';
import { findHits, stepHit, type SearchableNode } from './canvasSearch';
import { isCanvasKeyTarget } from './keyTargets';
import type { FlowNode } from './useCanvasFlow';
import { selectOnlyChanges } from './useCanvasSelection';

const PAN_DURATION_MS = 400;

export interface CanvasSearchInput {
  nodes: FlowNode[];
  onNodesChange: (changes: NodeChange<FlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange[]) => void;
}

export function useCanvasSearch({ nodes, onNodesChange, onEdgesChange }: CanvasSearchInput) {
  const flow = useReactFlow<FlowNode>();
  const [open, setOpen] = useState(false);
  const [query, setQueryState] = useState('');
  const [index, setIndex] = useState(0);
  /** Bumped whenever the search box should take the focus (again). */
  const [focusRequest, setFocusRequest] = useState(0);

  const hits = useMemo(() => {
    if (!open) return [];
    const searchable: SearchableNode[] = nodes.map((node) => ({
      id: node.id,
      data: node.data,
      position: flow.getInternalNode(node.id)?.internals.positionAbsolute ?? node.position,
    }));
    return findHits(searchable, query);
  }, [open, nodes, query, flow]);
  const hitsNow = useRef(hits);
  hitsNow.current = hits;

  const goTo = useCallback(
    (id: string | undefined) => {
      const node = id ? flow.getInternalNode(id) : undefined;
      if (!node) return;
      const nodeChanges = selectOnlyChanges(flow.getNodes(), new Set([node.id]));
      const edgeChanges = selectOnlyChanges(flow.getEdges(), new Set());
      if (nodeChanges.length) onNodesChange(nodeChanges);
      if (edgeChanges.length) onEdgesChange(edgeChanges);
      const { x, y } = node.internals.positionAbsolute;
      const width = node.measured.width ?? node.width ?? 0;
      const height = node.measured.height ?? node.height ?? 0;
      void flow.setCenter(x + width / 2, y + height / 2, {
        // too far out to read the hit: show it at 100 %
        zoom: flow.getZoom() < READABLE_ZOOM ? 1 : flow.getZoom(),
        duration: motionMs(PAN_DURATION_MS),
      });
    },
    [flow, onNodesChange, onEdgesChange],
  );

  const indexNow = useRef(0);
  const setQuery = useCallback((next: string) => {
    setQueryState(next);
    indexNow.current = 0;
    setIndex(0);
  }, []);

  // a new query goes to its first hit
  const lastQuery = useRef('');
  useEffect(() => {
    if (!open || query === lastQuery.current) return;
    lastQuery.current = query;
    goTo(hits[0]);
  }, [open, query, hits, goTo]);

  const step = useCallback(
    (direction: 1 | -1) => {
      const count = hitsNow.current.length;
      if (count === 0) return;
      const next = stepHit(Math.min(indexNow.current, count - 1), count, direction);
      indexNow.current = next;
      setIndex(next);
      goTo(hitsNow.current[next]);
    },
    [goTo],
  );

  const openSearch = useCallback(() => {
    setOpen(true);
    setFocusRequest((n) => n + 1);
  }, []);

  const openNow = useRef(open);
  openNow.current = open;
  const close = useCallback((): boolean => {
    if (!openNow.current) return false;
    setOpen(false);
    // opened again, the search starts over at the first hit of its query
    lastQuery.current = '';
    indexNow.current = 0;
    setIndex(0);
    return true;
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'f') return;
      if (!isCanvasKeyTarget(e.target)) return;
      e.preventDefault();
      openSearch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openSearch]);

  // edits can shrink the hit list under the current position
  const shown = hits.length === 0 ? 0 : Math.min(index, hits.length - 1) + 1;

  return {
    open,
    query,
    setQuery,
    hitCount: hits.length,
    /** 1-based position of the current hit; 0 when there is none. */
    current: shown,
    next: () => step(1),
    previous: () => step(-1),
    openSearch,
    close,
    focusRequest,
  };
}

export type CanvasSearchState = ReturnType<typeof useCanvasSearch>;
