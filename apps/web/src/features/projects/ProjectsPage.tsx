/** The projects page (/projects): list, create, edit, delete; a link to the label manager. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ButtonProps, App, Button, Dropdown, Empty, Spin } from 'antd';
import { FolderOutlined, MoreOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import type { Project } from '@atelier/contract';
import { ProjectFormModal } from './ProjectFormModal';
import { useProjectList, useProjectMutations } from './projectQueries';
import { useTranslation } from 'react-i18next';
import './projects.css';

export function ProjectsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'projects' });
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const list = useProjectList();
  const { remove } = useProjectMutations();
  const [editing, setEditing] = useState<Project | null>(null);
  const [open, setOpen] = useState(false);

  const confirmDelete = (project: Project) =>
    modal.confirm({
      title: t('deleteTitle', { name: project.name }),
      content: t('deleteBody'),
      okText: t('delete'),
      okButtonProps: { danger: true, 'data-testid': 'project-delete-confirm' } as ButtonProps,
      cancelText: t('cancel'),
      onOk: () =>
        remove
          .mutateAsync({ body: { projectId: project.projectId } })
          .then(() => void message.success(t('deleted'))),
    });

  return (
    <div className="projects-page" data-testid="projects-page">
      <header className="projects-page__header">
        <div>
          <h1 className="projects-page__title">{t('title')}</h1>
          <p className="projects-page__subtitle">{t('subtitle')}</p>
        </div>
        <span className="projects-actions">
          <Button
            icon={<TagsOutlined />}
            onClick={() => void navigate('/labels')}
            data-testid="projects-labels"
          >
            {t('labels')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="project-create"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {t('create')}
          </Button>
        </span>
      </header>
      {list.isPending ? (
        <Spin />
      ) : (list.data ?? []).length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <div className="projects-grid">
          {list.data?.map((project) => (
            <div
              key={project.projectId}
              className="project-card"
              data-testid="project-card"
              role="link"
              tabIndex={0}
              onClick={() => void navigate(`/projects/${project.projectId}`)}
              onKeyDown={(e) => e.key === 'Enter' && void navigate(`/projects/${project.projectId}`)}
            >
              <div className="project-card__cover">
                {project.coverUrl ? <img src={project.coverUrl} alt="" /> : <FolderOutlined />}
              </div>
              <div className="project-card__body">
                <div className="project-card__name">{project.name}</div>
                {project.description && (
                  <div className="project-card__description">{project.description}</div>
                )}
              </div>
              <span onClick={(e) => e.stopPropagation()} className="project-card__menu">
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'edit', label: t('edit') },
                      { key: 'delete', label: t('delete'), danger: true },
                    ],
                    onClick: ({ key }) => {
                      if (key === 'edit') {
                        setEditing(project);
                        setOpen(true);
                      } else confirmDelete(project);
                    },
                  }}
                >
                  <Button type="text" size="small" icon={<MoreOutlined />} data-testid="project-menu" />
                </Dropdown>
              </span>
            </div>
          ))}
        </div>
      )}
      <ProjectFormModal
        open={open}
        editing={editing}
        onClose={() => setOpen(false)}
        onCreated={(project) => void navigate(`/projects/${project.projectId}`)}
      />
    </div>
  );
}
