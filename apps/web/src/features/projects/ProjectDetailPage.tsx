/**
 * One project (/projects/:projectId): its cover, description and custom instructions, its
 * canvases and its files (documents and resources). Existing items are added or removed
 * (updateItems), or deleted (deleteItems); each item carries its labels.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { App, Button, Dropdown, Empty, Input, Result, Spin } from 'antd';
import { currentLocale } from '../../i18n/i18n';
import {
  AppstoreOutlined,
  ArrowLeftOutlined,
  EditOutlined,
  FileTextOutlined,
  FolderOutlined,
  LinkOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { ProjectDetail, ProjectItemSummary } from '@atelier/contract';
import { api } from '../../api/client';
import { ItemLabels } from '../labels/ItemLabels';
import { AddItemsModal } from './AddItemsModal';
import { ProjectFormModal } from './ProjectFormModal';
import { useProjectDetail, useProjectMutations } from './projectQueries';
import { useTranslation } from 'react-i18next';
import './projects.css';
import { formatDateTime } from '../../i18n/dates';

function Instructions({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'projects' });
  const { message } = App.useApp();
  const { update } = useProjectMutations();
  const [draft, setDraft] = useState<string | null>(null);
  const value = project.customInstructions ?? '';
  return (
    <section className="project-section" data-testid="project-instructions-section">
      <header className="project-section__header">
        <h2>{t('detail.instructions')}</h2>
        {draft === null ? (
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDraft(value)}
            data-testid="project-instructions-edit"
          >
            {t('edit')}
          </Button>
        ) : (
          <span className="projects-actions">
            <Button size="small" onClick={() => setDraft(null)}>
              {t('cancel')}
            </Button>
            <Button
              size="small"
              type="primary"
              loading={update.isPending}
              data-testid="project-instructions-save"
              onClick={() =>
                update.mutate(
                  { body: { projectId: project.projectId, name: project.name, customInstructions: draft } },
                  {
                    onSuccess: () => {
                      setDraft(null);
                      void message.success(t('saved'));
                    },
                  },
                )
              }
            >
              {t('save')}
            </Button>
          </span>
        )}
      </header>
      {draft === null ? (
        <p className="project-instructions" data-testid="project-instructions">
          {value || <span className="project-muted">{t('detail.instructionsEmpty')}</span>}
        </p>
      ) : (
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 16 }}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="project-instructions-input"
        />
      )}
    </section>
  );
}

function ItemRow({
  item,
  onOpen,
  onRemove,
  onDelete,
}: {
  item: ProjectItemSummary;
  onOpen?: () => void;
  onRemove: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'projects' });
  const icon =
    item.entityType === 'canvas' ? (
      <AppstoreOutlined />
    ) : item.entityType === 'document' ? (
      <FileTextOutlined />
    ) : (
      <LinkOutlined />
    );
  return (
    <li className="project-item" data-testid={`project-item-${item.entityType}`} data-id={item.entityId}>
      <span className="project-item__icon">{icon}</span>
      <span className="project-item__main">
        {onOpen ? (
          <a onClick={onOpen} className="project-item__title" data-testid="project-item-open">
            {item.title || t('detail.untitled')}
          </a>
        ) : (
          <span className="project-item__title">{item.title || t('detail.untitled')}</span>
        )}
        <span className="project-muted">
          {t(`detail.${item.entityType}`)} ·{' '}
          {t('detail.updated', { time: formatDateTime(item.updatedAt, currentLocale()) })}
        </span>
      </span>
      <ItemLabels entityType={item.entityType} entityId={item.entityId} />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...(onOpen ? [{ key: 'open', label: t('detail.open') }] : []),
            {
              key: 'remove',
              label: <span data-testid="project-item-remove">{t('detail.removeFromProject')}</span>,
            },
            { key: 'delete', label: t('detail.deleteItem'), danger: true },
          ],
          onClick: ({ key }) => (key === 'open' ? onOpen?.() : key === 'remove' ? onRemove() : onDelete()),
        }}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} data-testid="project-item-menu" />
      </Dropdown>
    </li>
  );
}

export function ProjectDetailPage() {
  const { projectId = '' } = useParams();
  const { t } = useTranslation(undefined, { keyPrefix: 'projects' });
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const detail = useProjectDetail(projectId);
  const { updateItems, deleteItems } = useProjectMutations();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState<'canvas' | 'files' | null>(null);
  const [creatingCanvas, setCreatingCanvas] = useState(false);

  if (detail.isPending) return <Spin className="projects-page__spin" />;
  if (detail.isError || !detail.data) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Button onClick={() => void navigate('/projects')}>{t('detail.back')}</Button>}
      />
    );
  }
  const project = detail.data;
  const item = (i: ProjectItemSummary) => ({ entityType: i.entityType, entityId: i.entityId });

  const remove = (i: ProjectItemSummary) =>
    updateItems.mutate(
      { body: { projectId, operation: 'remove', items: [item(i)] } },
      { onSuccess: () => void message.success(t('detail.removed')) },
    );
  const destroy = (i: ProjectItemSummary) =>
    modal.confirm({
      title: t('detail.deleteItemTitle', { title: i.title || t('detail.untitled') }),
      content: t('detail.deleteItemBody'),
      okText: t('detail.deleteItem'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => deleteItems.mutateAsync({ body: { projectId, items: [item(i)] } }),
    });
  const openItem = (i: ProjectItemSummary) =>
    i.entityType === 'canvas'
      ? () => void navigate(`/canvas/${i.entityId}`)
      : i.entityType === 'document'
        ? () => void navigate(`/documents/${i.entityId}`)
        : undefined;

  const newCanvas = async () => {
    setCreatingCanvas(true);
    try {
      const canvas = await api.call('canvas.create', { body: { projectId } });
      void navigate(`/canvas/${canvas.canvasId}`);
    } finally {
      setCreatingCanvas(false);
    }
  };

  return (
    <div className="projects-page" data-testid="project-detail">
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => void navigate('/projects')}
        className="projects-page__back"
      >
        {t('detail.back')}
      </Button>
      <header className="project-hero">
        <div className="project-hero__cover">
          {project.coverUrl ? (
            <img src={project.coverUrl} alt="" data-testid="project-cover" />
          ) : (
            <FolderOutlined />
          )}
        </div>
        <div className="project-hero__text">
          <h1 className="projects-page__title" data-testid="project-title">
            {project.name}
          </h1>
          {project.description && <p className="projects-page__subtitle">{project.description}</p>}
        </div>
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="project-edit">
          {t('edit')}
        </Button>
      </header>

      <Instructions key={project.updatedAt} project={project} />

      <section className="project-section">
        <header className="project-section__header">
          <h2>{t('detail.canvases')}</h2>
          <span className="projects-actions">
            <Button
              size="small"
              icon={<PlusOutlined />}
              loading={creatingCanvas}
              onClick={() => void newCanvas()}
            >
              {t('detail.newCanvas')}
            </Button>
            <Button size="small" onClick={() => setAdding('canvas')} data-testid="project-add-canvas">
              {t('detail.addCanvas')}
            </Button>
          </span>
        </header>
        {project.canvases.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noCanvases')} />
        ) : (
          <ul className="project-items">
            {project.canvases.map((c) => (
              <ItemRow
                key={c.entityId}
                item={c}
                onOpen={openItem(c)}
                onRemove={() => remove(c)}
                onDelete={() => destroy(c)}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="project-section">
        <header className="project-section__header">
          <h2>{t('detail.files')}</h2>
          <Button size="small" onClick={() => setAdding('files')} data-testid="project-add-files">
            {t('detail.addFiles')}
          </Button>
        </header>
        {project.files.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noFiles')} />
        ) : (
          <ul className="project-items">
            {project.files.map((f) => (
              <ItemRow
                key={`${f.entityType}:${f.entityId}`}
                item={f}
                onOpen={openItem(f)}
                onRemove={() => remove(f)}
                onDelete={() => destroy(f)}
              />
            ))}
          </ul>
        )}
      </section>

      <ProjectFormModal open={editing} editing={project} onClose={() => setEditing(false)} />
      <AddItemsModal
        project={project}
        kind={adding}
        adding={updateItems.isPending}
        onClose={() => setAdding(null)}
        onAdd={(items) =>
          updateItems.mutate(
            { body: { projectId, operation: 'add', items } },
            {
              onSuccess: () => {
                setAdding(null);
                void message.success(t('detail.added'));
              },
            },
          )
        }
      />
    </div>
  );
}
