/** Pick existing canvases, or documents and resources, that are not in the project yet, and add them. */
import { useMemo, useState } from 'react';
import { type ButtonProps, Checkbox, Empty, Modal, Spin, Tabs } from 'antd';
import type { ProjectDetail, ProjectItem } from '@atelier/contract';
import { useApiQuery } from '../../api/apiQuery';
import { CANVAS_LIST_INPUT } from '../canvas/canvasQueries';
import { useTranslation } from 'react-i18next';

type Kind = 'canvas' | 'files';

const PICK_INPUT = { query: { pageSize: 100 } };

export function AddItemsModal({
  project,
  kind,
  onClose,
  onAdd,
  adding,
}: {
  project: ProjectDetail;
  kind: Kind | null;
  onClose: () => void;
  onAdd: (items: ProjectItem[]) => void;
  adding: boolean;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'projects' });
  const [selected, setSelected] = useState<string[]>([]);
  const open = kind !== null;
  // the same cache entries as the lists elsewhere, looked at again on every opening (staleTime 0)
  const pick = (enabled: boolean) => ({ enabled, staleTime: 0 });
  const canvases = useApiQuery('canvas.list', CANVAS_LIST_INPUT, pick(kind === 'canvas'));
  const documents = useApiQuery('knowledge.document.list', PICK_INPUT, pick(kind === 'files'));
  const resources = useApiQuery('knowledge.resource.list', PICK_INPUT, pick(kind === 'files'));

  const inProject = useMemo(
    () => new Set([...project.canvases, ...project.files].map((i) => `${i.entityType}:${i.entityId}`)),
    [project],
  );
  const options = (type: ProjectItem['entityType'], rows: { id: string; title: string }[]) =>
    rows
      .filter((r) => !inProject.has(`${type}:${r.id}`))
      .map((r) => ({ value: `${type}:${r.id}`, label: r.title || t('detail.untitled') }));

  const list = (loading: boolean, opts: { value: string; label: string }[]) =>
    loading ? (
      <Spin />
    ) : opts.length === 0 ? (
      <Empty description={t('detail.nothingToAdd')} />
    ) : (
      <Checkbox.Group
        className="project-pick"
        value={selected.filter((key) => opts.some((o) => o.value === key))}
        // each tab's group answers only its own boxes: keep what was picked on the other tab
        onChange={(values) =>
          setSelected((prev) => [...prev.filter((key) => !opts.some((o) => o.value === key)), ...values])
        }
        options={opts.map((o) => ({ ...o, label: <span data-testid="project-pick-option">{o.label}</span> }))}
      />
    );

  const canvasOptions = options(
    'canvas',
    (canvases.data ?? []).map((c) => ({ id: c.canvasId, title: c.title })),
  );
  const documentOptions = options(
    'document',
    (documents.data ?? []).map((d) => ({ id: d.docId, title: d.title })),
  );
  const resourceOptions = options(
    'resource',
    (resources.data ?? []).map((r) => ({ id: r.resourceId, title: r.title })),
  );

  return (
    <Modal
      open={open}
      title={kind === 'canvas' ? t('detail.addCanvas') : t('detail.addFiles')}
      okText={t('detail.add')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: selected.length === 0, 'data-testid': 'project-pick-add' } as ButtonProps}
      confirmLoading={adding}
      onCancel={onClose}
      afterOpenChange={(visible) => !visible && setSelected([])}
      onOk={() =>
        onAdd(
          selected.map((key) => {
            const [entityType, ...rest] = key.split(':');
            return { entityType: entityType as ProjectItem['entityType'], entityId: rest.join(':') };
          }),
        )
      }
    >
      <p>{t('detail.pick')}</p>
      {kind === 'canvas' ? (
        list(canvases.isPending, canvasOptions)
      ) : (
        <Tabs
          items={[
            {
              key: 'documents',
              label: t('detail.documents'),
              children: list(documents.isPending, documentOptions),
            },
            {
              key: 'resources',
              label: t('detail.resources'),
              children: list(resources.isPending, resourceOptions),
            },
          ]}
        />
      )}
    </Modal>
  );
}
