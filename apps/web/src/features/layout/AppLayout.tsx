/** The signed-in frame (loaded lazily after sign-in): sidebar, the current screen, app dialogs. */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Layout, Spin } from 'antd';
import { useUiStore } from '../../stores/uiStore';
import { OnboardingHost } from '../onboarding/OnboardingHost';
import { Sidebar } from './Sidebar';
import { useServerPreferencesSync } from './useServerPreferencesSync';
import './layout.css';

const SettingsModal = lazy(() =>
  import('../settings/SettingsModal').then((m) => ({ default: m.SettingsModal })),
);

function SettingsHost() {
  const open = useUiStore((s) => s.settingsTab !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SettingsModal />
    </Suspense>
  );
}

export function AppLayout() {
  useServerPreferencesSync();
  return (
    <Layout className="app-layout" hasSider>
      <Sidebar />
      <Layout.Content className="app-layout__content">
        <Suspense
          fallback={
            <div className="center-page">
              <Spin size="large" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </Layout.Content>
      <SettingsHost />
      <OnboardingHost />
    </Layout>
  );
}
