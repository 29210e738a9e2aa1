/**
 * The peer of `share-viewer`: bare React Flow (React, React Flow and its stylesheet, nothing
 * else) drawing the same canvas the benchmark shares — `?nodes=200` nodes in the same grid, each
 * a default node with the memo's title, each linked to the next — read-only with fit view. It is
 * the least a React Flow viewer of that canvas can load; the benchmark opens it cold beside the
 * real viewer. Every node carries `data-testid="share-canvas-node"` like the viewer's cards.
 */
import { createRoot } from 'react-dom/client';
import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';

const count = Number(new URLSearchParams(location.search).get('nodes') ?? 200);
const cols = Math.ceil(Math.sqrt(count));
const nodes: Node[] = Array.from({ length: count }, (_, i) => ({
  id: `n${i}`,
  position: { x: (i % cols) * 320, y: Math.floor(i / cols) * 200 },
  data: { label: <span data-testid="share-canvas-node">{`Note ${i + 1}`}</span> },
}));
const edges: Edge[] = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: `n${i}`, target: n.id }));

createRoot(document.getElementById('root')!).render(
  <ReactFlow
    defaultNodes={nodes}
    defaultEdges={edges}
    nodesDraggable={false}
    nodesConnectable={false}
    elementsSelectable={false}
    fitView
    minZoom={0.05}
  />,
);
