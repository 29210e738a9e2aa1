/**
 * The canvas screen (spec section 2): React Flow on the live canvas Y.Doc with a node component
 * per type, the toolbar, the context menu, the preview panel beside it, minimap and controls.
 * This file is the layout; each job lives in its own hook: live sync (useCanvasCollab), placing
 * nodes (useCanvasPlacement), creating entities (useCanvasEntities), clipboard
 * (useCanvasClipboard), grouping and layout (useCanvasArrange), keyboard (useCanvasShortcuts,
 * and useCanvasUndo for undo and redo),
 * the right-click menu (useCanvasContextMenu), PNG export (usePngExport) and the per-user view
 * toggles (useViewSettings).
 */
import { useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spin } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  SelectionMode,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { StatusPage } from '../../components/StatusPage';
import { useResolvedTheme } from '../../stores/themeStore';
import { AskAiLaunchpad } from '../ai/lazy';
import { ItemLabels } from '../labels/ItemLabels';
import { CanvasContextMenu } from './CanvasContextMenu';
import { CanvasContext, type CanvasContextValue } from './canvasContext';
import { fitViewOptionsFor } from './canvasFit';
import { DEFAULT_NODE_SIZE } from './canvasOps';
import { CanvasToolbar } from './CanvasToolbar';
import { HoverGuide } from './HoverGuide';
import { nodeTypes } from './nodes';
import { PreviewPanel } from './PreviewPanel';
import { useCanvasArrange } from './useCanvasArrange';
import { useCanvasClipboard } from './useCanvasClipboard';
import { useCanvasCollab } from './useCanvasCollab';
import { useCanvasContextMenu } from './useCanvasContextMenu';
import { useCanvasEntities } from './useCanvasEntities';
import { useCanvasFlow, type FlowNode } from './useCanvasFlow';
import { useCanvasPlacement } from './useCanvasPlacement';
import { useCanvasPreview } from './useCanvasPreview';
import { useCanvasShortcuts } from './useCanvasShortcuts';
import { useCanvasUndo } from './useCanvasUndo';
import { usePngExport } from './usePngExport';
import { useViewSettings } from './useViewSettings';
import './canvas.css';

