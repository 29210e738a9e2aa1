/** The hover guide: one small card under the hovered node with a hint of what it does. */
import type { CanvasNodeType } from '@atelier/canvas';
import { useCanvasT } from './useCanvasT';

export interface HoverState {
  type: string;
  /** Position relative to the canvas element. */
  left: number;
  top: number;
}

const HINTS: Partial<
  Record<CanvasNodeType, 'memo' | 'document' | 'codeArtifact' | 'resource' | 'website' | 'image' | 'group'>
> = {
  memo: 'memo',
  document: 'document',
  codeArtifact: 'codeArtifact',
  resource: 'resource',
  website: 'website',
  image: 'image',
  group: 'group',
};

const OPENABLE = new Set(['document', 'codeArtifact', 'resource', 'skillResponse']);

export function HoverGuide({ state, clickPreview }: { state: HoverState; clickPreview: boolean }) {
  const t = useCanvasT();
  const hint = HINTS[state.type as CanvasNodeType];
  const text =
    OPENABLE.has(state.type) && !clickPreview
      ? t('hover.clickOff')
      : hint
        ? t(`hover.${hint}`)
        : t('hover.generic');
  return (
    <div
      className="canvas-hover"
      style={{ left: state.left, top: state.top }}
      role="tooltip"
      data-testid="canvas-hover-guide"
    >
      {text}
    </div>
  );
}
