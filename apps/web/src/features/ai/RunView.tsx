/**
 * One skill run as the node and the panel show it: status line (executing / completed / failed,
 * click to retry / rerunning / lost), collapsible reasoning, the Markdown answer with citations
 * linked to the sources, the sources, what the run created, token usage and the follow-up box.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { Button, Input, Tag, Tooltip } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  FileTextOutlined,
  LoadingOutlined,
  RedoOutlined,
  SendOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { errorMessage, type Locale } from '@atelier/contract';
import { currentLocale } from '../../i18n/i18n';
import type { ScopedT } from '../../i18n/types';
import { useUiStore } from '../../stores/uiStore';
import { useOptionalCanvasContext } from '../canvas/canvasContext';
import { webSearchProviderNames } from '../settings/providers/providerKinds';
import { Markdown } from './Markdown';
import { abortRun, refreshResult } from './runSkill';
import { useRun, type RunSource, type RunState } from './skillStore';
import { useTranslation } from 'react-i18next';
import { askFollowUp, rerun } from './threadActions';
import { useReveal } from './useReveal';

export type RunPhase = 'loading' | 'executing' | 'rerunning' | 'completed' | 'failed' | 'lost' | 'waiting';

export function phaseOf(run: RunState | undefined): RunPhase {
  if (!run) return 'loading';
  if (run.error === 'E1011') return 'lost';
  if (run.status === 'failed') return 'failed';
  if (run.status === 'finish') return 'completed';
  if (run.rerunning || (run.version > 0 && run.status === 'executing')) return 'rerunning';
  if (run.status === 'waiting') return 'waiting';
  return 'executing';
}

/** Loads the run when nobody streams it here, and polls while the server still runs it elsewhere. */
export function useRunLoader(resultId: string): RunState | undefined {
  const run = useRun(resultId);
  const missing = !run;
  const running = run && !run.live && (run.status === 'executing' || run.status === 'waiting');
  useEffect(() => {
    if (missing) void refreshResult(resultId);
  }, [missing, resultId]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refreshResult(resultId), 1500);
    return () => clearInterval(timer);
  }, [running, resultId]);
  return run;
}

const isWebSearchMissing = (run: RunState) => run.error === 'E1015' && run.skillName === 'webSearch';

function errorText(run: RunState, t: ScopedT<'ai'>): string {
  if (!run.error) return '';
  if (run.error === 'aborted') return '';
  // the server failed a run whose worker was gone (a restart, a lost instance): say so
  if (run.error === 'interrupted') return t('runInterrupted');
  // a web search without a provider: name the fix, not the generic "provider not found"
  if (isWebSearchMissing(run))
    return t('webSearchMissing', { names: webSearchProviderNames(currentLocale()) });
  return errorMessage(run.error, currentLocale() as Locale);
}

export function StatusLine({ run, nodeId }: { run: RunState | undefined; nodeId: string | null }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const canvas = useOptionalCanvasContext();
  const phase = phaseOf(run);
  if (!run || phase === 'loading')
    return (
      <div className="ai-status ai-status--executing">
        <LoadingOutlined />
      </div>
    );
  if (phase === 'lost')
    return (
      <div className="ai-status ai-status--failed" data-testid="ai-status" data-phase="lost">
        <WarningOutlined /> {t('node.lost')}
      </div>
    );
  if (phase === 'failed') {
    const retry = (e: MouseEvent) => {
      e.stopPropagation();
      if (!canvas?.readOnly) void rerun(run.resultId, canvas, nodeId ?? run.nodeId);
    };
    const failed = (
      <button
        type="button"
        className="ai-status ai-status--failed ai-status--button nodrag"
        onClick={retry}
        data-testid="ai-status"
        data-phase="failed"
        title={errorText(run, t) || undefined}
      >
        <CloseCircleFilled /> {run.error === 'aborted' ? t('node.aborted') : t('node.failed')}
        {errorText(run, t) ? <span className="ai-status__why"> — {errorText(run, t)}</span> : null}
      </button>
    );
    if (!isWebSearchMissing(run)) return failed;
    // the fix is a setting: link to its step of the setup guide
    return (
      <div className="ai-status__with-action">
        {failed}
        <Button
          size="small"
          type="link"
          className="nodrag"
          onClick={(e) => {
            e.stopPropagation();
            useUiStore.getState().openSettings('setupGuide');
          }}
          data-testid="ai-web-search-setup"
        >
          {t('webSearchSetup')}
        </Button>
      </div>
    );
  }
  if (phase === 'completed')
    return (
      <div className="ai-status ai-status--completed" data-testid="ai-status" data-phase="completed">
        <CheckCircleFilled /> {t('node.completed')}
        {run.modelLabel ? <span className="ai-status__model">{run.modelLabel}</span> : null}
      </div>
    );
  return (
    <div className="ai-status ai-status--executing" data-testid="ai-status" data-phase={phase}>
      <LoadingOutlined />{' '}
      {t(phase === 'rerunning' ? 'node.rerunning' : phase === 'waiting' ? 'node.waiting' : 'node.executing')}
      {run.live || run.status === 'executing' ? (
        <Tooltip title={t('node.stop')}>
          <Button
            size="small"
            type="text"
            className="nodrag"
            icon={<StopOutlined />}
            aria-label={t('node.stop')}
            onClick={(e) => {
              e.stopPropagation();
              void abortRun(run.resultId);
            }}
            data-testid="ai-stop"
          />
        </Tooltip>
      ) : null}
    </div>
  );
}

