/** The wire shapes of canvases (CanvasSchema, CanvasDataSchema): storage keys become file URLs (fileBaseUrl). */
import {
  CanvasEdgeSchema,
  CanvasNodeSchema,
  type Canvas,
  type CanvasData,
  type CanvasEdge,
  type CanvasNode,
} from '@atelier/contract';
import { fileUrl } from '../upload/upload.service.js';
import type { CanvasDataRows, CanvasRow } from './canvas.service.js';

export function presentCanvas(row: CanvasRow, fileBaseUrl: string): Canvas {
  return {
    canvasId: row.canvasId,
    title: row.title,
    readOnly: row.readOnly,
    status: row.status,
    projectId: row.projectId,
    minimapStorageKey: row.minimapStorageKey,
    minimapUrl: row.minimapStorageKey ? fileUrl(fileBaseUrl, row.minimapStorageKey) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Nodes and edges as the contract describes them. A live document may hold entries a client
 * wrote outside those bounds (say, a 2,000-character title); they are left out of this answer
 * rather than failing it, and stay in the canvas itself.
 */
export function presentCanvasData(rows: CanvasDataRows, fileBaseUrl: string): CanvasData {
  const { canvas, owner, snapshot } = rows;
  const nodes = snapshot.nodes.flatMap((node): CanvasNode[] => {
    const parsed = CanvasNodeSchema.safeParse(node);
    return parsed.success ? [parsed.data] : [];
  });
  const edges = snapshot.edges.flatMap((edge): CanvasEdge[] => {
    const parsed = CanvasEdgeSchema.safeParse(edge);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    owner: owner
      ? {
          uid: owner.uid,
          name: owner.name,
          nickname: owner.nickname,
          avatar: owner.avatarStorageKey ? fileUrl(fileBaseUrl, owner.avatarStorageKey) : null,
        }
      : undefined,
    title: canvas.title,
    minimapUrl: canvas.minimapStorageKey ? fileUrl(fileBaseUrl, canvas.minimapStorageKey) : null,
    nodes,
    edges,
  };
}
