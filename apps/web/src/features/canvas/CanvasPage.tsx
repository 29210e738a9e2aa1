/**
 * The canvas screen (spec section 2): React Flow on the live canvas Y.Doc with a node component
 * per type, the toolbar, the context menu, the preview panel beside it, minimap and controls.
 * This file is the layout; each job lives in its own hook: live sync (useCanvasCollab), placing
 * nodes (useCanvasPlacement), creating entities (useCanvasEntities), clipboard
 * (useCanvasClipboard), drops and pastes from outside (useCanvasDrop), grouping and layout
 * (useCanvasArrange), keyboard (useCanvasShortcuts, useCanvasUndo for undo and redo,
 * useCanvasSelection for delete, select all, Escape and zoom, useCanvasSearch for find on the
 * canvas, ShortcutSheet for "?"),
 * the right-click menu (useCanvasContextMenu), PNG export (usePngExport), the list thumbnail
 * (useCanvasThumbnail), the per-user view toggles (useViewSettings), and who else is here
 * (useCanvasPresence, CanvasPresenceLayer).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
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
import { estimatedSize } from '@atelier/canvas';
import { StatusPage } from '../../components/StatusPage';
import { motionMs, useResolvedTheme } from '../../stores/themeStore';
import { AskAiLaunchpad } from '../ai/lazy';
import { ItemLabels } from '../labels/ItemLabels';
import { CanvasContextMenu } from './CanvasContextMenu';
import { CanvasSearch } from './CanvasSearch';
import { CanvasDropLayer } from './CanvasDropLayer';
import { CanvasContext, type CanvasContextValue } from './canvasContext';
import { CanvasPresenceAvatars } from './CanvasPresenceAvatars';
import { CanvasPresenceLayer } from './CanvasPresenceLayer';
import { fallbackInsets, fitViewOptionsFor, measureInsets } from './canvasFit';
import { CanvasTitle } from './CanvasTitle';
import { CanvasToolbar } from './CanvasToolbar';
import { HoverGuide } from './HoverGuide';
import { nodeTypes } from './nodes';
import { PreviewPanel } from './PreviewPanel';
import { ShareButton } from '../share/ShareButton';
import { PublishTemplateButton } from '../templates/PublishTemplateButton';
import { CreatePageFromCanvasButton } from '../pages/CreatePageFromCanvasButton';
import { ShortcutSheet } from './ShortcutSheet';
import { useCanvasArrange } from './useCanvasArrange';
import { useCanvasClipboard } from './useCanvasClipboard';
import { useCanvasCollab } from './useCanvasCollab';
import { useCanvasContextMenu } from './useCanvasContextMenu';
import { useCanvasDrop } from './useCanvasDrop';
import { useCanvasEntities } from './useCanvasEntities';
import { useCanvasFlow, type FlowNode } from './useCanvasFlow';
import { useCanvasPlacement } from './useCanvasPlacement';
import { useCanvasPresence } from './useCanvasPresence';
import { useCanvasPreview } from './useCanvasPreview';
import { useCanvasSearch } from './useCanvasSearch';
import { useCanvasSelection } from './useCanvasSelection';
import { useCanvasShortcuts } from './useCanvasShortcuts';
import { useCanvasThumbnail } from './useCanvasThumbnail';
import { useCanvasUndo } from './useCanvasUndo';
import { usePngExport } from './usePngExport';
import { useViewSettings } from './useViewSettings';
import './canvas.css';

const MULTI_SELECT_KEYS = ['Shift', 'Meta', 'Control'];

function CanvasScreen({ canvasId }: { canvasId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dark = useResolvedTheme() === 'dark';
  const wrapper = useRef<HTMLDivElement>(null);
  const flow = useReactFlow<FlowNode>();
  const { detail, doc, awareness, status, readOnly, setReadOnly } = useCanvasCollab(canvasId);
  const title = detail.data?.title || t('canvas.list.untitled');
  const { nodes, edges, onNodesChange, onEdgesChange, onConnect, undoManager } = useCanvasFlow(doc, readOnly);
  const selectedNodeIds = useMemo(() => nodes.filter((n) => n.selected).map((n) => n.id), [nodes]);
  useCanvasPresence({ awareness, wrapper, selectedNodeIds });
  const view = useViewSettings(edges, wrapper);
  const { preferences } = view;
  const { preview, setPreview, open, previewTitle } = useCanvasPreview(doc, nodes);
  const launchpadShown = preferences.launchpadShown && !readOnly;
  const { placeNode, placeNodeStable, sizeOf, boxes, reportLimit } = useCanvasPlacement({
    doc,
    readOnly,
    wrapper,
    nodes,
    launchpadShown,
    openPreview: setPreview,
  });
  const entities = useCanvasEntities(canvasId, placeNode);
  const { copy, paste, duplicate, pointerProps } = useCanvasClipboard({
    doc,
    readOnly,
    wrapper,
    reportLimit,
    boxes,
    sizeOf,
  });
  // Fit View fits into what the launchpad, minimap and controls leave free, measured when it runs
  const insets = useCallback(() => measureInsets(wrapper.current, launchpadShown), [launchpadShown]);
  const fitOptions = useCallback(() => fitViewOptionsFor(insets()), [insets]);
  const initialFit = useMemo(() => fitViewOptionsFor(fallbackInsets(launchpadShown)), [launchpadShown]);
  const { group, layoutNow } = useCanvasArrange({
    doc,
    readOnly,
    sizeOf,
    fitOptions,
    insets,
    wrapper,
    autoLayoutOn: preferences.autoLayout,
    shape: `${nodes.length}:${edges.length}`,
  });
  useCanvasShortcuts({ copy, duplicate, group });
  const drop = useCanvasDrop({
    doc,
    readOnly,
    wrapper,
    placeNode,
    pasteNodes: (clip, at) => paste(at, clip),
  });
  useCanvasUndo(undoManager, readOnly);
  const search = useCanvasSearch({ nodes, onNodesChange, onEdgesChange });
  const [sheetOpen, setSheetOpen] = useState(false);
  useCanvasSelection({
    doc,
    readOnly,
    onNodesChange,
    onEdgesChange,
    fitOptions,
    closeOverlay: search.close,
    openSheet: () => setSheetOpen(true),
  });
  const menu = useCanvasContextMenu({
    doc,
    readOnly,
    wrapper,
    onNodesChange,
    placeNode,
    onOpen: view.hideHover,
    actions: { open, copy, paste: drop.pasteAt, duplicate, group },
  });
  const exportImage = usePngExport(wrapper, title);
  useCanvasThumbnail({ canvasId, doc, wrapper, canvas: detail.data, enabled: !readOnly });

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
        title={<CanvasTitle canvasId={canvasId} title={detail.data?.title ?? ''} />}
        labels={<ItemLabels entityType="canvas" entityId={canvasId} />}
        presence={<CanvasPresenceAvatars awareness={awareness} />}
        share={
          <>
            <PublishTemplateButton canvasId={canvasId} title={detail.data ? title : undefined} />
            <CreatePageFromCanvasButton canvasId={canvasId} selectedNodeIds={selectedNodeIds} />
            <ShareButton entityType="canvas" entityId={canvasId} title={title} />
          </>
        }
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
        onSearch={search.openSearch}
        onShowShortcuts={() => setSheetOpen(true)}
      />
      <ShortcutSheet open={sheetOpen} onClose={() => setSheetOpen(false)} />
      <div className="canvas-screen__body">
        <div
          ref={wrapper}
          className={view.flowClassName}
          data-size-mode={preferences.sizeMode}
          data-pointer-mode={preferences.pointerMode}
          data-operation-mode={preferences.operationMode}
          {...pointerProps}
          {...drop.dropProps}
          onDoubleClick={(e) => {
            // double-click on the empty canvas: a focused memo there (centred on the pointer)
            if (
              readOnly ||
              !(e.target instanceof Element) ||
              !e.target.classList.contains('react-flow__pane')
            )
              return;
            const at = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
            const size = estimatedSize({ type: 'memo' });
            entities.addMemoAt({
              x: Math.round(at.x - size.width / 2),
              y: Math.round(at.y - size.height / 2),
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
                // drag on the empty canvas draws a selection box; middle button or Space + drag
                // pans (hand mode: drag pans); Shift (or Ctrl/Cmd) + click adds or removes a node.
                // Shift is not the box key, or a Shift-click on a node would start a box instead
                panOnDrag={hand ? true : [1]}
                selectionOnDrag={!hand}
                selectionKeyCode={null}
                multiSelectionKeyCode={MULTI_SELECT_KEYS}
                selectionMode={SelectionMode.Partial}
                panOnScroll={touchpad}
                zoomOnScroll={!touchpad}
                zoomOnPinch
                // Delete and Backspace: useCanvasSelection (the same removal as the context menu)
                deleteKeyCode={null}
                colorMode={dark ? 'dark' : 'light'}
                zoomOnDoubleClick={false}
                fitView
                fitViewOptions={initialFit}
                minZoom={0.05}
                proOptions={{ hideAttribution: true }}
              >
                <Background />
                <MiniMap pannable zoomable />
                <Controls
                  showInteractive={false}
                  onFitView={() => void flow.fitView({ ...fitOptions(), duration: motionMs(400) })}
                />
                <CanvasPresenceLayer awareness={awareness} />
              </ReactFlow>
              <AskAiLaunchpad />
              <CanvasSearch search={search} />
              <CanvasDropLayer state={drop.layer} />
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
