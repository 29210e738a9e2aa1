/**
 * Tabs of the library screen (spec section 2), in order. A later feature (threads) adds its
 * entry here: a key (also the URL segment, /library/<key>), an icon, a label component (so the
 * feature can use its own strings) and the tab's content.
 */
import type { ComponentType, ReactNode } from 'react';
import {
  AppstoreOutlined,
  CommentOutlined,
  FileTextOutlined,
  FolderOutlined,
  PaperClipOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { ThreadsTab, ThreadsTabLabel } from '../ai/threads/ThreadsTab';
import { SharedByMeLabel, SharedByMeTab } from '../share/SharedByMeTab';
import { CanvasesTab } from './CanvasesTab';
import { DocumentsTab } from './DocumentsTab';
import { ProjectsTab } from './ProjectsTab';
import { ResourcesTab } from './ResourcesTab';
import { useTranslation } from 'react-i18next';

export interface LibraryTabDef {
  key: string;
  icon: ReactNode;
  Label: ComponentType;
  Component: ComponentType;
}

const label = (key: 'resources' | 'documents' | 'canvases' | 'projects') =>
  function TabLabel() {
    return <>{useTranslation(undefined, { keyPrefix: 'library' }).t(`tabs.${key}`)}</>;
  };

export const LIBRARY_TABS: readonly LibraryTabDef[] = [
  { key: 'resources', icon: <PaperClipOutlined />, Label: label('resources'), Component: ResourcesTab },
  { key: 'documents', icon: <FileTextOutlined />, Label: label('documents'), Component: DocumentsTab },
  { key: 'canvases', icon: <AppstoreOutlined />, Label: label('canvases'), Component: CanvasesTab },
  { key: 'projects', icon: <FolderOutlined />, Label: label('projects'), Component: ProjectsTab },
  { key: 'threads', icon: <CommentOutlined />, Label: ThreadsTabLabel, Component: ThreadsTab },
  { key: 'shared', icon: <ShareAltOutlined />, Label: SharedByMeLabel, Component: SharedByMeTab },
];
