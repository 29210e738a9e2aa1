/** The canvases page (spec section 2): list, create, rename, duplicate, delete, export and import. */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  App,
  Button,
  Checkbox,
  type ButtonProps,
  Dropdown,
  Empty,
  Form,
  Input,
  Modal,
  Spin,
  Tag,
} from 'antd';
import { ImportOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { Canvas } from '@atelier/contract';
import { formDataOf } from '../../api/formData';
import { canvasExportUrl, useCanvasList, useCanvasMutations, type CanvasFileFormat } from './canvasQueries';
import { CanvasThumbnail } from './CanvasThumbnail';
import { useCanvasT } from './useCanvasT';
import './canvas.css';
import { dateTimeFormat } from '../../i18n/dates';

export function CanvasListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const list = useCanvasList();
  const { create, update, duplicate, remove, importFile } = useCanvasMutations();
  const ct = useCanvasT();
  const [renaming, setRenaming] = useState<Canvas | null>(null);
  const [duplicating, setDuplicating] = useState<Canvas | null>(null);
  const [copyEntities, setCopyEntities] = useState(false);
  const [renameForm] = Form.useForm<{ title: string }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const downloadLink = useRef<HTMLAnchorElement>(null);

  const open = (canvasId: string) => void navigate(`/canvas/${canvasId}`);
  const titleOf = (c: Canvas) => c.title || t('canvas.list.untitled');

  const download = (canvasId: string, format: CanvasFileFormat) => {
    const link = downloadLink.current;
    if (!link) return;
    link.href = canvasExportUrl(canvasId, format);
    link.click();
  };

  const confirmDelete = (canvas: Canvas) =>
    modal.confirm({
      title: t('canvas.list.deleteTitle', { title: titleOf(canvas) }),
      content: t('canvas.list.deleteBody'),
      okText: t('canvas.list.delete'),
      okButtonProps: { danger: true, 'data-testid': 'canvas-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ body: { canvasId: canvas.canvasId } })
          .then(() => void message.success(t('canvas.list.deleted'))),
    });

  const menuFor = (canvas: Canvas) => ({
    items: [
      { key: 'rename', label: <span data-testid="canvas-menu-rename">{t('canvas.list.rename')}</span> },
      {
        key: 'duplicate',
        label: <span data-testid="canvas-menu-duplicate">{t('canvas.list.duplicate')}</span>,
        disabled: canvas.status === 'duplicating',
      },
      { key: 'json', label: <span data-testid="canvas-menu-json">{t('canvas.list.exportJson')}</span> },
      {
        key: 'jsoncanvas',
        label: <span data-testid="canvas-menu-jsoncanvas">{t('canvas.list.exportJsonCanvas')}</span>,
      },
      { type: 'divider' as const },
      {
        key: 'delete',
        label: <span data-testid="canvas-menu-delete">{t('canvas.list.delete')}</span>,
        danger: true,
      },
    ],
    onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation(): void } }) => {
      domEvent.stopPropagation();
      if (key === 'rename') {
        setRenaming(canvas);
        renameForm.setFieldsValue({ title: canvas.title });
      } else if (key === 'duplicate') {
        setDuplicating(canvas);
        setCopyEntities(false);
      } else if (key === 'json' || key === 'jsoncanvas') download(canvas.canvasId, key);
      else if (key === 'delete') confirmDelete(canvas);
    },
  });

  const canvases = list.data ?? [];
  const dateFormat = dateTimeFormat(i18n.language);

  return (
    <div className="canvas-list" data-testid="canvas-list-page">
      <header className="canvas-list__header">
        <h1>{t('canvas.list.title')}</h1>
        <div className="canvas-list__actions">
          <Button
            icon={<ImportOutlined />}
            loading={importFile.isPending}
            onClick={() => fileInput.current?.click()}
            data-testid="canvas-import"
          >
            {t('canvas.list.import')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            loading={create.isPending}
            onClick={() => create.mutate({ body: {} }, { onSuccess: (c) => open(c.canvasId) })}
            data-testid="canvas-create"
          >
            {t('canvas.list.create')}
          </Button>
        </div>
      </header>
      <input
        ref={fileInput}
        type="file"
        accept=".json,.canvas,application/json"
        hidden
        data-testid="canvas-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file)
            importFile.mutate(
              { body: formDataOf({ file }) },
              { onSuccess: () => void message.success(t('canvas.list.imported')) },
            );
        }}
      />
      <a ref={downloadLink} hidden download aria-hidden />
      {list.isPending ? (
        <Spin className="canvas-list__spin" />
      ) : canvases.length === 0 ? (
        <Empty description={t('canvas.list.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="canvas-list__grid">
          {canvases.map((canvas) => (
            <li key={canvas.canvasId} className="canvas-card" data-testid="canvas-card">
              <button type="button" className="canvas-card__open" onClick={() => open(canvas.canvasId)}>
                <CanvasThumbnail canvas={canvas} alt={ct('list.thumbnail', { title: titleOf(canvas) })} />
                <span className="canvas-card__title" title={titleOf(canvas)}>
                  {titleOf(canvas)}
                </span>
                <span className="canvas-card__meta">
                  {t('canvas.list.updated', { date: dateFormat.format(new Date(canvas.updatedAt)) })}
                </span>
                <span className="canvas-card__tags">
                  {canvas.readOnly && <Tag>{t('canvas.list.readOnly')}</Tag>}
                  {canvas.status === 'duplicating' && (
                    <Tag color="processing">{t('canvas.list.duplicating')}</Tag>
                  )}
                  {canvas.status === 'duplicate_failed' && (
                    <Tag color="error">{t('canvas.list.duplicateFailed')}</Tag>
                  )}
                </span>
              </button>
              <Dropdown menu={menuFor(canvas)} trigger={['click']}>
                <Button
                  type="text"
                  className="canvas-card__more"
                  icon={<MoreOutlined />}
                  aria-label={t('canvas.list.more')}
                  data-testid="canvas-card-more"
                />
              </Dropdown>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={renaming !== null}
        title={t('canvas.list.renameTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={update.isPending}
        onCancel={() => setRenaming(null)}
        onOk={() => renameForm.submit()}
        destroyOnHidden
      >
        <Form
          form={renameForm}
          onFinish={({ title }: { title: string }) => {
            if (!renaming) return;
            update.mutate(
              { body: { canvasId: renaming.canvasId, title: title.trim() } },
              { onSuccess: () => setRenaming(null) },
            );
          }}
        >
          <Form.Item name="title" noStyle>
            <Input
              aria-label={t('canvas.list.titleLabel')}
              maxLength={200}
              autoFocus
              data-testid="canvas-rename-input"
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={duplicating !== null}
        title={duplicating ? ct('list.duplicateTitle', { title: titleOf(duplicating) }) : ''}
        okText={t('canvas.list.duplicate')}
        cancelText={t('common.cancel')}
        confirmLoading={duplicate.isPending}
        okButtonProps={{ 'data-testid': 'canvas-duplicate-confirm' } as ButtonProps}
        onCancel={() => setDuplicating(null)}
        onOk={() => {
          if (!duplicating) return;
          duplicate.mutate(
            { body: { canvasId: duplicating.canvasId, duplicateEntities: copyEntities } },
            {
              onSuccess: () => {
                setDuplicating(null);
                void message.success(t('canvas.list.duplicated'));
              },
            },
          );
        }}
        destroyOnHidden
      >
        <Checkbox
          checked={copyEntities}
          onChange={(e) => setCopyEntities(e.target.checked)}
          data-testid="canvas-duplicate-entities"
        >
          {ct('list.duplicateEntities')}
        </Checkbox>
        <p className="canvas-list__hint">{ct('list.duplicateHint')}</p>
      </Modal>
    </div>
  );
}
