/**
 * The page bench/canvas-render.mjs drives: one graph of N nodes and N edges (graph.ts), drawn
 * either by our canvas or by bare React Flow, `?mode=ours|bare&nodes=2000`.
 *
 * - ours: fetches the canvas as a Yjs update (what the collaboration server sends on open),
 *   applies it to a Y.Doc and renders it with the node registry, `CanvasContext` and
 *   `useCanvasFlow`, with the canvas screen's React Flow options, background, minimap and controls.
 * - bare: fetches the same graph as JSON and renders it with React Flow's documented controlled
 *   setup (`useNodesState`/`useEdgesState`), one small custom node that draws the same elements
 *   as our cards (two handles, an icon and type line, the title, the preview; a text area for
 *   memos, a link for websites) with the same stylesheet, and the same background, minimap and
 *   controls. What it lacks: our translations, our level of detail when zoomed far out, the
 *   collaborative document, editing.
 *
 * It reports `window.__openMs` (navigation start → every node measured, then the next frame
 * painted) and exposes `window.__panZoom(ms)` → frames per second while the viewport moves.
 */
import { memo, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesInitialized,
  useNodesState,
  useReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import * as Y from 'yjs';
import { initI18n } from '../../apps/web/src/i18n/i18n';
import '../../apps/web/src/features/canvas/canvas.css';
import { CanvasContext, type CanvasContextValue } from '../../apps/web/src/features/canvas/canvasContext';
import { nodeTypes } from '../../apps/web/src/features/canvas/nodes';
import { useCanvasFlow, type FlowNode } from '../../apps/web/src/features/canvas/useCanvasFlow';
import { useFarZoom } from '../../apps/web/src/features/canvas/zoomDetail';
import type { BenchEdge, BenchNode } from './graph';

declare global {
  interface Window {
    __openMs?: number;
    __panZoom?: (ms: number) => Promise<number>;
  }
}

const params = new URLSearchParams(location.search);
const mode = params.get('mode') === 'bare' ? 'bare' : 'ours';
const count = Number(params.get('nodes') ?? 2000);
if (mode === 'ours') initI18n('en');

/** Marks the open time once every node is measured and the frame after it has been painted. */
function Probe({ expected }: { expected: number }) {
  const initialized = useNodesInitialized();
  const flow = useReactFlow();
  useEffect(() => {
    if (!initialized || window.__openMs !== undefined) return;
    if (flow.getNodes().length !== expected) return;
    // the frame callback runs before that frame's paint; the task after it, after the paint
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__openMs = performance.now();
      }),
    );
  }, [initialized, flow, expected]);
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

function Ours({ update }: { update: Uint8Array }) {
  const doc = useMemo(() => {
    const d = new Y.Doc();
    Y.applyUpdate(d, update);
    return d;
  }, [update]);
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
          <Probe expected={count} />
        </ReactFlow>
      </div>
    </CanvasContext.Provider>
  );
}

type BareNode = Node<BenchNode['data'] & { type: BenchNode['type'] }, 'card'>;
const TYPE_LABELS: Record<string, string> = {
  memo: 'Memo',
  document: 'Document',
  codeArtifact: 'Code artifact',
  website: 'Website',
  resource: 'Resource',
};
// one 1024-unit icon path (the document outline), like the antd icons of our cards
const ICON_PATH =
  'M854.6 288.6L639.4 73.4c-6-6-14.1-9.4-22.6-9.4H192c-17.7 0-32 14.3-32 32v832c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V311.3c0-8.5-3.4-16.7-9.4-22.7z';

const BareCard = memo(function BareCard({ data, selected }: NodeProps<BareNode>) {
  const [text, setText] = useState(data.contentPreview);
  return (
    <div className={`canvas-node canvas-node--${data.type}${selected ? ' is-selected' : ''}`}>
      <Handle type="target" position={Position.Left} />
      <Handle type="source" position={Position.Right} />
      {data.type === 'memo' ? (
        <textarea
          className="canvas-node__memo nodrag nowheel"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      ) : (
        <>
          <div className="canvas-node__type">
            <span role="img" className="anticon">
              <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true">
                <path d={ICON_PATH} />
              </svg>
            </span>{' '}
            {TYPE_LABELS[data.type]}
            {data.metadata.artifactType ? (
              <span className="canvas-node__badge">{data.metadata.artifactType}</span>
            ) : null}
          </div>
          <div className="canvas-node__title">{data.title}</div>
          <div className="canvas-node__body">
            {data.metadata.url ? (
              <a
                className="canvas-node__url nodrag"
                href={data.metadata.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {data.metadata.url}
              </a>
            ) : null}
            <div className="canvas-node__preview">{data.contentPreview}</div>
          </div>
        </>
      )}
    </div>
  );
});
const bareTypes = { card: BareCard };

function Bare({ graph }: { graph: { nodes: BenchNode[]; edges: BenchEdge[] } }) {
  const [nodes, , onNodesChange] = useNodesState<BareNode>(
    graph.nodes.map((n) => ({
      id: n.id,
      type: 'card',
      position: n.position,
      data: { ...n.data, type: n.type },
    })),
  );
  const [edges, , onEdgesChange] = useEdgesState<Edge>(graph.edges);
  return (
    <div className="canvas-screen__flow" style={{ width: '100%', height: '100%' }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={bareTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        minZoom={0.05}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <MiniMap pannable zoomable />
        <Controls showInteractive={false} />
        <Probe expected={count} />
      </ReactFlow>
    </div>
  );
}

async function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const page =
    mode === 'bare' ? (
      <Bare
        graph={
          (await (await fetch(`graph-${count}.json`)).json()) as { nodes: BenchNode[]; edges: BenchEdge[] }
        }
      />
    ) : (
      <Ours update={new Uint8Array(await (await fetch(`graph-${count}.ydoc`)).arrayBuffer())} />
    );
  root.render(
    <ReactFlowProvider>
      <div style={{ width: '100vw', height: '100vh' }} data-mode={mode}>
        {page}
      </div>
    </ReactFlowProvider>,
  );
}
void start();
