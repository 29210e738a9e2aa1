/**
 * The "Export" menu of a page (issue 11 point 9): PowerPoint (.pptx) or PDF, built by the server
 * (`pages.export` for the owner, `share.exportPage` for a shared page's viewers). Like the
 * document export it makes a cheap authenticated call first (so an expired session is refreshed),
 * then fetches the file itself, so the button can show how far the download is and a failure
 * reads as the spec's message instead of a downloaded error page.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageExportFormat } from '@atelier/contract';
import { ApiError } from '@atelier/contract/client';
import { api } from '../../api/client';
import { platform } from '../../platform/platform';

const FORMATS: readonly PageExportFormat[] = ['pptx', 'pdf'];

/** The file name a download answer names (RFC 6266 `filename*` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (disposition) {
    const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
    if (star) {
      try {
        return decodeURIComponent(star[1]!.trim());
      } catch {
        // a malformed name: the plain one below
      }
    }
    const plain = /filename="([^"]+)"/i.exec(disposition);
    if (plain) return plain[1]!;
  }
  return fallback;
}

/** Failure of an export answer: the catalogue code the server sent, when it sent one. */
export class ExportFailed extends Error {
  constructor(readonly code: string | null) {
    super(`export failed${code ? `: ${code}` : ''}`);
  }
}

/**
 * Fetches a file download, reporting progress (0–100, or null when the size is unknown), and
 * saves it under the name the server gives.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  onProgress: (percent: number | null) => void,
  fetcher: typeof fetch = platform.fetch,
): Promise<string> {
  const res = await fetcher(url, { credentials: 'include' });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const body = (await res.json().catch(() => null)) as { errCode?: unknown } | null;
    throw new ExportFailed(typeof body?.errCode === 'string' ? body.errCode : null);
  }
  const total = Number(res.headers.get('content-length')) || 0;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(total ? Math.min(100, Math.round((received / total) * 100)) : null);
    }
  } else {
    chunks.push(new Uint8Array(await res.arrayBuffer()));
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(new Blob(chunks as BlobPart[], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the file to the browser; the URL is no longer needed after this turn
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return name;
}

function ExportMenu({
  testId,
  fileUrl,
  before,
  notFoundKey,
}: {
  testId: string;
  fileUrl: (format: PageExportFormat) => string;
  /** A cheap call made first (the owner's session is refreshed by it). */
  before?: () => Promise<unknown>;
  notFoundKey: 'pageNotFound' | 'shareGone';
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'pageExport' });
  const { message } = App.useApp();
  const [busy, setBusy] = useState<{ percent: number | null } | null>(null);

  const run = async (format: PageExportFormat) => {
    if (busy) return;
    const key = `page-export-${testId}`;
    setBusy({ percent: null });
    void message.open({ key, type: 'loading', content: t('preparing', { format: t(format) }), duration: 0 });
    try {
      await before?.();
      const name = await downloadFile(fileUrl(format), `export.${format}`, (percent) => setBusy({ percent }));
      void message.open({ key, type: 'success', content: t('done', { name }) });
    } catch (err) {
      const code = err instanceof ExportFailed ? err.code : err instanceof ApiError ? err.errCode : null;
      const notFound = code === 'E1010' || code === 'E1009';
      void message.open({ key, type: 'error', content: t(notFound ? notFoundKey : 'failed') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      disabled={Boolean(busy)}
      menu={{
        'aria-label': t('menuLabel'),
        items: FORMATS.map((format) => ({
          key: format,
          label: <span data-testid={`${testId}-${format}`}>{t(format)}</span>,
        })),
        onClick: ({ key }) => void run(key as PageExportFormat),
      }}
    >
      <Button
        icon={<DownloadOutlined />}
        loading={Boolean(busy)}
        data-testid={testId}
        aria-busy={Boolean(busy)}
      >
        {busy
          ? busy.percent === null
            ? t('working')
            : t('progress', { percent: busy.percent })
          : t('button')}
      </Button>
    </Dropdown>
  );
}

/** Export menu of the caller's own page. */
export function PageExportMenu({ pageId }: { pageId: string }) {
  return (
    <ExportMenu
      testId="page-export"
      notFoundKey="pageNotFound"
      before={() => api.call('pages.detail', { params: { pageId } })}
      fileUrl={(format) => api.url('pages.export', { params: { pageId }, query: { format } })}
    />
  );
}

/** Export menu of a shared page in the public viewer (anyone who may open the link). */
export function SharePageExportMenu({ shareId }: { shareId: string }) {
  return (
    <ExportMenu
      testId="share-page-export"
      notFoundKey="shareGone"
      fileUrl={(format) => api.url('share.exportPage', { query: { shareId, format } })}
    />
  );
}
