/** The label manager (/labels): label classes with their values; create, edit, delete. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Empty, Spin, Table, Tag } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { LabelClass } from '@atelier/contract';
import { LabelClassModal } from './LabelClassModal';
import { useLabelClasses, useLabelMutations } from './labelQueries';
import { useTranslation } from 'react-i18next';
import '../projects/projects.css';

export function LabelsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'labels' });
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const classes = useLabelClasses();
  const { deleteClass } = useLabelMutations();
  const [editing, setEditing] = useState<LabelClass | null>(null);
  const [open, setOpen] = useState(false);

  const confirmDelete = (cls: LabelClass) =>
    modal.confirm({
      title: t('deleteTitle', { name: cls.displayName }),
      content: t('deleteBody'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        deleteClass
          .mutateAsync({ body: { labelClassId: cls.labelClassId } })
          .then(() => void message.success(t('deleted'))),
    });

  return (
    <div className="projects-page" data-testid="labels-page">
      <header className="projects-page__header">
        <div>
          <Button
            type="link"
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate('/projects')}
            className="projects-page__back"
          >
            {t('back')}
          </Button>
          <h1 className="projects-page__title">{t('title')}</h1>
          <p className="projects-page__subtitle">{t('subtitle')}</p>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="label-class-create"
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('create')}
        </Button>
      </header>
      {classes.isPending ? (
        <Spin />
      ) : (classes.data ?? []).length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <Table<LabelClass>
          rowKey="labelClassId"
          dataSource={classes.data}
          pagination={false}
          data-testid="label-class-table"
          columns={[
            {
              title: t('columns.displayName'),
              dataIndex: 'displayName',
              render: (v: string) => <strong>{v}</strong>,
            },
            { title: t('columns.name'), dataIndex: 'name' },
            {
              title: t('columns.values'),
              dataIndex: 'values',
              render: (values: string[]) => values.map((v) => <Tag key={v}>{v}</Tag>),
            },
            { title: t('columns.prompt'), dataIndex: 'prompt', ellipsis: true },
            {
              key: 'actions',
              width: 96,
              render: (_: unknown, cls) => (
                <span className="projects-actions">
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('edit')}
                    onClick={() => {
                      setEditing(cls);
                      setOpen(true);
                    }}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('delete')}
                    onClick={() => confirmDelete(cls)}
                  />
                </span>
              ),
            },
          ]}
        />
      )}
      <LabelClassModal open={open} editing={editing} onClose={() => setOpen(false)} />
    </div>
  );
}
