/**
 * Home's suggestions and recommended quick actions. Like the sidebar, an action needs its
 * screen: those of screens not built yet are left out until their issue adds them.
 */
import type { ReactNode } from 'react';
import {
  BgColorsOutlined,
  CompassOutlined,
  GiftOutlined,
  GlobalOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useUiStore } from '../../stores/uiStore';

export type QuickActionKey = 'tour' | 'highlights' | 'profile' | 'language' | 'appearance';

export interface QuickAction {
  key: QuickActionKey;
  icon: ReactNode;
  run: () => void;
}

export function quickActions(): QuickAction[] {
  const ui = useUiStore.getState();
  return [
    { key: 'tour', icon: <CompassOutlined />, run: () => ui.setTourOpen(true) },
    { key: 'highlights', icon: <GiftOutlined />, run: () => ui.setHighlightsOpen(true) },
    { key: 'profile', icon: <UserOutlined />, run: () => ui.openSettings('account') },
    { key: 'language', icon: <GlobalOutlined />, run: () => ui.openSettings('language') },
    { key: 'appearance', icon: <BgColorsOutlined />, run: () => ui.openSettings('appearance') },
  ];
}

/** Prompt ideas shown under the search box; choosing one fills the box. */
export const SUGGESTIONS = ['paper', 'outline', 'compare', 'meeting', 'mindmap'] as const;
export type SuggestionKey = (typeof SUGGESTIONS)[number];

/** Whether the profile quick action has nothing left to ask: a nickname, a username and an avatar. */
export function profileComplete(user: {
  nickname?: string | null;
  name?: string | null;
  avatar?: string | null;
}) {
  return Boolean(user.nickname?.trim() && user.name?.trim() && user.avatar);
}
