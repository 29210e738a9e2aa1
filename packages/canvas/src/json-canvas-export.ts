// Export of a canvas snapshot to JSON Canvas (mapping in json-canvas-map.ts).
import { withoutUndefined } from './doc.js';
import { absolutePositions, exportSizes, handleToSide, renderVisible } from './json-canvas-map.js';
import {
  JSON_CANVAS_STASH_KEY,
  type JsonCanvas,
  type JsonCanvasEdge,
  type JsonCanvasEdgeStash,
  type JsonCanvasNode,
  type JsonCanvasNodeStash,
} from './json-canvas-schema.js';
import type { CanvasEdge, CanvasSnapshot } from './model.js';

function end(value: unknown): 'none' | 'arrow' | undefined {
  return value === 'none' || value === 'arrow' ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function exportEdge(edge: CanvasEdge): JsonCanvasEdge {
  const data = edge.data ?? {};
  const fromSide = handleToSide(edge.sourceHandle);
  const toSide = handleToSide(edge.targetHandle);
  const needsStash =
    edge.type !== undefined ||
    edge.data !== undefined ||
    (edge.sourceHandle !== undefined && fromSide === undefined) ||
    (edge.targetHandle !== undefined && toSide === undefined);
  const stash: JsonCanvasEdgeStash = withoutUndefined({
    type: edge.type,
    data: edge.data,
    sourceHandle: edge.sourceHandle,
    targetHandle: edge.targetHandle,
  });
  return withoutUndefined({
    id: edge.id,
    fromNode: edge.source,
    toNode: edge.target,
    fromSide,
    toSide,
    fromEnd: end(data.fromEnd),
    toEnd: end(data.toEnd),
    color: text(data.color),
    label: text(data.label),
    [JSON_CANVAS_STASH_KEY]: needsStash ? stash : undefined,
  });
}

/** Converts a snapshot to a JSON Canvas document (absolute integer coordinates, stash included). */
export function toJsonCanvas(snapshot: CanvasSnapshot): JsonCanvas {
  const positions = absolutePositions(snapshot.nodes);
  const sizes = exportSizes(snapshot.nodes);
  const nodes = snapshot.nodes.map((node): JsonCanvasNode => {
    const abs = positions.get(node.id) ?? node.position;
    const size = sizes.get(node.id) ?? { width: 1, height: 1 };
    const stash: JsonCanvasNodeStash = withoutUndefined({
      type: node.type,
      data: node.data,
      position: node.position,
      width: node.width,
      height: node.height,
      autoSize: node.width === undefined || node.height === undefined ? size : undefined,
      parentId: node.parentId,
      style: node.style,
    });
    return {
      id: node.id,
      ...renderVisible(node),
      x: Math.round(abs.x),
      y: Math.round(abs.y),
      width: size.width,
      height: size.height,
      ...(text(node.data.metadata.color) ? { color: text(node.data.metadata.color) } : {}),
      [JSON_CANVAS_STASH_KEY]: stash,
    };
  });
  return { nodes, edges: snapshot.edges.map(exportEdge) };
}
