/**
 * The canvas screen (spec section 2): React Flow on the live canvas Y.Doc with a node component
 * per type, the toolbar, the context menu and keyboard shortcuts (copy, paste, duplicate), the
 * per-user view toggles, export as image, minimap, controls, and the preview panel beside it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Spin, type MenuProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { AppstoreOutlined } from '@ant-design/icons';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  SelectionMode,
  useReactFlow,
  type Edge,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import {
  addEdge,
  addNode,
  getNode,
  NodeLimitError,
  removeNodes,
  type CanvasNode,
  type NewCanvasNode,
} from '@atelier/canvas';
import { LIMITS, type Canvas, type CodeArtifactType } from '@atelier/contract';
import { api } from '../../api/client';
import { StatusPage } from '../../components/StatusPage';
import { useResolvedTheme } from '../../stores/themeStore';
import { AskAiLaunchpad } from '../ai/lazy';
import { ItemLabels } from '../labels/ItemLabels';
import { ARTIFACT_STARTERS } from './artifactStarters';
import { CanvasContextMenu, type ContextMenuState } from './CanvasContextMenu';
import {
  CanvasContext,
  type CanvasContextValue,
  type PlaceNodeOptions,
  type PreviewTarget,
} from './canvasContext';
import { readClip, writeClip } from './canvasClipboard';
import {
  autoLayout,
  copyNodes,
  DEFAULT_NODE_SIZE,
  duplicateNodes,
  freeSpotBelow,
  groupNodes,
  overlaps,
  pasteClip,
  ungroupNode,
  type Box,
  type SizeOf,
} from './canvasOps';
import { useCanvasPreferences } from './canvasPreferences';
import { CanvasToolbar, CANVAS_IMAGE_MAX_BYTES } from './CanvasToolbar';
import { canvasToPng, downloadDataUrl, EmptyCanvasError, imageFileName } from './exportImage';
import { HoverGuide, type HoverState } from './HoverGuide';
import { nodeTypes } from './nodes';
import { PreviewPanel } from './PreviewPanel';
import { useCanvasT } from './strings';
import { canvasKeys, useCanvasDetail, useCanvasMutations } from './canvasQueries';
import { useCanvasFlow, type FlowNode } from './useCanvasFlow';
import { useCollab } from './useCollab';
import { useFarZoom } from './zoomDetail';
import './canvas.css';

const MAX_NODES = LIMITS.maxCanvasNodes;

/** What opening a node shows in the preview panel (null for nodes without a view). */
export function previewTargetOf(node: Pick<CanvasNode, 'id' | 'type' | 'data'>): PreviewTarget | null {
  const id = node.data.entityId;
  if (!id) return null;
  if (node.type === 'document' || node.type === 'codeArtifact' || node.type === 'resource')
    return { kind: node.type, id };
  if (node.type === 'skillResponse') return { kind: 'skillResponse', id, nodeId: node.id };
  return null;
}

function isEditableTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return Boolean(el.closest('input, textarea, select, [contenteditable="true"], .canvas-screen__preview'));
}

