/**
 * Nodes that stand for an entity (document, code artifact, resource, website, image, mind map)
 * and the generic card used by skill, tool and response nodes.
 */
import { memo, useState } from 'react';
import { refreshQueue } from '../../../api/client';
import { useAuthStore } from '../../../stores/authStore';
import type { NodeProps } from '@xyflow/react';
import { CodeOutlined, ExportOutlined } from '@ant-design/icons';
import type { FlowNode } from '../useCanvasFlow';
import { EntityCardBody } from './EntityCardBody';
import { Handles, NodeCard, PreviewText } from './NodeCard';
import { useNodeT } from './nodeText';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export const DocumentNode = memo(function DocumentNode({ data, selected }: NodeProps<FlowNode>) {
  return (
    <NodeCard type="document" title={data.title} selected={selected}>
      <EntityCardBody
        kind="document"
        entityId={data.entityId}
        stamp={data.contentPreview}
        fallback={<PreviewText text={data.contentPreview} />}
      />
    </NodeCard>
  );
});

export const CodeArtifactNode = memo(function CodeArtifactNode({ data, selected }: NodeProps<FlowNode>) {
  const artifactType = str(data.metadata.artifactType) || str(data.metadata.type);
  return (
    <NodeCard
      type="codeArtifact"
      title={data.title}
      selected={selected}
      badge={
        artifactType ? (
          <span className="canvas-node__badge" data-testid="artifact-type-badge">
            {artifactType}
          </span>
        ) : null
      }
    >
      <EntityCardBody
        kind="codeArtifact"
        entityId={data.entityId}
        stamp={data.contentPreview}
        fallback={<ArtifactIdle />}
      />
    </NodeCard>
  );
});

/** An artifact card before its content arrived: its place, never its source code. */
export function ArtifactIdle() {
  return (
    <div className="card-frame card-frame--idle">
      <CodeOutlined />
    </div>
  );
}

export const ResourceNode = memo(function ResourceNode({ data, selected }: NodeProps<FlowNode>) {
  const t = useNodeT();
  const resourceType = str(data.metadata.resourceType);
  // the library's name of the type in the reader's language ("file" reads 文件 in Chinese)
  const typeLabel =
    resourceType === 'file' || resourceType === 'text' || resourceType === 'weblink'
      ? t(`library.types.${resourceType}`)
      : resourceType;
  const indexStatus = str(data.metadata.indexStatus);
  return (
    <NodeCard
      type="resource"
      title={data.title}
      selected={selected}
      badge={
        <>
          {resourceType ? (
            <span className="canvas-node__badge" data-testid="resource-type-badge">
              {typeLabel}
            </span>
          ) : null}
          {indexStatus ? (
            <span
              className={`canvas-node__badge is-${
                indexStatus === 'finish' ? 'success' : indexStatus.includes('fail') ? 'error' : 'processing'
              }`}
            >
              {t('canvas.node.indexStatus', { status: indexStatus })}
            </span>
          ) : null}
        </>
      }
    >
      {/* a file may be an image: drawn as the image, above its description */}
      {resourceType === 'file' && data.entityId ? (
        <EntityCardBody kind="resource" entityId={data.entityId} fallback={null} />
      ) : null}
      <PreviewText text={data.contentPreview} />
    </NodeCard>
  );
});

export const WebsiteNode = memo(function WebsiteNode({ data, selected }: NodeProps<FlowNode>) {
  const t = useNodeT();
  const url = str(data.metadata.url);
  const safe = /^https?:\/\//i.test(url) ? url : '';
  return (
    <NodeCard type="website" title={data.title || url} selected={selected}>
      {safe ? (
        <a
          className="canvas-node__url nodrag"
          href={safe}
          target="_blank"
          rel="noopener noreferrer"
          title={t('canvas.node.openLink')}
          onClick={(e) => e.stopPropagation()}
        >
          {safe} <ExportOutlined />
        </a>
      ) : null}
      <PreviewText text={data.contentPreview} />
    </NodeCard>
  );
});

/** Stored files of this app: private ones need a live sign-in, which the refresh can renew. */
const isStoredFile = (src: string) => src.includes('/v1/misc/static/');
const IMAGE_RETRIES = 2;

export const ImageNode = memo(function ImageNode({ data, selected }: NodeProps<FlowNode>) {
  const src = str(data.metadata.url) || str(data.metadata.imageUrl);
  // a private file fails to load while the access token has expired (an <img> cannot refresh
  // it): refresh the sign-in and draw the image again
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    if (attempt >= IMAGE_RETRIES || !isStoredFile(src)) return;
    if (useAuthStore.getState().status !== 'authenticated') return;
    void refreshQueue.refresh().then((ok) => ok && setAttempt((n) => n + 1));
  };
  return (
    <div
      className={`canvas-node canvas-node--image${selected ? ' is-selected' : ''}`}
      data-testid="canvas-node-image"
    >
      <Handles />
      {src ? (
        <img
          key={attempt}
          className="canvas-node__image"
          src={src}
          alt={data.title}
          draggable={false}
          onError={retry}
        />
      ) : null}
      {data.title ? <div className="canvas-node__caption">{data.title}</div> : null}
    </div>
  );
});

export const MindMapNode = memo(function MindMapNode({ data, selected }: NodeProps<FlowNode>) {
  return (
    <NodeCard type="mindMap" title={data.title} selected={selected}>
      <EntityCardBody kind="codeArtifact" entityId={data.entityId} fallback={<ArtifactIdle />} />
    </NodeCard>
  );
});

/** Skill, tool, tool response and (until the AI feature's own view) skill response. */
export const GenericNode = memo(function GenericNode({ type, data, selected }: NodeProps<FlowNode>) {
  return (
    <NodeCard type={type} title={data.title} selected={selected}>
      <PreviewText text={data.contentPreview} />
    </NodeCard>
  );
});
