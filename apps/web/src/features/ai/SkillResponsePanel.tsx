/**
 * A skill response in the canvas preview panel: the whole answer with reasoning, sources, what
 * it created, token usage, rerun and follow-up, plus the earlier questions of its thread.
 */
import { useState } from 'react';
import { Button, Result } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import {
  Answer,
  Artifacts,
  FollowUp,
  Reasoning,
  RerunButton,
  Sources,
  StatusLine,
  TokenUsage,
  phaseOf,
  useRunLoader,
} from './RunView';
import { useTranslation } from 'react-i18next';
import { ToolCalls } from './ToolCalls';
import { stripCitationMarkers } from './citations';
import { ShareButton } from '../share/ShareButton';
import './ai.css';

export function SkillResponsePanel({
  resultId,
  nodeId,
  onClose,
}: {
  resultId: string;
  nodeId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const run = useRunLoader(resultId);
  const [highlight, setHighlight] = useState<number | null>(null);
  const phase = phaseOf(run);
  return (
    <aside className="canvas-panel ai-panel" data-testid="skill-response-panel">
      <header className="canvas-panel__header">
        <span className="canvas-panel__title">{run?.title || t('panel.title')}</span>
        {run ? (
          <ShareButton
            size="small"
            iconOnly
            entityType="skillResponse"
            entityId={resultId}
            title={run.title}
          />
        ) : null}
        <Button type="text" icon={<CloseOutlined />} onClick={onClose} aria-label={t('panel.close')} />
      </header>
      <div className="canvas-panel__body ai-panel__body">
        {phase === 'lost' ? (
          <Result status="warning" title={t('panel.notFound')} subTitle={t('node.lost')} />
        ) : (
          <>
            {run?.history.length ? (
              <details className="ai-panel__history">
                <summary>{t('panel.history')}</summary>
                {run.history.map((h) => (
                  <div key={h.resultId} className="ai-panel__history-item">
                    <div className="ai-panel__question">{h.input?.query ?? h.title}</div>
                    <div className="ai-panel__history-answer">
                      {stripCitationMarkers(h.steps?.map((s) => s.content).join('\n\n') ?? '')}
                    </div>
                  </div>
                ))}
              </details>
            ) : null}
            {run?.input ? <div className="ai-panel__question">{run.input.query}</div> : null}
            <StatusLine run={run} nodeId={nodeId} />
            {run ? (
              <>
                <Reasoning text={run.reasoning} />
                <ToolCalls logs={run.logs} />
                <Answer run={run} onCite={setHighlight} testId="ai-panel-answer" />
                <Sources sources={run.sources} highlight={highlight} />
                <Artifacts run={run} />
                <TokenUsage run={run} />
                <div className="ai-panel__actions">
                  <RerunButton run={run} nodeId={nodeId} />
                </div>
                {phase === 'completed' ? <FollowUp run={run} nodeId={nodeId} /> : null}
              </>
            ) : null}
          </>
        )}
      </div>
    </aside>
  );
}
