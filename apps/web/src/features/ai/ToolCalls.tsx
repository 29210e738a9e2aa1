/**
 * The agent's tool calls in an answer, from the run's logs (streamed live, stored in the step):
 * one collapsible row per call with the tool, its server (or "built-in"), the duration, and
 * inside the arguments and the result or error. Servers that could not be reached and a stop at
 * the step limit are shown as warning lines.
 */
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { ActionLog } from '@atelier/contract';
import { useTranslation } from 'react-i18next';

export interface ToolCallRow {
  id: string;
  tool: string;
  server: string | null;
  input: string;
  output: string | null;
  error: string | null;
  durationMs: number | null;
}

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);

/** Pairs toolCall / toolResult / toolError log lines by their toolCallId, in call order. */
export function toolCallsOf(logs: readonly ActionLog[]): ToolCallRow[] {
  const rows = new Map<string, ToolCallRow>();
  for (const log of logs) {
    if (log.key !== 'toolCall' && log.key !== 'toolResult' && log.key !== 'toolError') continue;
    const args = log.titleArgs ?? {};
    const id = str(args.toolCallId);
    if (!id) continue;
    const row = rows.get(id) ?? {
      id,
      tool: str(args.tool),
      server: typeof args.server === 'string' ? args.server : null,
      input: '',
      output: null,
      error: null,
      durationMs: null,
    };
    const detail = log.descriptionArgs ?? {};
    if (log.key === 'toolCall') row.input = str(detail.input);
    if (log.key === 'toolResult') row.output = str(detail.output);
    if (log.key === 'toolError') row.error = str(detail.error);
    if (typeof args.durationMs === 'number') row.durationMs = args.durationMs;
    rows.set(id, row);
  }
  return [...rows.values()];
}

/** Arguments or a result as indented JSON when it is JSON, else as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function ToolCalls({ logs }: { logs: readonly ActionLog[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const calls = toolCallsOf(logs);
  const notes = logs.filter((l) => l.key === 'mcpServerFailed' || l.key === 'toolStepLimit');
  if (!calls.length && !notes.length) return null;
  return (
    <div className="ai-tools nodrag nowheel" data-testid="ai-tool-calls">
      {calls.length ? (
        <div className="ai-section-title">{t('agent.toolCalls', { count: calls.length })}</div>
      ) : null}
      {calls.map((c) => {
        const state = c.error !== null ? 'error' : c.output !== null ? 'ok' : 'running';
        return (
          <details
            key={c.id}
            className={`ai-tool ai-tool--${state}`}
            data-testid="ai-tool-call"
            data-state={state}
          >
            <summary onClick={(e) => e.stopPropagation()}>
              {state === 'running' ? (
                <LoadingOutlined />
              ) : state === 'ok' ? (
                <CheckCircleFilled className="ai-tool__ok" />
              ) : (
                <CloseCircleFilled className="ai-tool__error" />
              )}
              <code className="ai-tool__name" data-testid="ai-tool-name">
                {c.tool}
              </code>
              <Tag className="ai-tool__server" variant="filled">
                {c.server ?? t('agent.builtIn')}
              </Tag>
              {c.durationMs !== null ? (
                <span className="ai-tool__duration">{t('agent.duration', { ms: c.durationMs })}</span>
              ) : null}
            </summary>
            <div className="ai-tool__body">
              <div className="ai-tool__label">{t('agent.arguments')}</div>
              <pre>{pretty(c.input) || '{}'}</pre>
              {state === 'running' ? (
                <div className="ai-tool__label">{t('agent.running')}</div>
              ) : (
                <>
                  <div className="ai-tool__label">
                    {state === 'error' ? t('agent.error') : t('agent.result')}
                  </div>
                  <pre className={state === 'error' ? 'is-error' : undefined}>
                    {state === 'error' ? c.error : pretty(c.output ?? '')}
                  </pre>
                </>
              )}
            </div>
          </details>
        );
      })}
      {notes.map((n, i) => (
        <div key={`${n.key}-${i}`} className="ai-tool-note" data-testid="ai-tool-note">
          <WarningOutlined />{' '}
          {n.key === 'toolStepLimit'
            ? t('agent.stepLimit', { steps: Number(n.titleArgs?.steps ?? 0) })
            : t('agent.serverFailed', {
                server: str(n.titleArgs?.server),
                error: str(n.descriptionArgs?.error),
              })}
        </div>
      ))}
    </div>
  );
}
