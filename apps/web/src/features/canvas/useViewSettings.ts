/**
 * The per-user view toggles as the canvas element and React Flow need them: hidden edges, hand
 * or select pointer, mouse or touchpad scrolling, node size mode, far-zoom detail, and the hover
 * guide shown over a node.
 */
import { useMemo, useState, type RefObject } from 'react';
import type { Edge } from '@xyflow/react';
import { useCanvasPreferences } from './canvasPreferences';
import type { HoverState } from './HoverGuide';
import type { FlowNode } from './useCanvasFlow';
import { useFarZoom, useZoomVariable } from './zoomDetail';

export function useViewSettings(edges: Edge[], wrapper: RefObject<HTMLDivElement | null>) {
  const { preferences, setPreference } = useCanvasPreferences();
  const far = useFarZoom();
  useZoomVariable();
  const [hover, setHover] = useState<HoverState | null>(null);
  const hand = preferences.pointerMode === 'hand';
  const touchpad = preferences.operationMode === 'touchpad';

  const visibleEdges = useMemo<Edge[]>(
    () => (preferences.edgesShown ? edges : edges.map((e) => ({ ...e, hidden: true }))),
    [edges, preferences.edgesShown],
  );

  const hideHover = () => setHover(null);
  /** React Flow handlers that show the hover guide under a node and hide it on any movement. */
  const hoverHandlers = {
    onNodeMouseEnter: (e: React.MouseEvent, node: FlowNode) => {
      if (!preferences.hoverGuide || node.dragging) return;
      const rect = wrapper.current?.getBoundingClientRect();
      const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
      if (rect)
        setHover({
          type: node.type ?? 'memo',
          left: box.left - rect.left,
          top: box.bottom - rect.top + 8,
        });
    },
    onNodeMouseLeave: hideHover,
    onNodeDragStart: hideHover,
    onMoveStart: hideHover,
  };

  return {
    preferences,
    setPreference,
    visibleEdges,
    hand,
    touchpad,
    flowClassName: `canvas-screen__flow is-${preferences.sizeMode}${hand ? ' is-hand' : ''}${far ? ' is-far' : ''}`,
    hover: hover && preferences.hoverGuide ? hover : null,
    hideHover,
    hoverHandlers,
  };
}
