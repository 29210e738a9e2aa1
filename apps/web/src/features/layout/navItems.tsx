/**
 * Sidebar entries (spec section 2). An entry whose screen does not exist yet stays hidden
 * (`available: false`) instead of leading nowhere; the issue that builds the screen adds its
 * route and flips the flag.
 */
import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BookOutlined,
  CommentOutlined,
  FundProjectionScreenOutlined,
  FolderOutlined,
  HomeOutlined,
  LayoutOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';

export type PrimaryNavKey =
  'home' | 'canvas' | 'library' | 'threads' | 'skills' | 'templates' | 'projects' | 'pages';

export interface NavItem {
  key: PrimaryNavKey;
  path: string;
  icon: ReactNode;
  available: boolean;
}

export const PRIMARY_NAV: readonly NavItem[] = [
  { key: 'home', path: '/', icon: <HomeOutlined />, available: true },
  { key: 'canvas', path: '/canvas', icon: <AppstoreOutlined />, available: true },
  { key: 'library', path: '/library', icon: <BookOutlined />, available: true },
  { key: 'threads', path: '/threads', icon: <CommentOutlined />, available: true },
  { key: 'skills', path: '/skills', icon: <ThunderboltOutlined />, available: true },
  { key: 'templates', path: '/templates', icon: <LayoutOutlined />, available: true },
  { key: 'projects', path: '/projects', icon: <FolderOutlined />, available: true },
  { key: 'pages', path: '/pages', icon: <FundProjectionScreenOutlined />, available: true },
];

export const visibleNav = (items: readonly NavItem[] = PRIMARY_NAV) => items.filter((i) => i.available);
