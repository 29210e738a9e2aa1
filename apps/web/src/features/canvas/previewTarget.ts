/** Which entity a canvas node opens in the preview panel beside the canvas. */
import type { CanvasNode } from '@atelier/canvas';
import type { PreviewTarget } from './canvasContext';

/** What opening a node shows in the preview panel (null for nodes without a view). */
export function previewTargetOf(node: Pick<CanvasNode, 'id' | 'type' | 'data'>): PreviewTarget | null {
  const id = node.data.entityId;
  if (!id) return null;
  if (node.type === 'document' || node.type === 'codeArtifact' || node.type === 'resource')
    return { kind: node.type, id };
  if (node.type === 'skillResponse') return { kind: 'skillResponse', id, nodeId: node.id };
  return null;
}
