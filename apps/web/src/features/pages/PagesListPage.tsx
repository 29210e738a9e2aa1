/** The page list (/pages): drafts and published pages, open, delete, create from a canvas. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type ButtonProps, App, Button, Empty, Segmented, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, FileImageOutlined, PlusOutlined } from '@ant-design/icons';
import type { Page, PageStatus } from '@atelier/contract';
import { CreatePageModal } from './CreatePageModal';
import { usePageList, usePageMutations } from './pageQueries';
import './pages.css';
import { formatDateTime } from '../../i18n/dates';

type Filter = 'all' | PageStatus;

export function PagesListPage() {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'pages' });
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const list = usePageList();
  const { remove } = usePageMutations();
  const [filter, setFilter] = useState<Filter>('all');
  const [creating, setCreating] = useState(false);

  const pages = (list.data ?? []).filter((p) => filter === 'all' || p.status === filter);
  const confirmDelete = (page: Page) =>
    modal.confirm({
      title: t('deleteTitle', { name: page.title || t('untitled') }),
      content: t('deleteBody'),
      okText: t('delete'),
      okButtonProps: { danger: true, 'data-testid': 'page-delete-confirm' } as ButtonProps,
      cancelText: t('cancel'),
      onOk: () =>
        remove.mutateAsync({ params: { pageId: page.pageId } }).then(
          () => void message.success(t('deleted')),
          () => void message.error(t('deleteFailed')),
        ),
    });

  return (
    <div className="pages-page" data-testid="pages-page">
      <header className="pages-page__header">
        <div>
          <h1 className="pages-page__title">{t('title')}</h1>
          <p className="pages-page__subtitle">{t('subtitle')}</p>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="page-create"
          onClick={() => setCreating(true)}
        >
          {t('createPage')}
        </Button>
      </header>
      <Segmented<Filter>
        value={filter}
        onChange={setFilter}
        data-testid="pages-filter"
        options={[
          { value: 'all', label: t('filterAll') },
          { value: 'draft', label: t('draft') },
          { value: 'published', label: t('published') },
        ]}
      />
      {list.isPending ? (
        <Spin />
      ) : list.isError ? (
        <Typography.Text type="danger">{t('loadListFailed')}</Typography.Text>
      ) : pages.length === 0 ? (
        <Empty className="pages-empty" description={t(filter === 'all' ? 'emptyHint' : 'emptyFiltered')}>
          {filter === 'all' ? (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="page-create-empty">
              {t('createPage')}
            </Button>
          ) : null}
        </Empty>
      ) : (
        <div className="pages-grid">
          {pages.map((page) => (
            <div
              key={page.pageId}
              className="page-card"
              data-testid="page-card"
              role="link"
              tabIndex={0}
              onClick={() => void navigate(`/pages/${page.pageId}`)}
              onKeyDown={(e) => e.key === 'Enter' && void navigate(`/pages/${page.pageId}`)}
            >
              <div className="page-card__cover">
                {page.coverUrl ? <img src={page.coverUrl} alt="" /> : <FileImageOutlined />}
              </div>
              <div className="page-card__body">
                <div
                  className="page-card__title"
                  data-testid="page-card-title"
                  title={page.title || undefined}
                >
                  {page.title || t('untitled')}
                </div>
                <div className="page-card__meta">
                  <Tag color={page.status === 'published' ? 'green' : undefined}>{t(page.status)}</Tag>
                  <span>{t('updated', { date: formatDateTime(page.updatedAt, i18n.language) })}</span>
                </div>
              </div>
              <Button
                type="text"
                danger
                className="page-card__delete"
                icon={<DeleteOutlined />}
                aria-label={t('delete')}
                data-testid="page-delete"
                onClick={(e) => {
                  e.stopPropagation();
                  confirmDelete(page);
                }}
              />
            </div>
          ))}
        </div>
      )}
      <CreatePageModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          setFilter('all');
        }}
      />
    </div>
  );
}
