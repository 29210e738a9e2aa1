/**
 * Chooses between the signed-out and signed-in app. Signed out: the landing page at `/`, any
 * other path goes to `/` with the sign-in dialog open. Signed in: the beta gate when the
 * account has no access, otherwise the lazily loaded layout with the signed-in routes.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { SILENT_ERROR_CODE } from '@atelier/contract';
import { refreshQueue } from '../api/client';
import { LoadingScreen } from '../components/LoadingScreen';
import { StatusPage } from '../components/StatusPage';
import { signInReturn } from '../features/share/viewer/sharePath';
import { useUserSettings } from '../features/settings/useUserSettings';
import { useAuthStore } from '../stores/authStore';
import { useUiStore } from '../stores/uiStore';

const LandingPage = lazy(() =>
  import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage })),
);
const AppLayout = lazy(() => import('../features/layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const RequestAccessPage = lazy(() =>
  import('../features/auth/RequestAccessPage').then((m) => ({ default: m.RequestAccessPage })),
);

function SignedOut() {
  const location = useLocation();
  const openAuth = useUiStore((s) => s.openAuth);
  const isIndex = location.pathname === '/';
  useEffect(() => {
    if (!isIndex) openAuth('login', `${location.pathname}${location.search}`);
    else {
      // `/?signin=/share/…`: the share viewer's "Sign in" (a page of its own, without the dialogs)
      const back = signInReturn(location.search);
      if (back) openAuth('login', back);
    }
  }, [isIndex, openAuth, location.pathname, location.search]);
  if (!isIndex) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LandingPage />
    </Suspense>
  );
}

function StartFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      tone="warning"
      icon={<DisconnectOutlined />}
      title={t('errors.connectionFailed')}
      actions={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

function errCodeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { errCode?: string }).errCode : undefined;
}

export function SessionGate() {
  const status = useAuthStore((s) => s.status);
  const setStatus = useAuthStore((s) => s.setStatus);
  const settings = useUserSettings();

  const expired = settings.isError && errCodeOf(settings.error) === SILENT_ERROR_CODE;

  useEffect(() => {
    if (status === 'pending' && settings.data) setStatus('authenticated');
  }, [status, settings.data, setStatus]);

  useEffect(() => {
    // refused even after a successful refresh: treat as signed out (a failed refresh reloads instead)
    if (expired && !refreshQueue.failed) setStatus('anonymous');
  }, [expired, setStatus]);

  if (status === 'anonymous') return <SignedOut />;
  if (!settings.data) {
    // an expired session is being wiped and reloaded by the refresh flow: keep the loader
    const failed = settings.isError && !expired;
    return failed ? <StartFailed onRetry={() => void settings.refetch()} /> : <LoadingScreen />;
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      {settings.data.hasBetaAccess ? <AppLayout /> : <RequestAccessPage />}
    </Suspense>
  );
}
