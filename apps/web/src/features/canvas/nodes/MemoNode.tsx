/**
 * A memo: plain text edited inline on the canvas, written to the node's contentPreview. A memo
 * this person just created takes the focus (memoFocus.ts).
 */
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeProps } from '@xyflow/react';
import { updateNode } from '@atelier/canvas';
import { useCanvasContext } from '../canvasContext';
import { takeMemoFocus } from '../memoFocus';
import type { FlowNode } from '../useCanvasFlow';
import { Handles } from './NodeCard';

export const MemoNode = memo(function MemoNode({ id, data, selected }: NodeProps<FlowNode>) {
  const { t } = useTranslation();
  const { doc, readOnly } = useCanvasContext();
  const editor = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (takeMemoFocus(id)) editor.current?.focus({ preventScroll: true });
  }, [id]);
  return (
    <div
      className={`canvas-node canvas-node--memo${selected ? ' is-selected' : ''}`}
      data-testid="canvas-node-memo"
    >
      <Handles />
      <textarea
        ref={editor}
        className="canvas-node__memo nodrag nowheel"
        value={data.contentPreview}
        placeholder={t('canvas.node.memoPlaceholder')}
        aria-label={t('canvas.node.types.memo')}
        readOnly={readOnly}
        onChange={(e) => updateNode(doc, id, { data: { contentPreview: e.target.value } })}
      />
    </div>
  );
});