function CanvasScreen({ canvasId }: { canvasId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dark = useResolvedTheme() === 'dark';
  const wrapper = useRef<HTMLDivElement>(null);
  const flow = useReactFlow<FlowNode>();
  const { detail, doc, status, readOnly, setReadOnly } = useCanvasCollab(canvasId);
  const title = detail.data?.title || t('canvas.list.untitled');
  const { nodes, edges, onNodesChange, onEdgesChange, onConnect, undoManager } = useCanvasFlow(doc, readOnly);
  const selectedNodeIds = useMemo(() => nodes.filter((n) => n.selected).map((n) => n.id), [nodes]);
  const view = useViewSettings(edges, wrapper);
  const { preferences } = view;
  const { preview, setPreview, open, previewTitle } = useCanvasPreview(doc, nodes);
  const { placeNode, placeNodeStable, sizeOf, reportLimit } = useCanvasPlacement({
    doc,
    readOnly,
    wrapper,
    openPreview: setPreview,
  });
  const entities = useCanvasEntities(canvasId, placeNode);
  const { copy, paste, duplicate, pointerProps } = useCanvasClipboard({
    doc,
    readOnly,
    wrapper,
    reportLimit,
  });
  const fitOptions = useMemo(
    () => fitViewOptionsFor(preferences.launchpadShown && !readOnly),
    [preferences.launchpadShown, readOnly],
  );
  const { group, layoutNow } = useCanvasArrange({
    doc,
    readOnly,
    sizeOf,
    fitOptions,
    wrapper,
    autoLayoutOn: preferences.autoLayout,
    shape: `${nodes.length}:${edges.length}`,
  });
  useCanvasShortcuts({ copy, paste: () => paste(), duplicate, group });
  useCanvasUndo(undoManager, readOnly);
  const menu = useCanvasContextMenu({
    doc,
    readOnly,
    wrapper,
    onNodesChange,
    placeNode,
    onOpen: view.hideHover,
    actions: { open, copy, paste, duplicate, group },
  });
  const exportImage = usePngExport(wrapper, title);

  const context = useMemo<CanvasContextValue | null>(
    () =>
      doc
        ? { canvasId, doc, readOnly, selectedNodeIds, placeNode: placeNodeStable, openPreview: setPreview }
        : null,
    [doc, readOnly, selectedNodeIds, canvasId, placeNodeStable, setPreview],
  );

  if (detail.isError)
    return <StatusPage icon={<AppstoreOutlined />} title={t('canvas.notFound')} tone="error" />;

  const { hand, touchpad } = view;
  return (
    <div className="canvas-screen" data-testid="canvas-page">
      <CanvasToolbar
        title={title}
        labels={<ItemLabels entityType="canvas" entityId={canvasId} />}
        status={status}
        readOnly={readOnly}
        undoManager={undoManager}
        canGroup={selectedNodeIds.length > 1}
        preferences={preferences}
        onPreferenceChange={view.setPreference}
        onLayoutNow={layoutNow}
        onBack={() => void navigate('/canvas')}
        onAddMemo={entities.addMemo}
        onAddDocument={entities.addDocument}
        onAddCodeArtifact={entities.addCodeArtifact}
        onAddWebsite={entities.addWebsite}
        onAddImage={entities.addImage}
        onImageRejected={entities.rejectImage}
        onGroup={() => group(selectedNodeIds)}
        onExportImage={() => void exportImage()}
        onReadOnlyChange={setReadOnly}
      />
      <div className="canvas-screen__body">
        <div
          ref={wrapper}
          className={view.flowClassName}
          data-size-mode={preferences.sizeMode}
          data-pointer-mode={preferences.pointerMode}
          data-operation-mode={preferences.operationMode}
          {...pointerProps}
          onDoubleClick={(e) => {
            // double-click on the empty canvas: a focused memo there (centred on the pointer)
            if (
              readOnly ||
              !(e.target instanceof Element) ||
              !e.target.classList.contains('react-flow__pane')
            )
              return;
            const at = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
            entities.addMemoAt({
              x: Math.round(at.x - DEFAULT_NODE_SIZE.width / 2),
              y: Math.round(at.y - DEFAULT_NODE_SIZE.height / 2),
            });
          }}
        >
          {context ? (
            <CanvasContext.Provider value={context}>
              <ReactFlow<FlowNode>
                nodes={nodes}
                edges={view.visibleEdges}
                nodeTypes={nodeTypes}
                onNodesChange={onNodesChange}
                onEdgesChange={onEdgesChange}
                onConnect={onConnect}
                onNodeClick={(_e, node) => {
                  if (preferences.clickPreview) open(node.id);
                }}
                onNodeDoubleClick={(_e, node) => open(node.id)}
                {...menu.flowHandlers}
                {...view.hoverHandlers}
                nodesDraggable={!readOnly && !hand}
                nodesConnectable={!readOnly}
                elementsSelectable={!hand}
                panOnDrag={hand ? true : [1]}
                selectionOnDrag={!hand}
                selectionMode={SelectionMode.Partial}
                panOnScroll={touchpad}
                zoomOnScroll={!touchpad}
                zoomOnPinch
                deleteKeyCode={readOnly ? null : ['Backspace', 'Delete']}
                colorMode={dark ? 'dark' : 'light'}
                zoomOnDoubleClick={false}
                fitView
                fitViewOptions={fitOptions}
                minZoom={0.05}
                proOptions={{ hideAttribution: true }}
              >
                <Background />
                <MiniMap pannable zoomable />
                <Controls showInteractive={false} />
              </ReactFlow>
              <AskAiLaunchpad />
              {view.hover ? <HoverGuide state={view.hover} clickPreview={preferences.clickPreview} /> : null}
              {menu.menu ? (
                <CanvasContextMenu
                  state={menu.menu}
                  items={menu.items}
                  onSelect={menu.onSelect}
                  onClose={menu.close}
                />
              ) : null}
            </CanvasContext.Provider>
          ) : (
            <Spin className="canvas-screen__spin" />
          )}
        </div>
        {preview && context ? (
          <CanvasContext.Provider value={context}>
            <PreviewPanel
              target={preview}
              title={previewTitle}
              readOnly={readOnly}
              onClose={() => setPreview(null)}
            />
          </CanvasContext.Provider>
        ) : null}
      </div>
    </div>
  );
}

export function CanvasPage() {
  const { canvasId = '' } = useParams();
  return (
    <ReactFlowProvider key={canvasId}>
      <CanvasScreen canvasId={canvasId} />
    </ReactFlowProvider>
  );
}
