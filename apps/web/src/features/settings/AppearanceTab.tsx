/** Settings > Appearance: light, dark or follow the system (persisted, live). */
import { useTranslation } from 'react-i18next';
import { Radio } from 'antd';
import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { THEME_MODES, useThemeStore, type ThemeMode } from '../../stores/themeStore';
import { usePreferenceActions } from './usePreferenceActions';

const ICONS = { light: <SunOutlined />, dark: <MoonOutlined />, system: <DesktopOutlined /> } as const;

function Swatch({ mode }: { mode: ThemeMode }) {
  return (
    <span className={`theme-swatch theme-swatch--${mode}`} aria-hidden="true">
      <span className="theme-swatch__bar" />
      <span className="theme-swatch__line" />
      <span className="theme-swatch__line theme-swatch__line--short" />
    </span>
  );
}

export function AppearanceTab() {
  const { t } = useTranslation();
  const mode = useThemeStore((s) => s.mode);
  const actions = usePreferenceActions();
  return (
    <div>
      <h3 className="settings-section-title">{t('settings.appearance.theme')}</h3>
      <p className="settings-section-hint">{t('settings.appearance.hint')}</p>
      <Radio.Group
        value={mode}
        onChange={(e) => actions.setTheme(e.target.value as ThemeMode)}
        className="theme-options"
        data-testid="theme-options"
      >
        {THEME_MODES.map((m) => (
          <Radio key={m} value={m} className="theme-option" data-testid={`theme-${m}`}>
            <Swatch mode={m} />
            <span className="theme-option__label">
              {ICONS[m]} {t(`settings.appearance.${m}`)}
            </span>
          </Radio>
        ))}
      </Radio.Group>
    </div>
  );
}
