/**
 * The skill-response node on the canvas: the question, the run's status, the answer streaming in
 * (Markdown with citations), reasoning, sources, token usage and a follow-up box. Its entityId is
 * the resultId; the run's state comes from the shared store (loaded from /action/result when this
 * tab did not start it).
 */
import { memo, useEffect, useState } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Handle, Position } from '@xyflow/react';
import { CommentOutlined, ExpandAltOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { FlowNode } from '../canvas/useCanvasFlow';
import { useOptionalCanvasContext } from '../canvas/canvasContext';
import {
  Answer,
  Artifacts,
  FollowUp,
  Reasoning,
  Sources,
  StatusLine,
  TokenUsage,
  phaseOf,
  useRunLoader,
} from './RunView';
import { useSkillStore } from './skillStore';
import { useTranslation } from 'react-i18next';
import { ToolCalls } from './ToolCalls';
import './ai.css';

export const SkillResponseNode = memo(function SkillResponseNode({
  id,
  data,
  selected,
}: NodeProps<FlowNode>) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const canvas = useOptionalCanvasContext();
  const resultId = data.entityId;
  const run = useRunLoader(resultId);
  const [highlight, setHighlight] = useState<number | null>(null);
  const phase = phaseOf(run);

  // remember which node shows the run (follow-ups connect from it); a copy of the node keeps the first
  const known = Boolean(run?.nodeId);
  const loaded = Boolean(run);
  useEffect(() => {
    if (loaded && !known) useSkillStore.getState().patch(resultId, { nodeId: id });
  }, [loaded, known, id, resultId]);

  const query = run?.input?.query ?? (typeof data.metadata?.query === 'string' ? data.metadata.query : '');
  return (
    <div
      className={`canvas-node ai-node${selected ? ' is-selected' : ''}`}
      data-testid="canvas-node-skillResponse"
      data-phase={phase}
      data-result-id={resultId}
      // zoomed far out the card shows its question as a large title (canvas.css, zoomDetail.ts)
      data-far-title={query || data.title || t('node.untitled')}
    >
      <Handle type="target" position={Position.Left} />
      <Handle type="source" position={Position.Right} />
      <div className="ai-node__head">
        <span className="ai-node__type">
          <CommentOutlined />
        </span>
        <span className="ai-node__query" title={query}>
          {query || data.title || t('node.untitled')}
        </span>
        {canvas ? (
          <Tooltip title={t('node.open')}>
            <Button
              size="small"
              type="text"
              className="nodrag"
              icon={<ExpandAltOutlined />}
              aria-label={t('node.open')}
              onClick={() => canvas.openPreview({ kind: 'skillResponse', id: resultId, nodeId: id })}
            />
          </Tooltip>
        ) : null}
      </div>
      <StatusLine run={run} nodeId={id} />
      {run ? (
        <>
          <Reasoning text={run.reasoning} open={phase === 'executing' && !run.content} />
          <ToolCalls logs={run.logs} />
          {run.content ? (
            <div className="ai-node__answer nowheel">
              <Answer run={run} onCite={setHighlight} testId="ai-answer" />
            </div>
          ) : null}
          <Sources sources={run.sources} highlight={highlight} />
          <Artifacts run={run} />
          <TokenUsage run={run} />
          {phase === 'completed' ? <FollowUp run={run} nodeId={id} /> : null}
        </>
      ) : null}
    </div>
  );
});