export function Reasoning({ text, open }: { text: string; open?: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  if (!text) return null;
  return (
    <details className="ai-reasoning nodrag" open={open} data-testid="ai-reasoning">
      <summary>{t('node.reasoning')}</summary>
      <div className="ai-reasoning__text">{text}</div>
    </details>
  );
}

export function Sources({ sources, highlight }: { sources: RunSource[]; highlight?: number | null }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const canvas = useOptionalCanvasContext();
  if (!sources.length) return null;
  return (
    <div className="ai-sources" data-testid="ai-sources">
      <div className="ai-section-title">{t('node.sources')}</div>
      <ol>
        {sources.map((s) => {
          const openable = !s.url && s.entityId && (s.kind === 'document' || s.kind === 'resource');
          return (
            <li
              key={s.index}
              id={`ai-source-${s.index}`}
              value={s.index}
              className={highlight === s.index ? 'is-highlighted' : undefined}
              data-testid="ai-source"
            >
              {s.url ? (
                <a href={s.url} target="_blank" rel="noreferrer noopener">
                  {s.title}
                </a>
              ) : openable && canvas ? (
                <button
                  type="button"
                  className="ai-link nodrag"
                  onClick={() =>
                    canvas.openPreview({ kind: s.kind as 'document' | 'resource', id: s.entityId ?? '' })
                  }
                >
                  <FileTextOutlined /> {s.title}
                </button>
              ) : (
                <span>{s.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function TokenUsage({ run }: { run: RunState }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  if (!run.tokenUsage.length) return null;
  const input = run.tokenUsage.reduce((n, u) => n + u.inputTokens, 0);
  const output = run.tokenUsage.reduce((n, u) => n + u.outputTokens, 0);
  const models = [...new Set(run.tokenUsage.map((u) => u.modelName))].join(', ');
  return (
    <Tooltip title={`${t('node.model')}: ${models}`}>
      <div className="ai-usage" data-testid="ai-token-usage">
        {t('node.tokenUsage')}: {t('node.tokens', { input, output })}
      </div>
    </Tooltip>
  );
}

export function Artifacts({ run }: { run: RunState }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const canvas = useOptionalCanvasContext();
  if (!run.artifacts.length) return null;
  return (
    <div className="ai-artifacts" data-testid="ai-artifacts">
      <div className="ai-section-title">{t('node.artifacts')}</div>
      {run.artifacts.map((a) => (
        <button
          type="button"
          key={a.entityId}
          className="ai-link nodrag"
          disabled={!canvas || a.type === 'image'}
          onClick={() =>
            canvas?.openPreview({
              kind: a.type === 'codeArtifact' ? 'codeArtifact' : 'document',
              id: a.entityId,
            })
          }
        >
          <FileTextOutlined /> {a.title}{' '}
          <Tag color={a.status === 'finish' ? 'green' : a.status === 'failed' ? 'red' : 'processing'}>
            {t(`node.artifactStatus.${a.status}`)}
          </Tag>
        </button>
      ))}
    </div>
  );
}

export function FollowUp({ run, nodeId }: { run: RunState; nodeId?: string | null }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const canvas = useOptionalCanvasContext();
  const reveal = useReveal();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const [sending, setSending] = useState(false);
  if (canvas?.readOnly) return null;
  const send = async () => {
    const query = text.trim();
    if (!query) {
      setError(true);
      return;
    }
    setError(false);
    setSending(true);
    const started = await askFollowUp(run, query, canvas, reveal, nodeId ?? run.nodeId);
    setSending(false);
    if (started) setText('');
  };
  return (
    // typing here is not a click on the node (which would open the preview)
    <div
      className="ai-follow-up nodrag nowheel"
      data-testid="ai-follow-up"
      onClick={(e) => e.stopPropagation()}
    >
      <div className="ai-follow-up__row">
        <Input
          size="small"
          value={text}
          placeholder={t('node.followUp')}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error && e.target.value.trim()) setError(false);
          }}
          onPressEnter={(e) => {
            if (!e.nativeEvent.isComposing) void send();
          }}
          data-testid="ai-follow-up-input"
        />
        <Button
          size="small"
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          aria-label={t('node.ask')}
          onClick={() => void send()}
          data-testid="ai-follow-up-send"
        />
      </div>
      {error ? (
        <div className="ai-follow-up__error" role="alert">
          {t('node.followUpEmpty')}
        </div>
      ) : null}
    </div>
  );
}

export function RerunButton({ run, nodeId }: { run: RunState; nodeId: string | null }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const canvas = useOptionalCanvasContext();
  if (canvas?.readOnly || run.live || run.status === 'executing') return null;
  return (
    <Button
      size="small"
      icon={<RedoOutlined />}
      onClick={() => void rerun(run.resultId, canvas, nodeId ?? run.nodeId)}
      data-testid="ai-rerun"
    >
      {t('node.rerun')}
    </Button>
  );
}

export function Answer({
  run,
  onCite,
  testId,
}: {
  run: RunState;
  onCite?: (index: number) => void;
  testId?: string;
}) {
  return (
    <Markdown
      text={run.content}
      citations={run.sources}
      anchors={run.citations}
      {...(onCite ? { onCite } : {})}
      {...(testId ? { testId } : {})}
    />
  );
}
