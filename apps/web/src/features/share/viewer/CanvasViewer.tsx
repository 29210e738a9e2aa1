/**
 * A shared canvas, read-only: React Flow with pan, zoom and fit, one light card per node, and a
 * side panel for the clicked node — the child share published with the canvas (document,
 * answer, resource, artifact) through `share.detail`, or the node's own data for memos,
 * websites and images. Follows the owner's edits when the share is live.
 */
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spin } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { Background, Controls, Handle, Position, ReactFlow, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { CanvasNode } from '@atelier/contract';
import { useResolvedTheme } from '../../../stores/themeStore';
import { CardContentContext, shareContent } from '../../canvas/nodes/cardContent';
import { EntityCardBody } from '../../canvas/nodes/EntityCardBody';
import { useLiveCanvas } from './useLiveShare';
import { useShareDetail } from './useShareDetail';
import { viewerFor, type ShareViewerProps } from './viewers';

// The Markdown renderer is its own chunk: it loads when the canvas holds a memo (or one is opened),
// not with the viewer's entry. Until it arrives a memo card shows its text as written.
const Markdown = lazy(() => import('../../ai/Markdown').then((m) => ({ default: m.Markdown })));

/** A memo card's text drawn as Markdown (headings, lists, emphasis, links), like the side panel. */
function MemoText({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="share-node__memo share-node__memo--plain">{text}</div>}>
      <Markdown text={text} className="share-node__memo share-markdown" testId="share-memo-text" />
    </Suspense>
  );
}

type ViewerNodeData = { node: CanvasNode; label: string; childShareId: string | null };
type ViewerFlowNode = Node<ViewerNodeData, 'shared' | 'sharedGroup'>;

/** The card types whose content is drawn as on the canvas (CardPreviews). */
const CONTENT_KIND: Partial<
  Record<CanvasNode['type'], 'document' | 'codeArtifact' | 'skillResponse' | 'resource'>
> = {
  document: 'document',
  skillResponse: 'skillResponse',
  codeArtifact: 'codeArtifact',
  mindMap: 'codeArtifact',
};

