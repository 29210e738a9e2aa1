/**
 * Selection by keyboard on the canvas: Delete or Backspace deletes the selected nodes and edges
 * (removeNodes, as the context menu's Delete, so one undo brings them back), Ctrl/Cmd+A selects
 * every node, Escape leaves editing (a memo being typed in is left with its node selected; else
 * an open search box closes; else the selection is cleared), "?" opens the shortcut sheet, + and
 * - zoom, Shift+1 fits the canvas into view. None of these while typing in a field or an editor.
 * Shift-click and box select are React Flow's (CanvasPage sets the keys).
 */
import { useEffect, useRef } from 'react';
import {
  useReactFlow,
  useStoreApi,
  type EdgeChange,
  type FitViewOptions,
  type NodeChange,
} from '@xyflow/react';
import type * as Y from 'yjs';
import { removeEdges, removeNodes } from '@atelier/canvas';
import { motionMs } from '../../stores/themeStore';
import { isCanvasKeyTarget, isOutsideCanvas, isTypingTarget } from './keyTargets';
import type { FlowNode } from './useCanvasFlow';

const ZOOM_DURATION_MS = 200;

/** The selection changes that leave exactly `ids` selected. */
export function selectOnlyChanges(
  items: ReadonlyArray<{ id: string; selected?: boolean }>,
  ids: ReadonlySet<string>,
): Array<{ type: 'select'; id: string; selected: boolean }> {
  return items
    .filter((item) => Boolean(item.selected) !== ids.has(item.id))
    .map((item) => ({ type: 'select' as const, id: item.id, selected: ids.has(item.id) }));
}

export interface CanvasSelectionInput {
  doc: Y.Doc | null;
  readOnly: boolean;
  onNodesChange: (changes: NodeChange<FlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange[]) => void;
  /** How the view is fitted now (into the free area, canvasFit.ts). */
  fitOptions: () => FitViewOptions;
  /** Closes an open overlay (the search box); true when one was open. */
  closeOverlay: () => boolean;
  openSheet: () => void;
}

export function useCanvasSelection(input: CanvasSelectionInput) {
  const flow = useReactFlow<FlowNode>();
  const store = useStoreApi<FlowNode>();
  const latest = useRef(input);
  latest.current = input;

  useEffect(() => {
    const selectOnly = (ids: ReadonlySet<string>) => {
      const { onNodesChange, onEdgesChange } = latest.current;
      const nodeChanges = selectOnlyChanges(flow.getNodes(), ids);
      const edgeChanges = selectOnlyChanges(flow.getEdges(), new Set());
      if (nodeChanges.length) onNodesChange(nodeChanges);
      if (edgeChanges.length) onEdgesChange(edgeChanges);
      if (ids.size === 0) store.setState({ nodesSelectionActive: false });
    };

    const onEscape = (e: KeyboardEvent): void => {
      const target = e.target as HTMLElement | null;
      if (isOutsideCanvas(target)) return;
      if (isTypingTarget(target)) {
        // typing in a node (a memo): stop typing, keep that node selected; other fields keep Escape
        const nodeId = target?.closest('.react-flow__node')?.getAttribute('data-id');
        if (!target || !nodeId) return;
        e.preventDefault();
        target.blur();
        selectOnly(new Set([nodeId]));
        return;
      }
      // an open context menu closes itself on this Escape (CanvasContextMenu): nothing more
      if (document.querySelector('.canvas-menu')) return;
      e.preventDefault();
      if (latest.current.closeOverlay()) return;
      selectOnly(new Set());
    };

    const onDelete = (e: KeyboardEvent): void => {
      const { doc, readOnly } = latest.current;
      if (!doc || readOnly) return;
      const nodeIds = flow
        .getNodes()
        .filter((n) => n.selected)
        .map((n) => n.id);
      const edgeIds = flow
        .getEdges()
        .filter((edge) => edge.selected)
        .map((edge) => edge.id);
      if (nodeIds.length === 0 && edgeIds.length === 0) return;
      e.preventDefault();
      // one transaction: one undo step brings nodes and edges back together
      doc.transact(() => {
        removeNodes(doc, nodeIds);
        removeEdges(doc, edgeIds);
      });
      store.setState({ nodesSelectionActive: false });
    };

    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      if (e.key === 'Escape') {
        onEscape(e);
        return;
      }
      if (!isCanvasKeyTarget(e.target) || e.altKey) return;
      const mod = e.ctrlKey || e.metaKey;
      if (mod) {
        if (e.key.toLowerCase() === 'a' && !e.shiftKey) {
          e.preventDefault();
          selectOnly(new Set(flow.getNodes().map((n) => n.id)));
        }
        return;
      }
      if (e.key === 'Delete' || e.key === 'Backspace') onDelete(e);
      else if (e.key === '?') {
        e.preventDefault();
        latest.current.openSheet();
      } else if (e.key === '+' || e.key === '=') {
        e.preventDefault();
        void flow.zoomIn({ duration: motionMs(ZOOM_DURATION_MS) });
      } else if (e.key === '-') {
        e.preventDefault();
        void flow.zoomOut({ duration: motionMs(ZOOM_DURATION_MS) });
      } else if (e.code === 'Digit1' && e.shiftKey) {
        e.preventDefault();
        void flow.fitView({ ...latest.current.fitOptions(), duration: motionMs(ZOOM_DURATION_MS * 2) });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [flow, store]);
}
