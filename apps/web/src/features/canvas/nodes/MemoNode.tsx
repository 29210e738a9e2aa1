/**
 * A memo: plain text edited inline on the canvas, written to the node's contentPreview. A memo
 * this person just created takes the focus (memoFocus.ts). While it is being written in, its
 * field shows at every zoom (zoomed far out, other memos show only their frame).
 */
import { memo, useEffect, useRef, useState } from 'react';
import type { NodeProps } from '@xyflow/react';
import { memoTitle, updateNode } from '@atelier/canvas';
import { useCanvasContext } from '../canvasContext';
import { settleMemoFocus, typingElsewhere, wantsMemoFocus } from '../memoFocus';
import type { FlowNode } from '../useCanvasFlow';
import { Handles } from './NodeCard';
import { useNodeT } from './nodeText';

export const MemoNode = memo(function MemoNode({ id, data, selected }: NodeProps<FlowNode>) {
  const t = useNodeT();
  const { doc, readOnly } = useCanvasContext();
  const editor = useRef<HTMLTextAreaElement>(null);
  // a field hidden by the far-zoom detail takes no focus: shown while wanted or focused
  const [editing, setEditing] = useState(() => wantsMemoFocus(id));
  useEffect(() => {
    if (!wantsMemoFocus(id)) return;
    // retried on each frame until the field is drawn and takes the focus (memoFocus.ts)
    let frame = 0;
    const tryFocus = () => {
      const field = editor.current;
      if (!wantsMemoFocus(id) || typingElsewhere(field)) {
        if (document.activeElement !== field) setEditing(false);
        return settleMemoFocus(id);
      }
      field?.focus({ preventScroll: true });
      if (field && document.activeElement === field) return settleMemoFocus(id);
      frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [id]);
  return (
    <div
      className={`canvas-node canvas-node--memo${selected ? ' is-selected' : ''}${editing ? ' is-editing' : ''}`}
      data-testid="canvas-node-memo"
      // zoomed far out a memo shows its first line as the title (canvas.css, zoomDetail.ts)
      data-far-title={memoTitle('', data.contentPreview)}
    >
      <Handles />
      <textarea
        ref={editor}
        className="canvas-node__memo nodrag nowheel"
        value={data.contentPreview}
        placeholder={t('canvas.node.memoPlaceholder')}
        aria-label={t('canvas.node.types.memo')}
        readOnly={readOnly}
        onFocus={() => setEditing(true)}
        onBlur={() => setEditing(false)}
        onChange={(e) => updateNode(doc, id, { data: { contentPreview: e.target.value } })}
      />
    </div>
  );
});
