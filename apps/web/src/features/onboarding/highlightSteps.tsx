/** The 7 steps of the feature-highlights dialog (spec sections 2 and 9). */
import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BookOutlined,
  FileTextOutlined,
  MessageOutlined,
  RocketOutlined,
  ShareAltOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';

export type HighlightKey = 'welcome' | 'canvas' | 'ask' | 'library' | 'skills' | 'create' | 'share';

export const HIGHLIGHT_STEPS: readonly { key: HighlightKey; icon: ReactNode }[] = [
  { key: 'welcome', icon: <RocketOutlined /> },
  { key: 'canvas', icon: <AppstoreOutlined /> },
  { key: 'ask', icon: <MessageOutlined /> },
  { key: 'library', icon: <BookOutlined /> },
  { key: 'skills', icon: <ThunderboltOutlined /> },
  { key: 'create', icon: <FileTextOutlined /> },
  { key: 'share', icon: <ShareAltOutlined /> },
];
