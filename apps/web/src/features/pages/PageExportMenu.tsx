/**
 * The "Export" menu of a page (issue 11 point 9): PowerPoint (.pptx) or PDF, built by the server
 * (`pages.export` for the owner, `share.exportPage` for a shared page's viewers). The owner's
 * menu first asks for the page (a gone page answers the spec's message), then the file is fetched
 * through `downloadFile`, so the button can show how far the download is and a failure reads as
 * the spec's message instead of a downloaded error page.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageExportFormat } from '@atelier/contract';
import { ApiError } from '@atelier/contract/client';
import { api } from '../../api/client';
import { ExportFailed, downloadFile } from '../../api/download';

const FORMATS: readonly PageExportFormat[] = ['pptx', 'pdf'];

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
