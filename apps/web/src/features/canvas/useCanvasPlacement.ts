/**
 * Where new nodes go, by the placement rule of @atelier/canvas (the server places the agent's
 * nodes by the same rule): the nearest free spot to the middle of the free part of the view, or
 * beside the nodes they connect from (with the edges drawn) or the one selected node, or near a
 * given point (a drop, a double-click). Never on top of another node: the boxes counted are the
 * measured ones, and a node this tab placed that turns out bigger than its type's size once it
 * is drawn moves on to the nearest free spot. Also measures nodes for the layout helpers, brings
 * a new node into view and turns the node limit error into a message.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { App } from 'antd';
import { useReactFlow } from '@xyflow/react';
import type * as Y from 'yjs';
import {
  addEdge,
  addNode,
  BESIDE_PREFERENCE,
  besideTarget,
  estimatedSize,
  findFreeSpot,
  getNode,
  NodeLimitError,
  overlaps,
  updateNode,
  type Box,
  type CanvasNode,
  type NewCanvasNode,
  type Point,
  type Size,
} from '@atelier/canvas';
import { LIMITS } from '@atelier/contract';
import { motionMs } from '../../stores/themeStore';
import type { PlaceNodeOptions, PreviewTarget } from './canvasContext';
import { measureInsets, type Insets } from './canvasFit';
import type { SizeOf } from './canvasOps';
import { previewTargetOf } from './previewTarget';
import { useCanvasT } from './useCanvasT';
import { FAR_ZOOM } from './zoomDetail';
import type { FlowNode } from './useCanvasFlow';

export const MAX_NODES = LIMITS.maxCanvasNodes;

export type PlaceNode = (
  node: Omit<NewCanvasNode, 'position'>,
  options?: PlaceNodeOptions & { at?: Point },
) => string | null;

interface PlacementInput {
  doc: Y.Doc | null;
  readOnly: boolean;
  wrapper: RefObject<HTMLDivElement | null>;
  /** The nodes as drawn (for the check once a new node is measured). */
  nodes: readonly FlowNode[];
  launchpadShown: boolean;
  openPreview: (target: PreviewTarget) => void;
}

/** The view's part that overlays leave free, and the overlays, in canvas coordinates. */
export interface FreeView {
  free: Box;
  overlays: Box[];
  zoom: number;
}

