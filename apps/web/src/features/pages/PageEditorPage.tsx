/**
 * The page editor (/pages/:pageId): title, description and cover image, slides reordered by drag
 * or with Alt+↑/↓, remove a slide, preview of each slide, Present, Publish (share dialog) and
 * Unpublish.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Button, Empty, Input, Spin, Tag, Tooltip, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  FileSearchOutlined,
  HolderOutlined,
  PlayCircleOutlined,
  ShareAltOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { PageNodeRelation } from '@atelier/contract';
import { ApiError } from '@atelier/contract/client';
import { CoverField } from '../../components/CoverField';
import { StatusPage } from '../../components/StatusPage';
import { TitleInput } from '../../components/TitleInput';
import { ShareDialog } from '../share/ShareDialog';
import { PageExportMenu } from './PageExportMenu';
import { Slideshow, SlideContent, slideFromNodeData, type Slide } from './Slideshow';
import { uploadPageCover, usePageDetail, usePageMutations } from './pageQueries';
import { usePagePictures } from './usePagePictures';
import './pages.css';

const toSlide = (r: PageNodeRelation): Slide =>
  slideFromNodeData(r.nodeId, r.nodeType, r.nodeData as Record<string, unknown>, { entityId: r.entityId });

export function PageEditorPage() {
  const { pageId = '' } = useParams();
  const { t } = useTranslation(undefined, { keyPrefix: 'pages' });
  const navigate = useNavigate();
  const { message } = App.useApp();
  const detail = usePageDetail(pageId);
  const { update, removeNode, publish, unpublish } = usePageMutations();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [order, setOrder] = useState<PageNodeRelation[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [presenting, setPresenting] = useState(false);
  const [sharing, setSharing] = useState(false);

  const page = detail.data;
  useEffect(() => {
    if (!page) return;
    setTitle(page.title);
    setDescription(page.description ?? '');
    setOrder([...page.nodeRelations].sort((a, b) => a.orderIndex - b.orderIndex));
  }, [page]);

  // diagrams on the slides get their picture stored, for the exports and the published page
  usePagePictures(order);
  const slides = useMemo(() => order.map(toSlide), [order]);
  const current = slides.find((s) => s.key === selected) ?? slides[0];

  if (detail.isPending) return <Spin />;
  if (detail.isError || !page) {
    const notFound = detail.error instanceof ApiError && detail.error.errCode === 'E1010';
    return (
      <StatusPage
        icon={<FileSearchOutlined />}
        tone={notFound ? 'warning' : 'error'}
        title={notFound ? t('notFound') : t('loadFailed')}
        actions={
          <Button onClick={() => void navigate('/pages')} data-testid="page-back">
            {t('backToList')}
          </Button>
        }
      />
    );
  }

  const save = (body: { title?: string; description?: string; coverStorageKey?: string | null }) =>
    update.mutateAsync({ params: { pageId }, body }).then(
      () => void message.success(t('saved')),
      () => void message.error(t('saveFailed')),
    );

  const saveOrder = (next: PageNodeRelation[]) => {
    const previous = order;
    setOrder(next);
    update
      .mutateAsync({
        params: { pageId },
        body: { nodeRelations: next.map((r, i) => ({ nodeId: r.nodeId, orderIndex: i })) },
      })
      .catch(() => {
        setOrder(previous);
        void message.error(t('saveFailed'));
      });
  };

  const move = (nodeId: string, to: number) => {
    const from = order.findIndex((r) => r.nodeId === nodeId);
    if (from < 0 || to < 0 || to >= order.length || to === from) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    saveOrder(next);
  };

  const removeSlide = (nodeId: string) =>
    removeNode.mutateAsync({ params: { pageId, nodeId } }).catch(() => void message.error(t('saveFailed')));

  const doPublish = () =>
    publish.mutateAsync({ params: { pageId } }).then(
      () => setSharing(true),
      () => void message.error(t('shareFailed')),
    );
  const doUnpublish = () =>
    unpublish.mutateAsync({ params: { pageId } }).then(
      () => void message.success(t('unpublished')),
      () => void message.error(t('shareFailed')),
    );

  return (
    <div className="page-editor" data-testid="page-editor">
      <header className="page-editor__header">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('backToList')}
          onClick={() => void navigate('/pages')}
        />
        <Tag color={page.status === 'published' ? 'green' : undefined} data-testid="page-status">
          {t(page.status)}
        </Tag>
        <span className="page-editor__spacer" />
        <PageExportMenu pageId={pageId} />
        <Button
          icon={<PlayCircleOutlined />}
          data-testid="page-present"
          disabled={!slides.length}
          onClick={() => setPresenting(true)}
        >
          {t('present')}
        </Button>
        {page.status === 'published' ? (
          <>
            <Button icon={<ShareAltOutlined />} data-testid="page-share" onClick={() => setSharing(true)}>
              {t('shareLink')}
            </Button>
            <Button
              icon={<StopOutlined />}
              danger
              data-testid="page-unpublish"
              loading={unpublish.isPending}
              onClick={() => void doUnpublish()}
            >
              {t('unpublish')}
            </Button>
          </>
        ) : (
          <Button
            type="primary"
            icon={<ShareAltOutlined />}
            data-testid="page-publish"
            loading={publish.isPending}
            onClick={() => void doPublish()}
          >
            {t('publish')}
          </Button>
        )}
      </header>
      <div className="page-editor__meta">
        <TitleInput
          className="page-editor__title"
          value={title}
          maxLength={512}
          placeholder={t('titlePlaceholder')}
          aria-label={t('titleLabel')}
          data-testid="page-title"
          onChange={setTitle}
          onBlur={() => title !== page.title && void save({ title })}
        />
        <Input.TextArea
          value={description}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={2000}
          placeholder={t('descriptionPlaceholder')}
          aria-label={t('descriptionLabel')}
          data-testid="page-description"
          onChange={(e) => setDescription(e.target.value)}
          onBlur={() => description !== (page.description ?? '') && void save({ description })}
        />
        <CoverField
          url={page.coverUrl ?? null}
          upload={uploadPageCover}
          onChange={(coverStorageKey) => save({ coverStorageKey })}
          hint={t('coverHint')}
          size="large"
          testId="page-cover"
        />
      </div>
      {slides.length === 0 ? (
        <Empty description={t('noSlides')} />
      ) : (
        <div className="page-editor__body">
          <ol className="page-slides" aria-label={t('slides')} data-testid="page-slides">
            {order.map((r, i) => {
              const s = slides[i]!;
              return (
                <li
                  key={r.nodeId}
                  className={`page-slide${current?.key === r.nodeId ? ' is-selected' : ''}${dragging === r.nodeId ? ' is-dragging' : ''}`}
                  data-testid="page-slide"
                  data-node-id={r.nodeId}
                  draggable
                  tabIndex={0}
                  aria-label={t('slideAria', {
                    n: i + 1,
                    title: s.title || t('untitledSlide', { n: i + 1 }),
                  })}
                  onClick={() => setSelected(r.nodeId)}
                  onDragStart={(e) => {
                    setDragging(r.nodeId);
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', r.nodeId);
                  }}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={(e) => {
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    const id = e.dataTransfer.getData('text/plain') || dragging;
                    setDragging(null);
                    if (id) move(id, i);
                  }}
                  onKeyDown={(e) => {
                    if (e.target !== e.currentTarget) return;
                    if (e.altKey && e.key === 'ArrowUp') {
                      e.preventDefault();
                      move(r.nodeId, i - 1);
                    } else if (e.altKey && e.key === 'ArrowDown') {
                      e.preventDefault();
                      move(r.nodeId, i + 1);
                    } else if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setSelected(r.nodeId);
                    }
                  }}
                >
                  <HolderOutlined className="page-slide__handle" aria-hidden />
                  <span className="page-slide__n">{i + 1}</span>
                  <span className="page-slide__text">
                    <span className="page-slide__title" data-testid="page-slide-title">
                      {s.title || t('untitledSlide', { n: i + 1 })}
                    </span>
                    <Typography.Text type="secondary" className="page-slide__type">
                      {t(`nodeType.${r.nodeType}`)}
                    </Typography.Text>
                  </span>
                  <span className="page-slide__actions">
                    <Tooltip title={t('moveUp')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('moveUp')}
                        disabled={i === 0}
                        onClick={(e) => {
                          e.stopPropagation();
                          move(r.nodeId, i - 1);
                        }}
                      />
                    </Tooltip>
                    <Tooltip title={t('moveDown')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('moveDown')}
                        disabled={i === order.length - 1}
                        onClick={(e) => {
                          e.stopPropagation();
                          move(r.nodeId, i + 1);
                        }}
                      />
                    </Tooltip>
                    <Tooltip title={t('removeSlide')}>
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('removeSlide')}
                        data-testid="page-slide-remove"
                        onClick={(e) => {
                          e.stopPropagation();
                          void removeSlide(r.nodeId);
                        }}
                      />
                    </Tooltip>
                  </span>
                </li>
              );
            })}
          </ol>
          {current ? (
            <section className="page-editor__preview" data-testid="page-preview" aria-label={t('preview')}>
              <h2>{current.title || t('untitledSlide', { n: slides.indexOf(current) + 1 })}</h2>
              <SlideContent slide={current} />
            </section>
          ) : null}
        </div>
      )}
      <Typography.Paragraph type="secondary" className="page-editor__hint">
        {t('reorderHint')}
      </Typography.Paragraph>
      {presenting ? (
        <Slideshow
          title={title || page.title}
          slides={slides}
          initialWide={page.pageConfig.layout === 'wide'}
          initialDirectory={page.pageConfig.showDirectory}
          onClose={() => setPresenting(false)}
        />
      ) : null}
      <ShareDialog
        entityType="page"
        entityId={pageId}
        title={page.title}
        open={sharing}
        onClose={() => setSharing(false)}
      />
    </div>
  );
}
