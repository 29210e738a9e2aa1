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
    if (!takeMemoFocus(id)) return;
    // React Flow keeps a node hidden until it is measured, and a hidden field takes no focus:
    // try on each frame until it does (a few frames at most)
    let frame = 0;
    const tryFocus = (tries: number) => {
      editor.current?.focus({ preventScroll: true });
      if (document.activeElement !== editor.current && tries > 0)
        frame = requestAnimationFrame(() => tryFocus(tries - 1));
    };
    tryFocus(60);
    return () => cancelAnimationFrame(frame);
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