/** The free part of a view of `width` × `height` px at viewport `x`, `y`, `zoom`, minus `insets`. */
export function freeViewOf(
  viewport: { x: number; y: number; zoom: number },
  width: number,
  height: number,
  insets: Insets,
): FreeView {
  const { x, y, zoom } = viewport;
  const view = { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
  const free = {
    x: view.x + insets.left / zoom,
    y: view.y + insets.top / zoom,
    width: Math.max(1, view.width - (insets.left + insets.right) / zoom),
    height: Math.max(1, view.height - (insets.top + insets.bottom) / zoom),
  };
  // the covered strips count as taken, so a crowded middle sends nodes into the free part
  const overlays: Box[] = [
    { x: view.x, y: view.y, width: view.width, height: insets.top / zoom },
    { x: view.x, y: free.y + free.height, width: view.width, height: insets.bottom / zoom },
    { x: view.x, y: view.y, width: insets.left / zoom, height: view.height },
    { x: free.x + free.width, y: view.y, width: insets.right / zoom, height: view.height },
  ].filter((b) => b.width > 0 && b.height > 0);
  return { free, overlays, zoom };
}

/** Whether `box` lies wholly inside `area`. */
export function inside(box: Box, area: Box): boolean {
  return (
    box.x >= area.x &&
    box.y >= area.y &&
    box.x + box.width <= area.x + area.width &&
    box.y + box.height <= area.y + area.height
  );
}

export function useCanvasPlacement({
  doc,
  readOnly,
  wrapper,
  nodes,
  launchpadShown,
  openPreview,
}: PlacementInput) {
  const ct = useCanvasT();
  const { message } = App.useApp();
  const flow = useReactFlow<FlowNode>();

  /** A node's size: set, else measured, else the size its type is drawn at. */
  const sizeOf: SizeOf = useCallback(
    (node) => {
      const measured = flow.getInternalNode(node.id)?.measured;
      const typical = estimatedSize(node);
      return {
        width: node.width ?? measured?.width ?? typical.width,
        height: node.height ?? measured?.height ?? typical.height,
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

  /** A node's box on the canvas as drawn (absolute; its type's size until it is measured). */
  const boxOf = useCallback(
    (id: string): Box | null => {
      const internal = flow.getInternalNode(id);
      if (!internal) return null;
      const at = internal.internals.positionAbsolute;
      const typical = estimatedSize({ type: internal.type ?? 'memo' });
      return {
        x: at.x,
        y: at.y,
        width: internal.measured.width ?? internal.width ?? typical.width,
        height: internal.measured.height ?? internal.height ?? typical.height,
      };
    },
    [flow],
  );

  /** Every node's box on the canvas. */
  const boxes = useCallback(
    (except?: string): Box[] =>
      flow
        .getNodes()
        .filter((n) => n.id !== except)
        .map((n) => boxOf(n.id))
        .filter((b) => b !== null),
    [flow, boxOf],
  );

  const freeView = useCallback((): FreeView => {
    const el = wrapper.current;
    return freeViewOf(
      flow.getViewport(),
      el?.clientWidth ?? 800,
      el?.clientHeight ?? 600,
      measureInsets(el, launchpadShown),
    );
  }, [flow, wrapper, launchpadShown]);

  /**
   * Where a new node of `size` goes: near `at` when given; right of the nodes it connects from
   * (an AI answer beside its context), else right of the one selected node, else the middle of
   * the free view; in each case the nearest free spot.
   */
  const positionFor = (sources: readonly CanvasNode[], size: Size, at?: Point): Point => {
    const taken = boxes();
    if (at) return findFreeSpot(at, size, taken);
    const selected = flow
      .getNodes()
      .filter((n) => n.selected)
      .map((n) => n.id);
    const anchorIds = sources.length ? sources.map((n) => n.id) : selected.length === 1 ? selected : [];
    const beside = besideTarget(anchorIds.map(boxOf).filter((b) => b !== null));
    if (beside) return findFreeSpot(beside, size, taken, { prefer: BESIDE_PREFERENCE });
    const { free, overlays } = freeView();
    const target = {
      x: free.x + free.width / 2 - size.width / 2,
      y: free.y + free.height / 2 - size.height / 2,
    };
    return findFreeSpot(target, size, [...taken, ...overlays]);
  };

  /** Nodes this tab placed, checked again once drawn (and while they grow) until they are dragged. */
  const fresh = useRef(new Map<string, string>());
  /** Nodes to bring into view once they are drawn. */
  const revealWanted = useRef(new Map<string, 'view' | 'readable'>());

  /** Places a node beside the nodes it connects from (or near the view) and draws the edges. */
  const placeNode: PlaceNode = (node, options = {}) => {
    if (!doc || readOnly) return null;
    const sources = (options.connectFrom ?? []).map((id) => getNode(doc, id)).filter((n) => n !== undefined);
    const size = estimatedSize({ type: node.type, width: node.width, height: node.height });
    const position = positionFor(sources, size, options.at);
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
    if (id) fresh.current.set(id, '');
    if (id && options.reveal) revealWanted.current.set(id, options.reveal);
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

  /**
   * Brings a node into the free view when it is not wholly in it, moving the view as little as
   * it takes (keeping the zoom); with `readable`, a view zoomed out too far to read a card zooms
   * in with the node in the middle of the free view.
   */
  const reveal = useCallback(
    (id: string, options: { readable?: boolean; minZoom?: number } = {}) => {
      const box = boxOf(id);
      if (!box) return;
      const viewport = flow.getViewport();
      const { free, zoom } = freeView();
      const duration = motionMs(300);
      if (options.readable && options.minZoom && zoom < options.minZoom) {
        // the middle of the free area, on screen, is where the node's middle goes
        const el = wrapper.current;
        const insets = measureInsets(el, launchpadShown);
        const screenX = insets.left + ((el?.clientWidth ?? 800) - insets.left - insets.right) / 2;
        const screenY = insets.top + ((el?.clientHeight ?? 600) - insets.top - insets.bottom) / 2;
        const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        void flow.setViewport({ x: screenX - middle.x, y: screenY - middle.y, zoom: 1 }, { duration });
        return;
      }
      if (inside(box, free)) return;
      const margin = 24 / zoom;
      const shift = (start: number, size: number, from: number, room: number) =>
        start < from || size > room
          ? from + margin - start
          : start + size > from + room
            ? from + room - margin - (start + size)
            : 0;
      const dx = shift(box.x, box.width, free.x, free.width);
      const dy = shift(box.y, box.height, free.y, free.height);
      void flow.setViewport({ x: viewport.x + dx * zoom, y: viewport.y + dy * zoom, zoom }, { duration });
    },
    [boxOf, freeView, flow, wrapper, launchpadShown],
  );

  // a node this tab placed, drawn bigger than its type's size, moves off the nodes it covers
  useEffect(() => {
    if (!doc || readOnly || (fresh.current.size === 0 && revealWanted.current.size === 0)) return;
    for (const [id, seen] of fresh.current) {
      const node = nodes.find((n) => n.id === id);
      // not drawn yet (seen === ''), or gone / taken in hand by the person
      if (!node && seen === '') continue;
      if (!node || node.dragging) {
        fresh.current.delete(id);
        continue;
      }
      const box = boxOf(id);
      if (!node.measured?.width || !node.measured.height || !box) continue;
      const shape = `${box.x},${box.y},${box.width},${box.height}`;
      if (shape === seen) continue;
      fresh.current.set(id, shape);
      if (node.parentId) continue;
      const others = boxes(id);
      if (!others.some((b) => overlaps(box, b))) continue;
      updateNode(doc, id, { position: findFreeSpot(box, box, others) });
    }
    for (const [id, how] of revealWanted.current) {
      const node = nodes.find((n) => n.id === id);
      if (!node?.measured?.width) continue;
      revealWanted.current.delete(id);
      reveal(id, how === 'readable' ? { readable: true, minZoom: FAR_ZOOM } : {});
    }
  }, [nodes, doc, readOnly, boxOf, boxes, reveal]);

  // a stable function for the canvas context, always calling the latest placeNode
  const latest = useRef(placeNode);
  latest.current = placeNode;
  const placeNodeStable = useCallback<PlaceNode>((node, options) => latest.current(node, options), []);

  return { placeNode, placeNodeStable, sizeOf, boxes, reveal, reportLimit };
}
