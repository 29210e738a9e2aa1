/**
 * Where new nodes go: the nearest free spot to the middle of the view, or beside the selected
 * node or the nodes they connect from (with the edges drawn). Also measures nodes for the layout helpers and turns the node limit
 * error into a message.
 */
import { useCallback, useRef, type RefObject } from 'react';
import { App } from 'antd';
import { useReactFlow } from '@xyflow/react';
import type * as Y from 'yjs';
import {
  addEdge,
  addNode,
  getNode,
  NodeLimitError,
  type CanvasNode,
  type NewCanvasNode,
} from '@atelier/canvas';
import { LIMITS } from '@atelier/contract';
import type { PlaceNodeOptions, PreviewTarget } from './canvasContext';
import { LAUNCHPAD_ROOM_PX } from './canvasFit';
import { DEFAULT_NODE_SIZE, findFreeSpot, type Box, type SizeOf } from './canvasOps';
import { previewTargetOf } from './previewTarget';
import { useCanvasT } from './useCanvasT';
import type { FlowNode } from './useCanvasFlow';

export const MAX_NODES = LIMITS.maxCanvasNodes;

export type PlaceNode = (
  node: Omit<NewCanvasNode, 'position'>,
  options?: PlaceNodeOptions & { at?: { x: number; y: number } },
) => string | null;

interface PlacementInput {
  doc: Y.Doc | null;
  readOnly: boolean;
  wrapper: RefObject<HTMLDivElement | null>;
  openPreview: (target: PreviewTarget) => void;
}

export function useCanvasPlacement({ doc, readOnly, wrapper, openPreview }: PlacementInput) {
  const ct = useCanvasT();
  const { message } = App.useApp();
  const flow = useReactFlow<FlowNode>();

  const sizeOf: SizeOf = useCallback(
    (node) => {
      const measured = flow.getInternalNode(node.id)?.measured;
      return {
        width: node.width ?? measured?.width ?? DEFAULT_NODE_SIZE.width,
        height: node.height ?? measured?.height ?? DEFAULT_NODE_SIZE.height,
      };
    },
    [flow],
  );

  const reportLimit = useCallback(
    (error: unknown) => {
      if (error instanceof NodeLimitError) void message.error(ct('messages.nodeLimit'));
      else throw error;
    },
    [message, ct],
  );

  /** Every node's rectangle on the canvas, as measured. */
  const nodeBoxes = (): Box[] =>
    flow.getNodes().map((n) => {
      const at = flow.getInternalNode(n.id)?.internals.positionAbsolute ?? n.position;
      return {
        x: at.x,
        y: at.y,
        width: n.measured?.width ?? DEFAULT_NODE_SIZE.width,
        height: n.measured?.height ?? DEFAULT_NODE_SIZE.height,
      };
    });

  /** The visible part of the canvas, in canvas coordinates. */
  const viewRect = (): Box => {
    const { x, y, zoom } = flow.getViewport();
    const width = wrapper.current?.clientWidth ?? 800;
    const height = wrapper.current?.clientHeight ?? 600;
    return { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
  };

  /**
   * Where a new node goes: right of the nodes it connects from (an AI answer beside its
   * context), else right of the one selected node, else the middle of the view (above the
   * launchpad); in each case the nearest free spot, never on top of another node.
   */
  const positionFor = (sources: readonly CanvasNode[]) => {
    const boxes = nodeBoxes();
    const boxOf = (id: string) => {
      const internal = flow.getInternalNode(id);
      if (!internal) return null;
      const at = internal.internals.positionAbsolute;
      return {
        x: at.x,
        y: at.y,
        width: internal.measured.width ?? DEFAULT_NODE_SIZE.width,
        height: internal.measured.height ?? DEFAULT_NODE_SIZE.height,
      };
    };
    const anchors = (
      sources.length
        ? sources.map((n) => n.id)
        : flow
            .getNodes()
            .filter((n) => n.selected)
            .map((n) => n.id)
    )
      .map(boxOf)
      .filter((b) => b !== null);
    if (anchors.length > 0 && (sources.length > 0 || anchors.length === 1)) {
      const target = {
        x: Math.max(...anchors.map((b) => b.x + b.width)) + 80,
        y: anchors.reduce((sum, b) => sum + b.y, 0) / anchors.length,
      };
      return findFreeSpot(target, DEFAULT_NODE_SIZE, boxes, { prefer: { x: 1.5, y: 1 } });
    }
    const view = viewRect();
    const target = {
      x: view.x + view.width / 2 - DEFAULT_NODE_SIZE.width / 2,
      // a little above the middle: the launchpad covers the bottom of the view
      y: view.y + view.height * 0.42 - DEFAULT_NODE_SIZE.height / 2,
    };
    // the strip the launchpad covers counts as taken
    const zoom = flow.getViewport().zoom;
    const launchpad = {
      x: view.x,
      y: view.y + view.height - LAUNCHPAD_ROOM_PX / zoom,
      width: view.width,
      height: LAUNCHPAD_ROOM_PX / zoom,
    };
    return findFreeSpot(target, DEFAULT_NODE_SIZE, [...boxes, launchpad]);
  };

  /** Places a node beside the nodes it connects from (or near the view) and draws the edges. */
  const placeNode: PlaceNode = (node, options = {}) => {
    if (!doc || readOnly) return null;
    const sources = (options.connectFrom ?? []).map((id) => getNode(doc, id)).filter((n) => n !== undefined);
    const position = options.at ?? positionFor(sources);
    let id: string | null = null;
    try {
      doc.transact(() => {
        const created = addNode(doc, { ...node, position }, { maxNodes: MAX_NODES });
        id = created.id;
        for (const source of sources) addEdge(doc, { source: source.id, target: created.id });
      });
    } catch (error) {
      reportLimit(error);
      return null;
    }
    if (options.open && id) {
      const target = previewTargetOf({
        id,
        type: node.type,
        data: { entityId: node.data.entityId ?? '' } as CanvasNode['data'],
      });
      if (target) openPreview(target);
    }
    return id;
  };

  // a stable function for the canvas context, always calling the latest placeNode
  const latest = useRef(placeNode);
  latest.current = placeNode;
  const placeNodeStable = useCallback<PlaceNode>((node, options) => latest.current(node, options), []);

  return { placeNode, placeNodeStable, sizeOf, reportLimit };
}
