/** Projects: filter by name, open (the project page), delete. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FolderOutlined } from '@ant-design/icons';
import { LibraryTab, useLibraryDateFormat, type LibraryRow } from './LibraryList';
import { useLibraryMutations, useProjectList } from './libraryQueries';
import { matchesText } from './resourceUtils';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from './useConfirmDelete';

export function ProjectsTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const list = useProjectList();
  const { deleteProject } = useLibraryMutations();
  const confirmDelete = useConfirmDelete();
  const needle = text.trim().toLowerCase();
  const date = useLibraryDateFormat();
  const rows: LibraryRow[] = (list.data?.pages ?? [])
    .flat()
    .filter((p) => matchesText(p.name, needle))
    .map((p) => ({
      id: p.projectId,
      icon: <FolderOutlined />,
      title: p.name,
      preview: p.description,
      details: t('list.updated', { date: date.format(new Date(p.updatedAt)) }),
      onOpen: () => void navigate(`/projects/${p.projectId}`),
      onDelete: () =>
        confirmDelete(p.name, () => deleteProject.mutateAsync({ body: { projectId: p.projectId } })),
    }));
  return (
    <LibraryTab
      testId="library-projects"
      listTestId="project-list"
      text={text}
      onTextChange={setText}
      rows={rows}
      list={list}
      filtered={Boolean(needle)}
    />
  );
}
