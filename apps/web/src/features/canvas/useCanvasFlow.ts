/**
 * Binds React Flow to the canvas Y.Doc: nodes and edges are read from the Y maps on every change
 * (local or remote); drags, connections and deletions are written back through @atelier/canvas.
 * Selection and measured sizes stay local to this tab.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import * as Y from 'yjs';
import {
  addEdge,
  getCanvasMaps,
  getCanvasSnapshot,
  removeEdges,
  removeNodes,
  updateNode,
  type CanvasNode,
  type CanvasNodeData,
} from '@atelier/canvas';

export type FlowNode = Node<CanvasNodeData, CanvasNode['type']>;

function toFlowNode(node: CanvasNode, previous: FlowNode | undefined): FlowNode {
  return {
    id: node.id,
    type: node.type,
    position: node.position,
    data: node.data,
    ...(node.parentId ? { parentId: node.parentId } : {}),
    ...(node.width ? { width: node.width } : {}),
    ...(node.height ? { height: node.height } : {}),
    ...(node.style ? { style: node.style } : {}),
    // groups are frames: drawn behind the nodes around them (their children are drawn above)
    ...(node.type === 'group' ? { zIndex: -1 } : {}),
    ...(previous?.selected ? { selected: true } : {}),
    ...(previous?.measured ? { measured: previous.measured } : {}),
    ...(previous?.dragging ? { dragging: true } : {}),
  };
}

export function useCanvasFlow(doc: Y.Doc | null, readOnly: boolean) {
  const [nodes, setNodes] = useState<FlowNode[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);

  useEffect(() => {
    if (!doc) return;
    const maps = getCanvasMaps(doc);
    const sync = () => {
      const snapshot = getCanvasSnapshot(doc);
      setNodes((prev) => {
        const byId = new Map(prev.map((n) => [n.id, n]));
        return snapshot.nodes.map((n) => toFlowNode(n, byId.get(n.id)));
      });
      setEdges((prev) => {
        const selected = new Set(prev.filter((e) => e.selected).map((e) => e.id));
        return snapshot.edges.map((e) => ({
          id: e.id,
          source: e.source,
          target: e.target,
          ...(e.sourceHandle ? { sourceHandle: e.sourceHandle } : {}),
          ...(e.targetHandle ? { targetHandle: e.targetHandle } : {}),
          ...(selected.has(e.id) ? { selected: true } : {}),
        }));
      });
    };
    sync();
    maps.nodes.observeDeep(sync);
    maps.edges.observe(sync);
    return () => {
      maps.nodes.unobserveDeep(sync);
      maps.edges.unobserve(sync);
    };
  }, [doc]);

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const local: NodeChange<FlowNode>[] = [];
      const removed: string[] = [];
      for (const change of changes) {
        if (change.type === 'position' && change.position && doc && !readOnly) {
          updateNode(doc, change.id, { position: change.position });
          local.push(change);
        } else if (change.type === 'remove') {
          if (!readOnly) removed.push(change.id);
        } else if (change.type === 'select' || change.type === 'dimensions' || change.type === 'position') {
          local.push(change);
        }
      }
      if (doc && removed.length > 0) removeNodes(doc, removed);
      if (local.length > 0) setNodes((prev) => applyNodeChanges(local, prev));
    },
    [doc, readOnly],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const removed = changes.filter((c) => c.type === 'remove').map((c) => c.id);
      if (doc && removed.length > 0 && !readOnly) removeEdges(doc, removed);
      const local = changes.filter((c) => c.type === 'select');
      if (local.length > 0) setEdges((prev) => applyEdgeChanges(local, prev));
    },
    [doc, readOnly],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      if (!doc || readOnly || connection.source === connection.target) return;
      addEdge(doc, {
        source: connection.source,
        target: connection.target,
        ...(connection.sourceHandle ? { sourceHandle: connection.sourceHandle } : {}),
        ...(connection.targetHandle ? { targetHandle: connection.targetHandle } : {}),
      });
    },
    [doc, readOnly],
  );

  /** Undo and redo of this tab's own changes (remote changes are not undone). */
  const undoManager = useMemo(() => {
    if (!doc) return null;
    const maps = getCanvasMaps(doc);
    return new Y.UndoManager([maps.nodes, maps.edges], { captureTimeout: 400 });
  }, [doc]);
  useEffect(() => () => undoManager?.destroy(), [undoManager]);

  return { nodes, edges, onNodesChange, onEdgesChange, onConnect, undoManager };
}
