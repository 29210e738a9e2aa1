/** The settings dialog: one tab per area, opened from the sidebar or the home quick actions. */
import { useTranslation } from 'react-i18next';
import { Modal, Tabs } from 'antd';
import { useUiStore } from '../../stores/uiStore';
import { useSystemConfig } from '../system/MaintenanceNotice';
import { SETTINGS_TABS } from './settingsTabs';
import './settings.css';

export function SettingsModal() {
  const { t } = useTranslation();
  const tab = useUiStore((s) => s.settingsTab);
  const { openSettings, closeSettings } = useUiStore.getState();
  const features = useSystemConfig().data?.features;
  const tabs = SETTINGS_TABS.filter((d) => !d.feature || features?.[d.feature] === true);
  // a tab may name a part of itself after a colon (models:embedding opens that category)
  const active = tabs.find((d) => d.key === tab?.split(':')[0])?.key ?? tabs[0]?.key;
  return (
    <Modal
      open={tab !== null}
      onCancel={closeSettings}
      footer={null}
      width={880}
      centered
      title={t('settings.title')}
      className="settings-modal"
      data-testid="settings-modal"
    >
      <Tabs
        tabPlacement="start"
        activeKey={active}
        onChange={(key) => openSettings(key)}
        items={tabs.map(({ key, icon, Component }) => ({
          key,
          icon,
          label: <span data-testid={`settings-tab-${key}`}>{t(`settings.tabs.${key}`)}</span>,
          children: (
            <div className="settings-pane">
              <Component />
            </div>
          ),
        }))}
      />
    </Modal>
  );
}
