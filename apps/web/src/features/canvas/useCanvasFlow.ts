/**
 * Binds React Flow to the canvas Y.Doc: nodes and edges follow every change of the Y maps (local
 * or remote), re-reading only what changed and keeping unchanged nodes as the same objects, so
 * React Flow re-renders only the nodes that changed; drags, connections and deletions are
 * written back through @atelier/canvas. Selection and measured sizes stay local to this tab.
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
import type * as Y from 'yjs';
import {
  addEdge,
  CanvasReader,
  createCanvasUndoManager,
  getCanvasMaps,
  removeEdges,
  removeNodes,
  updateNode,
  type CanvasEdge,
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

/**
 * Whether `flow` still shows `node`. CanvasReader hands out the same objects for nodes nobody
 * changed, and React Flow's local changes (selection, measuring, dragging) keep `data` and
 * `position` as they are, so identity says it.
 */
function shows(flow: FlowNode, node: CanvasNode): boolean {
  return (
    flow.data === node.data &&
    flow.position === node.position &&
    flow.type === node.type &&
    flow.parentId === node.parentId &&
    flow.width === node.width &&
    flow.height === node.height &&
    flow.style === node.style
  );
}

function toFlowEdge(edge: CanvasEdge, selected: boolean): Edge {
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    ...(edge.sourceHandle ? { sourceHandle: edge.sourceHandle } : {}),
    ...(edge.targetHandle ? { targetHandle: edge.targetHandle } : {}),
    ...(selected ? { selected: true } : {}),
  };
}

function showsEdge(flow: Edge, edge: CanvasEdge): boolean {
  return (
    flow.source === edge.source &&
    flow.target === edge.target &&
    (flow.sourceHandle ?? undefined) === edge.sourceHandle &&
    (flow.targetHandle ?? undefined) === edge.targetHandle
  );
}

/** The next array, reusing what did not change; `prev` itself when nothing did (no re-render). */
function reconcile<T extends { id: string }, S extends { id: string }>(
  prev: T[],
  sources: readonly S[],
  same: (item: T, source: S) => boolean,
  build: (source: S, previous: T | undefined) => T,
): T[] {
  const byId = new Map(prev.map((item) => [item.id, item]));
  let unchanged = prev.length === sources.length;
  const next = sources.map((source, i) => {
    const previous = byId.get(source.id);
    const item = previous && same(previous, source) ? previous : build(source, previous);
    if (item !== prev[i]) unchanged = false;
    return item;
  });
  return unchanged ? prev : next;
}

export function useCanvasFlow(doc: Y.Doc | null, readOnly: boolean) {
  const [nodes, setNodes] = useState<FlowNode[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);

  useEffect(() => {
    if (!doc) return;
    const maps = getCanvasMaps(doc);
    // parses each node once and again only when it changes (not the whole canvas per keystroke)
    const reader = new CanvasReader(doc);
    const publish = () => {
      const snapshot = reader.snapshot();
      setNodes((prev) => reconcile(prev, snapshot.nodes, shows, toFlowNode));
      setEdges((prev) =>
        reconcile(prev, snapshot.edges, showsEdge, (edge, previous) =>
          toFlowEdge(edge, previous?.selected === true),
        ),
      );
    };
    const onNodes = (events: Array<Y.YEvent<Y.AbstractType<unknown>>>) => {
      reader.nodesChanged(events);
      publish();
    };
    const onEdges = (event: Y.YMapEvent<CanvasEdge>) => {
      reader.edgesChanged(event);
      publish();
    };
    publish();
    maps.nodes.observeDeep(onNodes);
    maps.edges.observe(onEdges);
    return () => {
      maps.nodes.unobserveDeep(onNodes);
      maps.edges.unobserve(onEdges);
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
    return createCanvasUndoManager(doc);
  }, [doc]);
  useEffect(() => () => undoManager?.destroy(), [undoManager]);

  return { nodes, edges, onNodesChange, onEdgesChange, onConnect, undoManager };
}
