/** The agent's tool calls as rows (paired from the run's log lines), in en and zh-CN. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ActionLog } from '@atelier/contract';
import { ensureLocale, i18n, initI18n } from '../../i18n/i18n';
import { ToolCalls, toolCallsOf } from './ToolCalls';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const logs: ActionLog[] = [
  { key: 'buildContext', titleArgs: { sources: 0, skipped: 0 } },
  {
    key: 'toolCall',
    titleArgs: { tool: 'echo', server: 'everything', toolCallId: 'c1' },
    descriptionArgs: { input: '{"message":"hi"}' },
  },
  {
    key: 'toolCall',
    titleArgs: { tool: 'library_search', server: null, toolCallId: 'c2' },
    descriptionArgs: { input: '{}' },
  },
  {
    key: 'toolResult',
    titleArgs: { tool: 'echo', server: 'everything', toolCallId: 'c1', durationMs: 12 },
    descriptionArgs: { output: 'Echo: hi' },
  },
  {
    key: 'toolError',
    titleArgs: { tool: 'library_search', server: null, toolCallId: 'c2', durationMs: 3 },
    descriptionArgs: { error: 'Invalid arguments' },
  },
  {
    key: 'toolCall',
    titleArgs: { tool: 'slow', server: 'x', toolCallId: 'c3' },
    descriptionArgs: { input: '{}' },
  },
  { key: 'toolStepLimit', titleArgs: { steps: 12 } },
];

describe('ToolCalls', () => {
  it('pairs calls with their results and errors by toolCallId, in call order', () => {
    const rows = toolCallsOf(logs);
    expect(rows.map((r) => [r.tool, r.server, r.output, r.error, r.durationMs])).toEqual([
      ['echo', 'everything', 'Echo: hi', null, 12],
      ['library_search', null, null, 'Invalid arguments', 3],
      ['slow', 'x', null, null, null],
    ]);
  });

  it('shows a row per call with its state, server, duration and the step-limit note', async () => {
    render(<ToolCalls logs={logs} />);
    const rows = screen.getAllByTestId('ai-tool-call');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['ok', 'error', 'running']);
    expect(rows[0]!.textContent).toContain('everything');
    expect(rows[0]!.textContent).toContain('12 ms');
    expect(rows[1]!.textContent).toContain('built-in');
    expect(rows[1]!.textContent).toContain('Invalid arguments');
    expect(screen.getByText('Tool calls (3)')).toBeTruthy();
    expect(screen.getByTestId('ai-tool-note').textContent).toContain('Stopped after 12 steps');
    await ensureLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByText('工具调用（3）')).toBeTruthy();
    expect(screen.getAllByTestId('ai-tool-call')[1]!.textContent).toContain('内置');
    await act(() => i18n.changeLanguage('en'));
  });

  it('renders nothing for a run without tools', () => {
    const { container } = render(<ToolCalls logs={[{ key: 'buildContext' }]} />);
    expect(container.innerHTML).toBe('');
  });
});
