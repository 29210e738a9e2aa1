/** Resources: filter by text, type and index state; import; open, add to canvas, delete. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { IndexStatus, ResourceType } from '@atelier/contract';
import { AddToCanvasModal } from './AddToCanvasModal';
import type { CanvasEntity } from './addToCanvas';
import { ImportResourceModal } from './ImportResourceModal';
import { IndexStatusTag } from './IndexStatusTag';
import { LibraryTab, useLibraryDateFormat, type LibraryRow } from './LibraryList';
import { useLibraryMutations, useResourceList } from './libraryQueries';
import { useMatchingIds } from './LibrarySearchResults';
import { useConfirmDelete } from './useConfirmDelete';
import {
  displayTitle,
  formatBytes,
  isImage,
  matchesText,
  plainPreview,
  resourceEntity,
  ResourceIcon,
  useLocalizedPreview,
} from './resourceUtils';

const TYPES: ResourceType[] = ['weblink', 'text', 'file'];
const STATUSES: IndexStatus[] = ['wait_parse', 'wait_index', 'finish', 'parse_failed', 'index_failed'];

export function ResourcesTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [resourceType, setResourceType] = useState<ResourceType | undefined>();
  const [indexStatus, setIndexStatus] = useState<IndexStatus | undefined>();
  const [importing, setImporting] = useState(false);
  const [target, setTarget] = useState<CanvasEntity | null>(null);
  const list = useResourceList({ resourceType, indexStatus });
  const { deleteResource } = useLibraryMutations();
  const confirmDelete = useConfirmDelete();
  const needle = text.trim().toLowerCase();
  const contentHits = useMatchingIds(text, 'resource');
  const date = useLibraryDateFormat();
  const localized = useLocalizedPreview();

  const resources = (list.data?.pages ?? [])
    .flat()
    .filter((r) => matchesText(displayTitle(r), needle) || Boolean(contentHits?.has(r.resourceId)));
  const rows: LibraryRow[] = resources.map((r) => ({
    id: r.resourceId,
    icon: <ResourceIcon resource={r} />,
    title: displayTitle(r),
    preview: localized(plainPreview(r.contentPreview)),
    details: (
      <>
        {t(`types.${isImage(r) ? 'image' : r.resourceType}`)}
        {r.storageSize > 0 ? ` · ${formatBytes(r.storageSize, i18n.language)}` : ''}
        {r.data?.url ? ` · ${r.data.url}` : ''} · {date.format(new Date(r.createdAt))}
      </>
    ),
    tags: <IndexStatusTag resourceId={r.resourceId} status={r.indexStatus} error={r.indexError} />,
    onOpen: () => void navigate(`/library/resources/${r.resourceId}`),
    onAddToCanvas: () => setTarget(resourceEntity(r)),
    onDelete: () =>
      confirmDelete(displayTitle(r), () =>
        deleteResource.mutateAsync({ body: { resourceId: r.resourceId } }),
      ),
  }));

  return (
    <LibraryTab
      testId="library-resources"
      listTestId="resource-list"
      text={text}
      onTextChange={setText}
      textTestId="library-filter-text"
      toolbar={
        <>
          <Select
            allowClear
            placeholder={t('list.allTypes')}
            aria-label={t('list.allTypes')}
            value={resourceType}
            onChange={(v?: ResourceType) => setResourceType(v)}
            options={TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            className="library-toolbar__select"
            data-testid="library-filter-type"
          />
          <Select
            allowClear
            placeholder={t('list.allStatuses')}
            aria-label={t('list.allStatuses')}
            value={indexStatus}
            onChange={(v?: IndexStatus) => setIndexStatus(v)}
            options={STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
            className="library-toolbar__select"
            data-testid="library-filter-status"
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setImporting(true)}
            className="library-toolbar__add"
            data-testid="library-import"
          >
            {t('import.button')}
          </Button>
        </>
      }
      rows={rows}
      list={list}
      filtered={Boolean(needle || resourceType || indexStatus)}
    >
      <ImportResourceModal open={importing} onClose={() => setImporting(false)} />
      <AddToCanvasModal entity={target} onClose={() => setTarget(null)} />
    </LibraryTab>
  );
}
