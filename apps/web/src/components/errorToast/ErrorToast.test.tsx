/** The toast as a user sees it: title, message, trace id, copy → "Copied", auto-close rules. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { ERROR_CATALOGUE } from '@atelier/contract';
import { ApiError } from '@atelier/contract/client';
import { initI18n } from '../../i18n/i18n';
import { ErrorToastContent } from './ErrorToastContent';
import { ErrorToastHost } from './ErrorToastHost';
import { reportError } from './reporter';

beforeAll(() => {
  initI18n('en');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderHost() {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <ErrorToastHost />
      </AntApp>
    </ConfigProvider>,
  );
}

describe('error toast', () => {
  it('shows the trace id with a copy button that confirms "Copied"', async () => {
    const copied: string[] = [];
    render(
      <ErrorToastContent
        spec={{ key: 'k', message: 'Password incorrect, please try again', traceId: 'tr-42', duration: 5 }}
        copyText={async (text) => void copied.push(text)}
      />,
    );
    expect(screen.getByText('Trace ID: tr-42')).toBeTruthy();
    expect(screen.queryByTestId('error-toast-stack')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy trace ID' }));
    });
    expect(copied).toEqual(['tr-42']);
    expect(screen.getByText('Copied')).toBeTruthy();
  });

  it('is raised by reportError with the spec title and closes itself after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHost();
    act(() => reportError(new ApiError('E0006', undefined, { traceId: 'tr-7' })));
    const toast = await screen.findByTestId('error-toast');
    expect(within(toast).getByText('Oops, something went wrong')).toBeTruthy();
    expect(within(toast).getByText(ERROR_CATALOGUE.E0006.en)).toBeTruthy();
    expect(within(toast).getByText('Trace ID: tr-7')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    await vi.waitFor(() => expect(screen.queryByTestId('error-toast')).toBeNull());
  });

  it('keeps an unknown error with its stack until dismissed, and ignores the silent code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHost();
    act(() => reportError(new ApiError('E0011', undefined, { status: 401 })));
    act(() => reportError({ errCode: 'E4242', traceId: 'tr-9', serverStack: 'Error: kaboom' }));
    const toast = await screen.findByTestId('error-toast');
    expect(within(toast).getByText('Error: kaboom')).toBeTruthy();
    expect(screen.getAllByTestId('error-toast')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByTestId('error-toast')).toBeTruthy();
  });
});
