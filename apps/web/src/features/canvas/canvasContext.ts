/**
 * What node components and the panels beside the canvas need from the canvas screen: the live
 * doc, whether editing is allowed, the selection, and two actions — place a node (near the view
 * or to the right of the nodes it is connected from) and open an entity in the preview panel.
 * Features outside `features/canvas` (library, AI, artifacts) use only this interface.
 */
import { createContext, useContext } from 'react';
import type * as Y from 'yjs';
import type { NewCanvasNode } from '@atelier/canvas';

/** What the preview panel beside the canvas can show. */
export type PreviewTarget =
  | { kind: 'document'; id: string }
  | { kind: 'codeArtifact'; id: string }
  | { kind: 'resource'; id: string }
  | { kind: 'skillResponse'; id: string; nodeId: string };

export interface PlaceNodeOptions {
  /** Node ids to draw an edge from (the new node is placed to their right). */
  connectFrom?: readonly string[];
  /** Open the new node's entity in the preview panel. */
  open?: boolean;
  /**
   * Bring the new node into view once it is drawn; `readable` also zooms in when the view is
   * zoomed out too far to read it (a memo about to be written in).
   */
  reveal?: 'view' | 'readable';
}

export interface CanvasContextValue {
  canvasId: string;
  doc: Y.Doc;
  readOnly: boolean;
  /** Ids of the currently selected nodes. */
  selectedNodeIds: readonly string[];
  /** Adds a node to the live canvas and returns its id (null when the canvas refused it). */
  placeNode(node: Omit<NewCanvasNode, 'position'>, options?: PlaceNodeOptions): string | null;
  openPreview(target: PreviewTarget): void;
}

export const CanvasContext = createContext<CanvasContextValue | null>(null);

export function useCanvasContext(): CanvasContextValue {
  const value = useContext(CanvasContext);
  if (!value) throw new Error('useCanvasContext outside the canvas screen');
  return value;
}

/** For components that may render outside a canvas too (e.g. a thread view). */
export function useOptionalCanvasContext(): CanvasContextValue | null {
  return useContext(CanvasContext);
}
