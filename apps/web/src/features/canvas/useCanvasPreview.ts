/** The preview panel beside the canvas: which entity it shows, and opening a node into it. */
import { useState } from 'react';
import type * as Y from 'yjs';
import { getNode } from '@atelier/canvas';
import type { PreviewTarget } from './canvasContext';
import { previewTargetOf } from './previewTarget';
import type { FlowNode } from './useCanvasFlow';

export function useCanvasPreview(doc: Y.Doc | null, nodes: FlowNode[]) {
  const [preview, setPreview] = useState<PreviewTarget | null>(null);

  /** Opens a node's entity in the panel (nodes without a view do nothing). */
  const open = (nodeId: string) => {
    const node = doc ? getNode(doc, nodeId) : undefined;
    const target = node ? previewTargetOf(node) : null;
    if (target) setPreview(target);
  };

  const previewNode =
    preview &&
    nodes.find(
      (n) => n.data.entityId === preview.id && (n.type === preview.kind || preview.kind === 'skillResponse'),
    );

  return { preview, setPreview, open, previewTitle: previewNode ? previewNode.data.title : '' };
}
