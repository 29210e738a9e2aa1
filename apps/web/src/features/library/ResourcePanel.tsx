/**
 * Resource detail (spec section 2): title, live index state, metadata (type, format, size,
 * pages, dimensions, source, dates), the original file's download and the parsed content as
 * Markdown. Used by the /library/resources/:id page and by the canvas preview panel.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Empty, Image, Result, Spin, Typography } from 'antd';
import { CloseOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import type { Resource } from '@atelier/contract';
import { errorText, IndexStatusTag } from './IndexStatusTag';
import { useResourceDetail } from './libraryQueries';
import { MarkdownView, MAX_RENDERED_CHARS } from './MarkdownView';
import { displayTitle, formatBytes, isImage, ResourceIcon } from './resourceUtils';
import './library.css';
import { dateTimeFormat } from '../../i18n/dates';

const DIMENSIONS = /(\d+)\s*[×x]\s*(\d+)\s*pixels/i;

/** Numbers the parser left in the resource: pages and image dimensions, when known. */
export function resourceFacts(r: Resource): { pages?: number; width?: number; height?: number } {
  const meta = (r.data ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const out: { pages?: number; width?: number; height?: number } = {};
  const pages = num(meta.pages) ?? num(meta.pageCount);
  if (pages !== undefined) out.pages = pages;
  const width = num(meta.width);
  const height = num(meta.height);
  if (width !== undefined && height !== undefined) {
    out.width = width;
    out.height = height;
  } else {
    const match = DIMENSIONS.exec(r.contentPreview ?? '');
    if (match) {
      out.width = Number(match[1]);
      out.height = Number(match[2]);
    }
  }
  return out;
}

export function ResourcePanel({
  resourceId,
  onClose,
  variant = 'panel',
}: {
  resourceId: string;
  onClose?: () => void;
  /** 'page' drops the close button and lets the content use the page's width. */
  variant?: 'panel' | 'page';
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const { t: tc, i18n } = useTranslation();
  const detail = useResourceDetail(resourceId);
  const date = dateTimeFormat(i18n.language);
  const r = detail.data;

  const header = (title: ReactNode, actions?: ReactNode) => (
    <header className="resource-panel__header">
      <h2 className="resource-panel__title" data-testid="resource-title">
        {title}
      </h2>
      <span className="resource-panel__actions">
        {actions}
        {onClose && variant === 'panel' ? (
          <Button type="text" icon={<CloseOutlined />} aria-label={tc('common.close')} onClick={onClose} />
        ) : null}
      </span>
    </header>
  );

  if (detail.isPending) {
    return (
      <section className={`resource-panel resource-panel--${variant}`} data-testid="resource-panel">
        {header('')}
        <Spin className="library__spin" />
      </section>
    );
  }
  if (!r) {
    return (
      <section className={`resource-panel resource-panel--${variant}`} data-testid="resource-panel">
        {header('')}
        <Result status="warning" title={t('detail.notFound')} />
      </section>
    );
  }

  const facts = resourceFacts(r);
  const image = isImage(r);
  const content = r.content ?? '';
  const failure = errorText(t, r.indexError);
  const items = [
    {
      key: 'type',
      label: t('detail.type'),
      children: t(`types.${image ? 'image' : r.resourceType}`),
    },
    ...(r.data?.contentType
      ? [{ key: 'format', label: t('detail.contentType'), children: r.data.contentType }]
      : []),
    ...(r.storageSize > 0
      ? [{ key: 'size', label: t('detail.size'), children: formatBytes(r.storageSize, i18n.language) }]
      : []),
    ...(facts.pages !== undefined ? [{ key: 'pages', label: t('detail.pages'), children: facts.pages }] : []),
    ...(facts.width !== undefined
      ? [{ key: 'dims', label: t('detail.dimensions'), children: `${facts.width} × ${facts.height} px` }]
      : []),
    ...(r.data?.url
      ? [
          {
            key: 'source',
            label: t('detail.source'),
            children: (
              <Typography.Link href={r.data.url} target="_blank" rel="noopener noreferrer" ellipsis>
                {r.data.url}
              </Typography.Link>
            ),
          },
        ]
      : []),
    {
      key: 'status',
      label: t('detail.status'),
      children: <IndexStatusTag resourceId={r.resourceId} status={r.indexStatus} error={r.indexError} />,
    },
    ...(failure ? [{ key: 'error', label: t('detail.error'), children: failure }] : []),
    { key: 'created', label: t('detail.created'), children: date.format(new Date(r.createdAt)) },
    { key: 'updated', label: t('detail.updated'), children: date.format(new Date(r.updatedAt)) },
  ];

  return (
    <section
      className={`resource-panel resource-panel--${variant}`}
      data-testid="resource-panel"
      data-status={r.indexStatus}
    >
      {header(
        <>
          <ResourceIcon resource={r} /> {displayTitle(r) || t('list.untitled')}
        </>,
        <>
          {r.downloadURL ? (
            <Button icon={<DownloadOutlined />} href={r.downloadURL} download data-testid="resource-download">
              {t('detail.download')}
            </Button>
          ) : null}
          {r.data?.url ? (
            <Button icon={<ExportOutlined />} href={r.data.url} target="_blank" rel="noopener noreferrer">
              {t('detail.openSource')}
            </Button>
          ) : null}
        </>,
      )}
      <div className="resource-panel__body">
        <Descriptions
          size="small"
          column={variant === 'page' ? 2 : 1}
          title={t('detail.meta')}
          items={items}
          data-testid="resource-meta"
        />
        {image && r.downloadURL ? (
          <div className="resource-panel__image">
            <Image src={r.downloadURL} alt={r.title} />
          </div>
        ) : null}
        <h3 className="resource-panel__section">{t('detail.content')}</h3>
        {content.trim() ? (
          <>
            {content.length > MAX_RENDERED_CHARS ? (
              <Typography.Paragraph type="secondary">
                {t('detail.truncated', { count: MAX_RENDERED_CHARS })}
              </Typography.Paragraph>
            ) : null}
            <MarkdownView markdown={content} testId="resource-content" />
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noContent')} />
        )}
      </div>
    </section>
  );
}
