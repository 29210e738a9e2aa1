/**
 * Theme switch for screens outside settings: one button cycling light → dark → follow
 * system, its icon showing the current mode (settings > appearance has the full choice).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { THEME_MODES, useThemeStore, type ThemeMode } from '../stores/themeStore';

const ICONS: Record<ThemeMode, ReactNode> = {
  light: <SunOutlined />,
  dark: <MoonOutlined />,
  system: <DesktopOutlined />,
};

export function ThemeSwitch() {
  const { t } = useTranslation();
  const mode = useThemeStore((s) => s.mode);
  const setMode = useThemeStore((s) => s.setMode);
  const next = THEME_MODES[(THEME_MODES.indexOf(mode) + 1) % THEME_MODES.length] ?? 'system';
  const label = `${t('settings.appearance.theme')}: ${t(`settings.appearance.${mode}`)}`;
  return (
    <Button
      type="text"
      icon={ICONS[mode]}
      title={label}
      aria-label={label}
      onClick={() => setMode(next)}
      data-testid="theme-switch"
      data-mode={mode}
    />
  );
}