const SharedNode = memo(function SharedNode({ data }: NodeProps<ViewerFlowNode>) {
  const { node, label, childShareId } = data;
  // a file resource may be an image: drawn as the image, like on the canvas
  const kind =
    CONTENT_KIND[node.type] ??
    (node.type === 'resource' && node.data.metadata?.resourceType === 'file' ? 'resource' : undefined);
  const image = node.type === 'image' ? (node.data.metadata?.url ?? node.data.metadata?.imageUrl) : null;
  return (
    <div className="share-node" data-type={node.type} data-testid="share-canvas-node">
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="share-node__type">{label}</div>
      {/* a memo is its text, as on the canvas: its title only when it has no text */}
      {node.data.title && !(node.type === 'memo' && node.data.contentPreview?.trim()) ? (
        <div className="share-node__title">{node.data.title}</div>
      ) : null}
      {typeof image === 'string' ? (
        <img className="share-node__image" src={image} alt={node.data.title} loading="lazy" />
      ) : kind && node.data.entityId ? (
        <EntityCardBody
          kind={kind}
          entityId={node.data.entityId}
          childShareId={childShareId}
          fallback={
            kind !== 'codeArtifact' && node.data.contentPreview ? (
              <div className="share-node__preview">{node.data.contentPreview}</div>
            ) : null
          }
        />
      ) : node.type === 'memo' && node.data.contentPreview ? (
        <MemoText text={node.data.contentPreview} />
      ) : node.data.contentPreview ? (
        <div className="share-node__preview">{node.data.contentPreview}</div>
      ) : null}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
});

function SharedGroup({ data }: NodeProps<ViewerFlowNode>) {
  return <div className="share-node-group">{data.node.data.title}</div>;
}

const nodeTypes = { shared: SharedNode, sharedGroup: SharedGroup };

function useTypeLabel() {
  const { t } = useTranslation(undefined, { keyPrefix: 'share' });
  return (type: CanvasNode['type']): string => {
    switch (type) {
      case 'document':
      case 'resource':
      case 'skillResponse':
      case 'codeArtifact':
        return t(`types.${type}`);
      case 'mindMap':
        return t('types.codeArtifact');
      case 'memo':
        return t('viewer.memo');
      case 'website':
        return t('viewer.website');
      case 'image':
        return t('viewer.image');
      default:
        return '';
    }
  };
}

/**
 * The entity behind a node: its child share when it was published with the canvas, otherwise asked
 * of the canvas share by entity (a live share publishes a node added since on first open).
 */
function ChildContent({ source }: { source: ChildSource }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const detail = useShareDetail(source.kind === 'published' ? source.shareId : source.canvasShareId, {
    entityId: source.kind === 'entity' ? source.entityId : undefined,
  });
  if (detail.error) return <span className="share-muted">{t('nodeNotShared')}</span>;
  if (!detail.data) return <Spin />;
  const data = detail.data.data;
  const View = viewerFor(data.kind) as React.ComponentType<ShareViewerProps>;
  return (
    <Suspense fallback={<Spin />}>
      <View shareId={detail.data.share.shareId} data={data} />
    </Suspense>
  );
}

type ChildSource =
  { kind: 'published'; shareId: string } | { kind: 'entity'; canvasShareId: string; entityId: string };

/** Node types whose entity is published as a child share (the server's list). */
const CHILD_NODE_TYPES = new Set<CanvasNode['type']>([
  'document',
  'resource',
  'skillResponse',
  'codeArtifact',
  'mindMap',
]);

function NodePanel({
  node,
  child,
  onClose,
}: {
  node: CanvasNode;
  child: ChildSource | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const url = node.data.metadata?.url;
  const image = node.data.metadata?.url ?? node.data.metadata?.imageUrl;
  let body;
  if (child) body = <ChildContent source={child} />;
  else if (node.type === 'memo')
    body = (
      <Suspense fallback={<Spin />}>
        <Markdown text={node.data.contentPreview ?? ''} className="share-markdown" />
      </Suspense>
    );
  else if (node.type === 'website' && typeof url === 'string' && /^https?:/i.test(url))
    body = (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow">
        {url}
      </a>
    );
  else if (node.type === 'image' && typeof image === 'string')
    body = <img className="share-panel__image" src={image} alt={node.data.title} />;
  else body = <span className="share-muted">{t('nodeNotShared')}</span>;
  return (
    <aside className="share-panel" data-testid="share-node-panel">
      <header className="share-panel__header">
        <span className="share-panel__title">{node.data.title}</span>
        <Button type="text" icon={<CloseOutlined />} onClick={onClose} aria-label={t('close')} />
      </header>
      <div className="share-panel__body">{body}</div>
    </aside>
  );
}

function childSource(
  canvasShareId: string,
  children: Record<string, string>,
  node: CanvasNode,
): ChildSource | undefined {
  const entityId = node.data.entityId;
  if (!entityId || !CHILD_NODE_TYPES.has(node.type)) return undefined;
  const published = children[entityId];
  return published ? { kind: 'published', shareId: published } : { kind: 'entity', canvasShareId, entityId };
}

export function CanvasViewer({ shareId, data }: ShareViewerProps<'canvas'>) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const dark = useResolvedTheme() === 'dark';
  const typeLabel = useTypeLabel();
  const initial = useMemo(() => ({ nodes: data.nodes, edges: data.edges }), [data]);
  const { nodes, edges } = useLiveCanvas(shareId, initial);
  const [openId, setOpenId] = useState<string | null>(null);

  const flowNodes = useMemo<ViewerFlowNode[]>(
    () =>
      nodes.map((n) => ({
        id: n.id,
        type: n.type === 'group' ? 'sharedGroup' : 'shared',
        position: n.position,
        data: {
          node: n,
          label: typeLabel(n.type),
          childShareId: (n.data.entityId && data.children[n.data.entityId]) || null,
        },
        ...(n.parentId ? { parentId: n.parentId } : {}),
        ...(n.width ? { width: n.width } : {}),
        ...(n.height ? { height: n.height } : {}),
        ...(n.style ? { style: n.style } : {}),
        ...(n.zIndex !== undefined ? { zIndex: n.zIndex } : {}),
      })),
    // typeLabel follows the language; nodes change with live edits
    [nodes, typeLabel, data.children],
  );
  const useContent = useMemo(() => shareContent(shareId), [shareId]);
  const flowEdges = useMemo(
    () =>
      edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        ...(e.label ? { label: e.label } : {}),
      })),
    [edges],
  );
  const openNode = openId ? nodes.find((n) => n.id === openId) : undefined;

  return (
    <CardContentContext.Provider value={useContent}>
      <div className="share-canvas" data-testid="share-canvas">
        <div className="share-canvas__flow">
          {nodes.length === 0 ? (
            <div className="share-canvas__empty">
              <span className="share-muted">{t('emptyCanvas')}</span>
            </div>
          ) : null}
          <ReactFlow<ViewerFlowNode>
            nodes={flowNodes}
            edges={flowEdges}
            nodeTypes={nodeTypes}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            edgesFocusable={false}
            onNodeClick={(_e, node) => node.type === 'shared' && setOpenId(node.id)}
            colorMode={dark ? 'dark' : 'light'}
            fitView
            minZoom={0.05}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} fitViewOptions={{ padding: 0.1 }} />
          </ReactFlow>
        </div>
        {openNode ? (
          <NodePanel
            key={openNode.id}
            node={openNode}
            child={childSource(shareId, data.children, openNode)}
            onClose={() => setOpenId(null)}
          />
        ) : null}
      </div>
    </CardContentContext.Provider>
  );
}
