/**
 * Arranging nodes: grouping a selection, and the automatic layout, run on demand or (with the
 * auto layout toggle) again whenever nodes or edges are added or removed.
 */
import { useCallback, useEffect, type RefObject } from 'react';
import { App } from 'antd';
import { useReactFlow, type FitViewOptions } from '@xyflow/react';
import type * as Y from 'yjs';
import { READABLE_ZOOM, type Insets } from './canvasFit';
import { autoLayout, groupNodes, type SizeOf } from './canvasOps';
import { useCanvasT } from './useCanvasT';

interface ArrangeInput {
  doc: Y.Doc | null;
  readOnly: boolean;
  sizeOf: SizeOf;
  /** How the view is fitted now (into the free area); Arrange fits the result at a readable zoom. */
  fitOptions: () => FitViewOptions;
  /** The covered sides of the canvas element now (canvasFit.ts). */
  insets: () => Insets;
  /** The canvas element: Arrange packs unconnected parts in rows as wide as it is. */
  wrapper: RefObject<HTMLDivElement | null>;
  autoLayoutOn: boolean;
  /** Changes when a node or edge is added or removed. */
  shape: string;
}

export function useCanvasArrange({
  doc,
  readOnly,
  sizeOf,
  fitOptions,
  insets,
  wrapper,
  autoLayoutOn,
  shape,
}: ArrangeInput) {
  const flow = useReactFlow();
  const ct = useCanvasT();
  const { message } = App.useApp();

  const group = (ids: readonly string[]) => {
    if (!doc || readOnly) return;
    if (ids.length < 2) return void message.info(ct('messages.groupNeedsTwo'));
    groupNodes(doc, ids, { sizeOf });
  };

  const layout = useCallback(() => {
    if (!doc || readOnly) return;
    const box = wrapper.current;
    // the shape of the free part of the view: what the launchpad, minimap and controls leave
    const room = insets();
    const aspect = box
      ? Math.max(200, box.clientWidth - room.left - room.right) /
        Math.max(200, box.clientHeight - room.top - room.bottom)
      : undefined;
    autoLayout(doc, aspect ? { sizeOf, aspect } : { sizeOf });
  }, [doc, readOnly, sizeOf, wrapper, insets]);

  /** Arrange: lays the graph out, then shows it at a readable zoom with room for the launchpad. */
  const layoutNow = useCallback(() => {
    if (!doc || readOnly) return;
    layout();
    // the new positions reach React Flow with the doc's update; fit once they are drawn
    requestAnimationFrame(() => {
      void flow.fitView({ ...fitOptions(), minZoom: READABLE_ZOOM });
    });
  }, [doc, readOnly, layout, flow, fitOptions]);

  // the automatic layout keeps the view where the person put it
  useEffect(() => {
    if (autoLayoutOn && shape !== '0:0') layout();
  }, [autoLayoutOn, shape, layout]);

  return { group, layoutNow };
}