function CanvasScreen({ canvasId }: { canvasId: string }) {
  const { t } = useTranslation();
  const ct = useCanvasT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const flow = useReactFlow<FlowNode>();
  const detail = useCanvasDetail(canvasId);
  const { update } = useCanvasMutations();
  const client = useQueryClient();
  const { session, status } = useCollab(`canvas:${canvasId}`, {
    // switched read-only (or back) in another tab or on another device
    onReadOnly: (readOnly, lostEdits) => {
      client.setQueryData<Canvas>(
        canvasKeys.detail(canvasId),
        (current) => current && { ...current, readOnly },
      );
      if (lostEdits) void message.error(ct('messages.editsRefused'));
    },
  });
  const doc = session?.doc ?? null;
  const readOnly = detail.data?.readOnly ?? false;
  const { nodes, edges, onNodesChange, onEdgesChange, onConnect, undoManager } = useCanvasFlow(doc, readOnly);
  const { preferences, setPreference } = useCanvasPreferences();
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const [hover, setHover] = useState<HoverState | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  /** Last mouse position over the canvas (screen coordinates): where Ctrl+V pastes. */
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const dark = useResolvedTheme() === 'dark';
  const far = useFarZoom();
  const selectedNodeIds = useMemo(() => nodes.filter((n) => n.selected).map((n) => n.id), [nodes]);

  const sizeOf: SizeOf = useCallback(
    (node) => {
      const measured = flow.getInternalNode(node.id)?.measured;
      return {
        width: node.width ?? measured?.width ?? DEFAULT_NODE_SIZE.width,
        height: node.height ?? measured?.height ?? DEFAULT_NODE_SIZE.height,
      };
    },
    [flow],
  );

  const reportLimit = useCallback(
    (error: unknown) => {
      if (error instanceof NodeLimitError) void message.error(ct('messages.nodeLimit'));
      else throw error;
    },
    [message, ct],
  );

  /** Every node's rectangle on the canvas, as measured. */
  const nodeBoxes = (): Box[] =>
    flow.getNodes().map((n) => {
      const at = flow.getInternalNode(n.id)?.internals.positionAbsolute ?? n.position;
      return {
        x: at.x,
        y: at.y,
        width: n.measured?.width ?? DEFAULT_NODE_SIZE.width,
        height: n.measured?.height ?? DEFAULT_NODE_SIZE.height,
      };
    });

  /** A free spot near the middle of the current view, shifted a little for each new node. */
  const nextPosition = () => {
    const { x, y, zoom } = flow.getViewport();
    const width = wrapper.current?.clientWidth ?? 800;
    const height = wrapper.current?.clientHeight ?? 600;
    const view = { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
    const boxes = nodeBoxes();
    const { width: w, height: h } = DEFAULT_NODE_SIZE;
    const free = (px: number, py: number) =>
      !boxes.some((b) => overlaps({ x: px, y: py, width: w, height: h }, b, 24));
    // scan the visible area row by row for a free slot; fall back to a cascade near the top left
    for (let py = view.y + 40; py + h <= view.y + view.height - 40; py += 60) {
      for (let px = view.x + 40; px + w <= view.x + view.width - 40; px += 60) {
        if (free(px, py)) return { x: Math.round(px), y: Math.round(py) };
      }
    }
    const n = boxes.length % 8;
    return { x: Math.round(view.x + 40 + n * 24), y: Math.round(view.y + 40 + n * 24) };
  };

  /** Places a node right of the nodes it connects from (or near the view) and draws the edges. */
  const placeNode = (
    node: Omit<NewCanvasNode, 'position'>,
    options: PlaceNodeOptions & { at?: { x: number; y: number } } = {},
  ): string | null => {
    if (!doc || readOnly) return null;
    const sources = (options.connectFrom ?? []).map((id) => getNode(doc, id)).filter((n) => n !== undefined);
    const position =
      options.at ??
      (sources.length
        ? freeSpotBelow(
            {
              x:
                Math.max(...sources.map((n) => n.position.x + (n.width ?? DEFAULT_NODE_SIZE.width + 80))) +
                80,
              y: sources.reduce((sum, n) => sum + n.position.y, 0) / sources.length,
            },
            DEFAULT_NODE_SIZE,
            nodeBoxes(),
          )
        : nextPosition());
    let id: string | null = null;
    try {
      doc.transact(() => {
        const created = addNode(doc, { ...node, position }, { maxNodes: MAX_NODES });
        id = created.id;
        for (const source of sources) addEdge(doc, { source: source.id, target: created.id });
      });
    } catch (error) {
      reportLimit(error);
      return null;
    }
    if (options.open && id) {
      const target = previewTargetOf({
        id,
        type: node.type,
        data: { entityId: node.data.entityId ?? '' } as CanvasNode['data'],
      });
      if (target) setPreview(target);
    }
    return id;
  };
  const placeNodeRef = useRef(placeNode);
  placeNodeRef.current = placeNode;

  const context = useMemo<CanvasContextValue | null>(
    () =>
      doc
        ? {
            canvasId,
            doc,
            readOnly,
            selectedNodeIds,
            placeNode: (node, options) => placeNodeRef.current(node, options),
            openPreview: setPreview,
          }
        : null,
    [doc, readOnly, selectedNodeIds, canvasId],
  );

  // --- adding content -------------------------------------------------------------------------
  const addDocument = async () => {
    const title = t('canvas.node.newDocument');
    const created = await api.call('knowledge.document.create', { body: { title } });
    placeNode(
      { type: 'document', data: { title: created.title || title, entityId: created.docId } },
      { open: true },
    );
  };

  const addCodeArtifact = async (type: CodeArtifactType) => {
    const starter = ARTIFACT_STARTERS[type];
    const title = ct('toolbar.newArtifactTitle', { type: ct(`artifactTypes.${type}`) });
    try {
      const artifact = await api.call('codeArtifact.new', {
        body: {
          type,
          title,
          content: starter.content,
          ...(starter.language ? { language: starter.language } : {}),
        },
      });
      placeNode(
        {
          type: 'codeArtifact',
          data: {
            title: artifact.title,
            entityId: artifact.artifactId,
            contentPreview: starter.content.slice(0, 300),
            metadata: { artifactType: type, ...(starter.language ? { language: starter.language } : {}) },
          },
        },
        { open: true },
      );
    } catch {
      void message.error(ct('messages.createArtifactFailed'));
    }
  };

  const addImage = async (file: File) => {
    try {
      const form = new FormData();
      form.append('entityType', 'canvas');
      form.append('entityId', canvasId);
      form.append('file', file);
      const { url, storageKey } = await api.call('misc.upload', { body: form });
      placeNode({ type: 'image', data: { title: file.name, metadata: { url, storageKey } } });
    } catch {
      void message.error(ct('messages.uploadFailed'));
    }
  };

  // --- node actions ---------------------------------------------------------------------------

  const copy = async (ids: readonly string[]) => {
    if (!doc || ids.length === 0) return;
    const clip = copyNodes(doc, ids);
    await writeClip(clip);
    void message.success(ct('messages.copied', { count: clip.nodes.length }));
  };

  const paste = async (at?: { x: number; y: number }) => {
    if (!doc || readOnly) return;
    const clip = await readClip();
    if (!clip || clip.nodes.length === 0) return void message.info(ct('messages.nothingToPaste'));
    try {
      // at the menu's spot, else under the mouse, else in the middle of the view
      const rect = wrapper.current?.getBoundingClientRect();
      const screen =
        pointer.current ??
        (rect ? { x: rect.left + rect.width / 2 - 120, y: rect.top + rect.height / 2 - 60 } : null);
      const target = at ?? (screen ? flow.screenToFlowPosition(screen) : undefined);
      const ids = pasteClip(doc, clip, target ? { at: target } : { offset: { x: 40, y: 40 } }, MAX_NODES);
      void message.success(ct('messages.pasted', { count: ids.length }));
    } catch (error) {
      reportLimit(error);
    }
  };

  const duplicate = (ids: readonly string[]) => {
    if (!doc || readOnly || ids.length === 0) return;
    try {
      duplicateNodes(doc, ids, MAX_NODES);
    } catch (error) {
      reportLimit(error);
    }
  };

  const group = (ids: readonly string[]) => {
    if (!doc || readOnly) return;
    if (ids.length < 2) return void message.info(ct('messages.groupNeedsTwo'));
    groupNodes(doc, ids, { sizeOf });
  };

  const open = (nodeId: string) => {
    const node = doc ? getNode(doc, nodeId) : undefined;
    const target = node ? previewTargetOf(node) : null;
    if (target) setPreview(target);
  };

  const layoutNow = useCallback(() => {
    if (doc && !readOnly) autoLayout(doc, { sizeOf });
  }, [doc, readOnly, sizeOf]);

  // auto layout: arrange again whenever nodes or edges are added or removed
  const shape = `${nodes.length}:${edges.length}`;
  useEffect(() => {
    if (preferences.autoLayout && shape !== '0:0') layoutNow();
  }, [preferences.autoLayout, shape, layoutNow]);

  const exportImage = async () => {
    const container = wrapper.current;
    const all = flow.getNodes();
    try {
      if (!container || all.length === 0) throw new EmptyCanvasError();
      const png = await canvasToPng(container, flow.getNodesBounds(all), dark ? '#141414' : '#ffffff');
      downloadDataUrl(png, imageFileName(detail.data?.title || t('canvas.list.untitled')));
    } catch (error) {
      void message.error(
        ct(error instanceof EmptyCanvasError ? 'messages.emptyExport' : 'messages.exportFailed'),
      );
    }
  };

  // --- keyboard shortcuts ---------------------------------------------------------------------
  const keys = useRef({ copy, paste, duplicate, group });
  keys.current = { copy, paste, duplicate, group };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || isEditableTarget(e.target)) return;
      const key = e.key.toLowerCase();
      const selected = flow
        .getNodes()
        .filter((n) => n.selected)
        .map((n) => n.id);
      if (key === 'c' && selected.length) {
        e.preventDefault();
        void keys.current.copy(selected);
      } else if (key === 'v') {
        e.preventDefault();
        void keys.current.paste();
      } else if (key === 'd' && selected.length) {
        e.preventDefault();
        keys.current.duplicate(selected);
      } else if (key === 'g' && selected.length) {
        e.preventDefault();
        keys.current.group(selected);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [flow]);

  // --- context menu ---------------------------------------------------------------------------
  const openMenu = (
    event: React.MouseEvent | MouseEvent,
    kind: ContextMenuState['kind'],
    nodeIds: string[],
  ) => {
    event.preventDefault();
    const rect = wrapper.current?.getBoundingClientRect();
    if (!rect) return;
    setHover(null);
    setMenu({
      left: event.clientX - rect.left,
      top: event.clientY - rect.top,
      kind,
      nodeIds,
      flowPosition: flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }),
    });
  };

  const menuItems = (state: ContextMenuState): NonNullable<MenuProps['items']> => {
    const edit = !readOnly;
    if (state.kind === 'pane')
      return [
        { key: 'addMemo', label: ct('menu.addMemo'), disabled: !edit },
        { key: 'paste', label: ct('menu.paste'), disabled: !edit },
        { key: 'selectAll', label: ct('menu.selectAll') },
      ];
    const single = state.nodeIds.length === 1 && doc ? getNode(doc, state.nodeIds[0] ?? '') : undefined;
    const items: NonNullable<MenuProps['items']> = [];
    if (single && previewTargetOf(single)) items.push({ key: 'open', label: ct('menu.open') });
    items.push(
      { key: 'copy', label: ct('menu.copy') },
      { key: 'duplicate', label: ct('menu.duplicate'), disabled: !edit },
    );
    if (state.nodeIds.length > 1) items.push({ key: 'group', label: ct('menu.group'), disabled: !edit });
    if (single?.type === 'group') items.push({ key: 'ungroup', label: ct('menu.ungroup'), disabled: !edit });
    items.push(
      { type: 'divider' },
      { key: 'delete', label: ct('menu.delete'), danger: true, disabled: !edit },
    );
    return items;
  };

  const onMenuSelect = (state: ContextMenuState, key: string) => {
    const ids = state.nodeIds;
    if (key === 'open' && ids[0]) open(ids[0]);
    else if (key === 'copy') void copy(ids);
    else if (key === 'paste') void paste(state.flowPosition);
    else if (key === 'duplicate') duplicate(ids);
    else if (key === 'group') group(ids);
    else if (key === 'ungroup' && doc && ids[0]) ungroupNode(doc, ids[0]);
    else if (key === 'delete' && doc && !readOnly) removeNodes(doc, ids);
    else if (key === 'addMemo') placeNode({ type: 'memo', data: { title: '' } }, { at: state.flowPosition });
    else if (key === 'selectAll')
      onNodesChange(flow.getNodes().map((n) => ({ type: 'select', id: n.id, selected: true })));
  };

  const visibleEdges = useMemo<Edge[]>(
    () => (preferences.edgesShown ? edges : edges.map((e) => ({ ...e, hidden: true }))),
    [edges, preferences.edgesShown],
  );

  if (detail.isError)
    return <StatusPage icon={<AppstoreOutlined />} title={t('canvas.notFound')} tone="error" />;

  const previewNode =
    preview &&
    nodes.find(
      (n) => n.data.entityId === preview.id && (n.type === preview.kind || preview.kind === 'skillResponse'),
    );
  const hand = preferences.pointerMode === 'hand';
  const touchpad = preferences.operationMode === 'touchpad';

  return (
    <div className="canvas-screen" data-testid="canvas-page">
      <CanvasToolbar
        title={detail.data?.title || t('canvas.list.untitled')}
        labels={<ItemLabels entityType="canvas" entityId={canvasId} />}
        status={status}
        readOnly={readOnly}
        undoManager={undoManager}
        canGroup={selectedNodeIds.length > 1}
        preferences={preferences}
        onPreferenceChange={setPreference}
        onLayoutNow={layoutNow}
        onBack={() => void navigate('/canvas')}
        onAddMemo={() => placeNode({ type: 'memo', data: { title: '' } })}
        onAddDocument={() => void addDocument()}
        onAddCodeArtifact={(type) => void addCodeArtifact(type)}
        onAddWebsite={(url) => placeNode({ type: 'website', data: { title: url, metadata: { url } } })}
        onAddImage={(file) => void addImage(file)}
        onImageRejected={(problem) =>
          void message.error(
            problem === 'type'
              ? ct('messages.imageType')
              : ct('messages.imageSize', { size: `${CANVAS_IMAGE_MAX_BYTES / 1024 / 1024} MB` }),
          )
        }
        onGroup={() => group(selectedNodeIds)}
        onExportImage={() => void exportImage()}
        onReadOnlyChange={(value) => update.mutate({ canvasId, readOnly: value })}
      />
      <div className="canvas-screen__body">
        <div
          ref={wrapper}
          className={`canvas-screen__flow is-${preferences.sizeMode}${hand ? ' is-hand' : ''}${far ? ' is-far' : ''}`}
          data-size-mode={preferences.sizeMode}
          data-pointer-mode={preferences.pointerMode}
          data-operation-mode={preferences.operationMode}
          onPointerMove={(e) => {
            pointer.current = { x: e.clientX, y: e.clientY };
          }}
          onPointerLeave={() => {
            pointer.current = null;
          }}
        >
          {context ? (
            <CanvasContext.Provider value={context}>
              <ReactFlow<FlowNode>
                nodes={nodes}
                edges={visibleEdges}
                nodeTypes={nodeTypes}
                onNodesChange={onNodesChange}
                onEdgesChange={onEdgesChange}
                onConnect={onConnect}
                onNodeClick={(_e, node) => {
                  if (preferences.clickPreview) open(node.id);
                }}
                onNodeDoubleClick={(_e, node) => open(node.id)}
                onNodeContextMenu={(e, node) => {
                  const selected = flow
                    .getNodes()
                    .filter((n) => n.selected)
                    .map((n) => n.id);
                  const inSelection = node.selected && selected.length > 1;
                  openMenu(e, inSelection ? 'selection' : 'node', inSelection ? selected : [node.id]);
                }}
                onSelectionContextMenu={(e, selected) =>
                  openMenu(
                    e,
                    'selection',
                    selected.map((n) => n.id),
                  )
                }
                onPaneContextMenu={(e) => openMenu(e, 'pane', [])}
                onPaneClick={() => setMenu(null)}
                onNodeMouseEnter={(e, node) => {
                  if (!preferences.hoverGuide || node.dragging) return;
                  const rect = wrapper.current?.getBoundingClientRect();
                  const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
                  if (rect)
                    setHover({
                      type: node.type ?? 'memo',
                      left: box.left - rect.left,
                      top: box.bottom - rect.top + 8,
                    });
                }}
                onNodeMouseLeave={() => setHover(null)}
                onNodeDragStart={() => setHover(null)}
                onMoveStart={() => setHover(null)}
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
                fitView
                fitViewOptions={{ maxZoom: 1 }}
                minZoom={0.05}
                proOptions={{ hideAttribution: true }}
              >
                <Background />
                <MiniMap pannable zoomable />
                <Controls showInteractive={false} />
              </ReactFlow>
              <AskAiLaunchpad />
              {hover && preferences.hoverGuide ? (
                <HoverGuide state={hover} clickPreview={preferences.clickPreview} />
              ) : null}
              {menu ? (
                <CanvasContextMenu
                  state={menu}
                  items={menuItems(menu)}
                  onSelect={(key) => onMenuSelect(menu, key)}
                  onClose={() => setMenu(null)}
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
              title={previewNode ? previewNode.data.title : ''}
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
