/** A group: a resizable frame; nodes inside have it as parentId and move with it. */
import { memo } from 'react';
import { NodeResizer, type NodeProps } from '@xyflow/react';
import { updateNode } from '@atelier/canvas';
import { useCanvasContext } from '../canvasContext';
import type { FlowNode } from '../useCanvasFlow';
import { Handles } from './NodeCard';

export const GroupNode = memo(function GroupNode({ id, data, selected }: NodeProps<FlowNode>) {
  const { doc, readOnly } = useCanvasContext();
  return (
    <div
      className={`canvas-node canvas-node--group${selected ? ' is-selected' : ''}`}
      data-testid="canvas-node-group"
    >
      <NodeResizer
        isVisible={Boolean(selected) && !readOnly}
        minWidth={160}
        minHeight={100}
        onResizeEnd={(_e, box) =>
          updateNode(doc, id, { position: { x: box.x, y: box.y }, width: box.width, height: box.height })
        }
      />
      <Handles />
      <div className="canvas-node__title">{data.title}</div>
    </div>
  );
});
