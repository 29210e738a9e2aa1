/**
 * The chrome every card-like node shares: connection handles, the type line with its icon, the
 * title, and an optional preview (hidden in compact size mode by CSS on the canvas).
 */
import type { ReactNode } from 'react';
import { Handle, Position } from '@xyflow/react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  CodeOutlined,
  CommentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  PaperClipOutlined,
  PictureOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { CanvasNodeType } from '@atelier/canvas';
import { localizedPreview } from '../../library/resourceUtils';
import { useNodeT } from './nodeText';

export const NODE_ICONS: Record<CanvasNodeType, typeof FileTextOutlined> = {
  document: FileTextOutlined,
  codeArtifact: CodeOutlined,
  website: GlobalOutlined,
  resource: PaperClipOutlined,
  skill: ThunderboltOutlined,
  tool: ToolOutlined,
  skillResponse: CommentOutlined,
  toolResponse: ToolOutlined,
  memo: FileTextOutlined,
  group: AppstoreOutlined,
  image: PictureOutlined,
  mindMap: ApartmentOutlined,
};

export function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Left} />
      <Handle type="source" position={Position.Right} />
    </>
  );
}

export interface NodeCardProps {
  type: CanvasNodeType;
  title: string;
  selected: boolean | undefined;
  /** Extra line(s) under the type (badge, url, status). */
  badge?: ReactNode;
  /** Content preview; hidden in compact mode. */
  children?: ReactNode;
}

export function NodeCard({ type, title, selected, badge, children }: NodeCardProps) {
  const t = useNodeT();
  const Icon = NODE_ICONS[type];
  const shownTitle = title || t('canvas.node.untitled');
  return (
    <div
      className={`canvas-node canvas-node--${type}${selected ? ' is-selected' : ''}`}
      data-testid={`canvas-node-${type}`}
      // zoomed far out the card shows this big title over itself (canvas.css, zoomDetail.ts)
      data-far-title={shownTitle}
    >
      <Handles />
      {/* zoomed far out: a large icon of the type under the title (canvas.css, zoomDetail.ts) */}
      <Icon className="canvas-node__far-icon" aria-hidden />
      <div className="canvas-node__type">
        <Icon /> {t(`canvas.node.types.${type}`)}
        {badge}
      </div>
      <div className="canvas-node__title">{shownTitle}</div>
      {children ? <div className="canvas-node__body">{children}</div> : null}
    </div>
  );
}

/** Text preview with a line clamp that the size mode changes. */
export function PreviewText({ text }: { text: string }) {
  const t = useNodeT();
  return text ? <div className="canvas-node__preview">{localizedPreview(text, t)}</div> : null;
}
