import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { api } from '../../api/client';
import { initI18n } from '../../i18n/i18n';
import { platform } from '../../platform/platform';
import { fileNameOf } from '../../api/download';
import { PageExportMenu, SharePageExportMenu } from './PageExportMenu';

beforeAll(() => {
  initI18n('en');
});

let clicked: string[] = [];
beforeEach(() => {
  clicked = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const file = (name: string) =>
  new Response(new Uint8Array([80, 75, 3, 4]), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'content-length': '4',
      'content-disposition': `attachment; filename="x.pptx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
const failure = (status: number, errCode: string) =>
  new Response(JSON.stringify({ success: false, errCode }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

async function choose(testId: string, format: 'pptx' | 'pdf') {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByTestId(`${testId}-${format}`));
}

describe('fileNameOf', () => {
  it('reads the UTF-8 name first, then the plain one, else the fallback', () => {
    expect(fileNameOf(`attachment; filename="__.pdf"; filename*=UTF-8''%E5%8F%91%E5%B8%83.pdf`, 'x')).toBe(
      '发布.pdf',
    );
    expect(fileNameOf('attachment; filename="deck.pptx"', 'x')).toBe('deck.pptx');
    expect(fileNameOf(null, 'export.pdf')).toBe('export.pdf');
  });
});

describe('PageExportMenu', () => {
  it('refreshes the session, downloads the chosen format under the server name and says so', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({} as never);
    const fetch = vi.spyOn(platform, 'fetch').mockResolvedValue(file('发布会 Launch.pptx'));
    render(
      <App>
        <PageExportMenu pageId="page-1" />
      </App>,
    );
    await choose('page-export', 'pptx');
    expect(await screen.findByText('Downloaded 发布会 Launch.pptx')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('pages.detail', { params: { pageId: 'page-1' } });
    expect(String(fetch.mock.calls[0]![0])).toBe('/v1/pages/page-1/export?format=pptx');
    expect(clicked).toEqual(['发布会 Launch.pptx']);
    expect(screen.getByTestId('page-export').textContent).toBe('Export');
  });

  it("shows the spec's message when the page is gone or the export fails", async () => {
    vi.spyOn(api, 'call').mockResolvedValue({} as never);
    const fetch = vi.spyOn(platform, 'fetch').mockResolvedValueOnce(failure(400, 'E1010'));
    render(
      <App>
        <PageExportMenu pageId="page-1" />
      </App>,
    );
    await choose('page-export', 'pdf');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    fetch.mockResolvedValueOnce(new Response('boom', { status: 500 }));
    await choose('page-export', 'pdf');
    expect(await screen.findByText('Operation failed, please try again')).toBeTruthy();
    expect(clicked).toEqual([]);
  });
});

describe('SharePageExportMenu', () => {
  it('downloads through the share and reports a revoked link', async () => {
    const fetch = vi.spyOn(platform, 'fetch').mockResolvedValueOnce(file('Deck.pptx'));
    render(
      <App>
        <SharePageExportMenu shareId="share-1" />
      </App>,
    );
    await choose('share-page-export', 'pptx');
    expect(await screen.findByText('Downloaded Deck.pptx')).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toBe('/v1/share/export?shareId=share-1&format=pptx');
    fetch.mockResolvedValueOnce(failure(404, 'E1009'));
    await choose('share-page-export', 'pdf');
    expect(await screen.findByText('This share link may have expired or does not exist')).toBeTruthy();
  });
});
