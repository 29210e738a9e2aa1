/** The run's status line and follow-up box as people see them (en and zh-CN). */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import { ensureLocale, i18n, initI18n } from '../../i18n/i18n';
import { FollowUp, StatusLine } from './RunView';
import { emptyRun, type RunState } from './skillStore';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const run = (patch: Partial<RunState>): RunState => ({ ...emptyRun('ar-1'), ...patch });

describe('StatusLine', () => {
  it('shows executing, completed, failed (click to retry) and lost', () => {
    const { rerender } = render(<StatusLine run={run({ status: 'executing' })} nodeId={null} />);
    expect(screen.getByTestId('ai-status').getAttribute('data-phase')).toBe('executing');
    rerender(<StatusLine run={run({ status: 'executing', version: 1, rerunning: true })} nodeId={null} />);
    expect(screen.getByText('Rerunning…')).toBeTruthy();
    rerender(<StatusLine run={run({ status: 'finish' })} nodeId={null} />);
    expect(screen.getByText('Completed')).toBeTruthy();
    rerender(<StatusLine run={run({ status: 'failed', error: 'E3002' })} nodeId={null} />);
    expect(screen.getByRole('button').textContent).toContain('Execution failed, click to retry');
    expect(screen.getByRole('button').textContent).toContain('rate limit');
    rerender(<StatusLine run={run({ status: 'failed', error: 'interrupted' })} nodeId={null} />);
    expect(screen.getByRole('button').textContent).toContain('the server it ran on restarted');
    rerender(<StatusLine run={run({ status: 'failed', error: 'E1011' })} nodeId={null} />);
    expect(screen.getByText('The execution result seems to be lost')).toBeTruthy();
  });
});

describe('FollowUp', () => {
  it('refuses an empty follow-up question', async () => {
    render(
      <ReactFlowProvider>
        <FollowUp run={run({ status: 'finish', content: 'Answer' })} />
      </ReactFlowProvider>,
    );
    fireEvent.click(screen.getByTestId('ai-follow-up-send'));
    expect(screen.getByRole('alert').textContent).toBe('Follow-up question must not be empty');
    await ensureLocale('zh-CN');
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('追问内容不能为空')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
