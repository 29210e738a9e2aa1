/** Canvases: filter by title, open, delete. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Tag } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { LibraryTab, useLibraryDateFormat, type LibraryRow } from './LibraryList';
import { useCanvasPages, useLibraryMutations } from './libraryQueries';
import { matchesText } from './resourceUtils';
import { useMatchingIds } from './LibrarySearchResults';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from './useConfirmDelete';

export function CanvasesTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const list = useCanvasPages();
  const { deleteCanvas } = useLibraryMutations();
  const confirmDelete = useConfirmDelete();
  const needle = text.trim().toLowerCase();
  const contentHits = useMatchingIds(text, 'canvas');
  const date = useLibraryDateFormat();
  const rows: LibraryRow[] = (list.data?.pages ?? [])
    .flat()
    .filter(
      (c) => matchesText(c.title || t('list.untitled'), needle) || Boolean(contentHits?.has(c.canvasId)),
    )
    .map((c) => ({
      id: c.canvasId,
      icon: <AppstoreOutlined />,
      title: c.title,
      details: t('list.updated', { date: date.format(new Date(c.updatedAt)) }),
      tags: c.readOnly ? <Tag>{t('list.readOnly')}</Tag> : null,
      onOpen: () => void navigate(`/canvas/${c.canvasId}`),
      onDelete: () =>
        confirmDelete(c.title, () => deleteCanvas.mutateAsync({ body: { canvasId: c.canvasId } })),
    }));
  return (
    <LibraryTab
      testId="library-canvases"
      listTestId="canvas-list"
      text={text}
      onTextChange={setText}
      rows={rows}
      list={list}
      filtered={Boolean(needle)}
    />
  );
}
