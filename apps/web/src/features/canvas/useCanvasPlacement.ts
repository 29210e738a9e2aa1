/**
 * Where new nodes go: a free spot in the current view, or right of the nodes they connect from
 * (with the edges drawn). Also measures nodes for the layout helpers and turns the node limit
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
import { DEFAULT_NODE_SIZE, freeSpotBelow, overlaps, type Box, type SizeOf } from './canvasOps';
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

  /** A free spot near the middle of the current view, shifted a little for each new node. */
  const nextPosition = () => {
    const { x, y, zoom } = flow.getViewport();
    const width = wrapper.current?.clientWidth ?? 800;
    const height = wrapper.current?.clientHeight ?? 600;
    const view = { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
    const boxes = nodeBoxes();
    const { width: w, height: h } = DEFAULT_NODE_SIZE;
    const free = (px: number, py: number) =>
      !boxes.some((b) => overlaps({ x: px, y: py, width: w, height: h }, b, 24));
    // scan the visible area row by row for a free slot; fall back to a cascade near the top left
    for (let py = view.y + 40; py + h <= view.y + view.height - 40; py += 60) {
      for (let px = view.x + 40; px + w <= view.x + view.width - 40; px += 60) {
        if (free(px, py)) return { x: Math.round(px), y: Math.round(py) };
      }
    }
    const n = boxes.length % 8;
    return { x: Math.round(view.x + 40 + n * 24), y: Math.round(view.y + 40 + n * 24) };
  };

  /** Places a node right of the nodes it connects from (or near the view) and draws the edges. */
  const placeNode: PlaceNode = (node, options = {}) => {
    if (!doc || readOnly) return null;
    const sources = (options.connectFrom ?? []).map((id) => getNode(doc, id)).filter((n) => n !== undefined);
    const position =
      options.at ??
      (sources.length
        ? freeSpotBelow(
            {
              x:
                Math.max(...sources.map((n) => n.position.x + (n.width ?? DEFAULT_NODE_SIZE.width + 80))) +
                80,
              y: sources.reduce((sum, n) => sum + n.position.y, 0) / sources.length,
            },
            DEFAULT_NODE_SIZE,
            nodeBoxes(),
          )
        : nextPosition());
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
