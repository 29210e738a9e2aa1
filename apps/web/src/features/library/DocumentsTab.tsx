/** Documents: filter by title, open (the document page), add to canvas, delete. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Tag } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { AddToCanvasModal } from './AddToCanvasModal';
import type { CanvasEntity } from './addToCanvas';
import { LibraryTab, useLibraryDateFormat, type LibraryRow } from './LibraryList';
import { useDocumentList, useLibraryMutations } from './libraryQueries';
import { matchesText, plainPreview } from './resourceUtils';
import { useMatchingIds } from './LibrarySearchResults';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from './useConfirmDelete';

export function DocumentsTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [target, setTarget] = useState<CanvasEntity | null>(null);
  const list = useDocumentList();
  const { deleteDocument } = useLibraryMutations();
  const confirmDelete = useConfirmDelete();
  const needle = text.trim().toLowerCase();
  const contentHits = useMatchingIds(text, 'document');
  const date = useLibraryDateFormat();
  const rows: LibraryRow[] = (list.data?.pages ?? [])
    .flat()
    .filter((d) => matchesText(d.title, needle) || Boolean(contentHits?.has(d.docId)))
    .map((d) => ({
      id: d.docId,
      icon: <FileTextOutlined />,
      title: d.title,
      preview: plainPreview(d.contentPreview),
      details: t('list.updated', { date: date.format(new Date(d.updatedAt)) }),
      tags: d.readOnly ? <Tag>{t('list.readOnly')}</Tag> : null,
      onOpen: () => void navigate(`/documents/${d.docId}`),
      onAddToCanvas: () =>
        setTarget({
          entityType: 'document',
          entityId: d.docId,
          title: d.title,
          contentPreview: plainPreview(d.contentPreview),
        }),
      onDelete: () => confirmDelete(d.title, () => deleteDocument.mutateAsync({ body: { docId: d.docId } })),
    }));
  return (
    <LibraryTab
      testId="library-documents"
      listTestId="document-list"
      text={text}
      onTextChange={setText}
      rows={rows}
      list={list}
      filtered={Boolean(needle)}
    >
      <AddToCanvasModal entity={target} onClose={() => setTarget(null)} />
    </LibraryTab>
  );
}
