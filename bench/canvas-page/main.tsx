/**
 * The page bench/canvas-render.mjs drives: one graph of N nodes and N edges, rendered either by
 * our canvas (node registry, CanvasContext and useCanvasFlow on an in-memory Y.Doc, the same
 * React Flow options as the canvas screen) or by bare React Flow with default nodes.
 * `?mode=ours|bare&nodes=1000`. It reports `window.__openMs` (navigation start → nodes measured
 * and painted) and exposes `window.__panZoom(ms)` → frames per second while the viewport moves.
 */
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useNodesInitialized,
  useReactFlow,
  type Edge,
  type Node,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { applySnapshot, CANVAS_SCHEMA_VERSION, createCanvasDoc, type CanvasNodeType } from '@atelier/canvas';
import { initI18n } from '../../apps/web/src/i18n/i18n';
import '../../apps/web/src/features/canvas/canvas.css';
import { CanvasContext, type CanvasContextValue } from '../../apps/web/src/features/canvas/canvasContext';
import { nodeTypes } from '../../apps/web/src/features/canvas/nodes';
import { useCanvasFlow, type FlowNode } from '../../apps/web/src/features/canvas/useCanvasFlow';
import { useFarZoom } from '../../apps/web/src/features/canvas/zoomDetail';

declare global {
  interface Window {
    __openMs?: number;
    __panZoom?: (ms: number) => Promise<number>;
  }
}

initI18n('en');

const params = new URLSearchParams(location.search);
const mode = params.get('mode') === 'bare' ? 'bare' : 'ours';
const count = Number(params.get('nodes') ?? 1000);
const TYPES: CanvasNodeType[] = ['memo', 'document', 'codeArtifact', 'website', 'resource'];
const COLUMNS = 40;

/** The same graph for both modes: a grid of nodes, each linked to the next (plus one edge back). */
function graph() {
  const nodes = Array.from({ length: count }, (_, i) => {
    const type = TYPES[i % TYPES.length] ?? 'memo';
    return {
      id: `n${i}`,
      type,
      position: { x: (i % COLUMNS) * 320, y: Math.floor(i / COLUMNS) * 220 },
      data: {
        title: `Node ${i}`,
        entityId: type === 'memo' ? '' : `e${i}`,
        contentPreview: `Preview text of node ${i}: a few words of what it holds.`,
        metadata: (type === 'website'
          ? { url: `https://example.com/${i}` }
          : type === 'codeArtifact'
            ? { artifactType: 'mermaid' }
            : {}) as Record<string, string>,
      },
    };
  });
  const edges = Array.from({ length: count }, (_, i) => ({
    id: `e${i}`,
    source: `n${i}`,
    target: `n${i + 1 < count ? i + 1 : 0}`,
  }));
  return { nodes, edges };
}

/** Marks the open time once every node is measured and a frame has been painted. */
function Probe() {
  const initialized = useNodesInitialized();
  const flow = useReactFlow();
  useEffect(() => {
    if (!initialized || window.__openMs !== undefined) return;
    requestAnimationFrame(() => {
      window.__openMs = performance.now();
    });
  }, [initialized]);
  useEffect(() => {
    window.__panZoom = (ms) =>
      new Promise((resolve) => {
        const start = performance.now();
        const base = flow.getViewport();
        let frames = 0;
        const step = (now: number) => {
          const t = (now - start) / 1000;
          frames += 1;
          // pan in a circle while zooming in and out around the fitted zoom
          void flow.setViewport({
            x: base.x + Math.sin(t * 2) * 400,
            y: base.y + Math.cos(t * 2) * 300,
            zoom: base.zoom * (1.6 + Math.sin(t * 3) * 0.6),
          });
          if (now - start < ms) requestAnimationFrame(step);
          else resolve((frames * 1000) / (now - start));
        };
        requestAnimationFrame(step);
      });
  }, [flow]);
  return null;
}

function Ours() {
  const doc = useMemo(() => {
    const d = createCanvasDoc();
    const { nodes, edges } = graph();
    applySnapshot(d, { schemaVersion: CANVAS_SCHEMA_VERSION, nodes, edges });
    return d;
  }, []);
  const { nodes, edges, onNodesChange, onEdgesChange, onConnect } = useCanvasFlow(doc, false);
  const context = useMemo<CanvasContextValue>(
    () => ({
      canvasId: 'bench',
      doc,
      readOnly: false,
      selectedNodeIds: [],
      placeNode: () => null,
      openPreview: () => undefined,
    }),
    [doc],
  );
  const far = useFarZoom();
  if (nodes.length === 0) return null;
  return (
    <CanvasContext.Provider value={context}>
      <div
        className={`canvas-screen__flow is-adaptive${far ? ' is-far' : ''}`}
        style={{ width: '100%', height: '100%' }}
      >
        <ReactFlow<FlowNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          panOnDrag={[1]}
          selectionOnDrag
          fitView
          fitViewOptions={{ maxZoom: 1 }}
          minZoom={0.05}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <MiniMap pannable zoomable />
          <Controls showInteractive={false} />
          <Probe />
        </ReactFlow>
      </div>
    </CanvasContext.Provider>
  );
}

function Bare() {
  const [{ nodes, edges }] = useState(() => {
    const g = graph();
    return {
      nodes: g.nodes.map((n): Node => ({ id: n.id, position: n.position, data: { label: n.data.title } })),
      edges: g.edges as Edge[],
    };
  });
  return (
    <ReactFlow defaultNodes={nodes} defaultEdges={edges} fitView minZoom={0.05}>
      <Probe />
    </ReactFlow>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <ReactFlowProvider>
    <div style={{ width: '100vw', height: '100vh' }} data-mode={mode}>
      {mode === 'bare' ? <Bare /> : <Ours />}
    </div>
  </ReactFlowProvider>,
);
