/**
 * /threads/:resultId: one conversation, question after question, each answer with its sources
 * (citations link to them), reasoning and token usage. The last answer can be asked further.
 */
import { useQueries } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { AppstoreOutlined, ArrowLeftOutlined } from '@ant-design/icons';
import type { ActionResult, ResultHistoryItem } from '@atelier/contract';
import { apiQueryOptions } from '../../../api/apiQuery';
import { Markdown } from '../Markdown';
import { Reasoning, Sources, TokenUsage } from '../RunView';
import { runFromResult, type RunState, emptyRun } from '../skillStore';
import { useTranslation } from 'react-i18next';
import { ToolCalls } from '../ToolCalls';
import '../ai.css';

function Turn({ run, testId }: { run: RunState; testId: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  return (
    <section className="ai-thread__turn" data-testid={testId}>
      <div className="ai-panel__question">{run.input?.query ?? run.title}</div>
      <Reasoning text={run.reasoning} />
      <ToolCalls logs={run.logs} />
      {run.content ? (
        <Markdown text={run.content} citations={run.sources} anchors={run.citations} testId="thread-answer" />
      ) : run.error ? (
        <div className="ai-status ai-status--failed">{t('status.failed')}</div>
      ) : null}
      <Sources sources={run.sources} />
      <TokenUsage run={run} />
    </section>
  );
}

function fromHistory(item: ResultHistoryItem): RunState {
  return {
    ...emptyRun(item.resultId),
    status: 'finish',
    title: item.title ?? '',
    input: item.input ?? null,
    content: (item.steps ?? []).map((s) => s.content).join('\n\n'),
  };
}

export function ThreadDetailPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const navigate = useNavigate();
  const { resultId = '' } = useParams();
  const [latest] = useQueries({
    queries: [apiQueryOptions('action.result', { query: { resultId } }, { meta: { silent: true } })],
  });
  const history = latest?.data?.history ?? [];
  const earlier = useQueries({
    queries: history.map((h) =>
      apiQueryOptions(
        'action.result',
        { query: { resultId: h.resultId } },
        { meta: { silent: true }, retry: false },
      ),
    ),
  });

  if (!latest || latest.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (latest.isError)
    return (
      <div className="ai-threads">
        <Result status="warning" title={t('threads.notFound')} />
      </div>
    );
  const result: ActionResult = latest.data;
  const turns: RunState[] = [
    ...history.map((h, i) => {
      const loaded = earlier[i]?.data;
      return loaded ? runFromResult(loaded) : fromHistory(h);
    }),
    runFromResult(result),
  ];
  return (
    <div className="ai-threads" data-testid="thread-detail">
      <Button
        className="ai-thread__back"
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => void navigate('/threads')}
      >
        {t('threads.back')}
      </Button>
      <h1>{turns[0]?.input?.query ?? result.title}</h1>
      {result.targetType === 'canvas' && result.targetId ? (
        <Button
          size="small"
          icon={<AppstoreOutlined />}
          onClick={() => void navigate(`/canvas/${result.targetId}`)}
        >
          {t('threads.openCanvas')}
        </Button>
      ) : null}
      {turns.map((run, i) => (
        <Turn key={`${run.resultId}-${i}`} run={run} testId="thread-turn" />
      ))}
    </div>
  );
}
