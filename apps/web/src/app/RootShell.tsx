/** Always-present chrome around every route: maintenance notice and the auth dialogs. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MaintenanceNotice } from '../features/system/MaintenanceNotice';
import { useUiStore } from '../stores/uiStore';

const AuthModals = lazy(() => import('../features/auth/AuthModals').then((m) => ({ default: m.AuthModals })));

function AuthModalsHost() {
  const wanted = useUiStore((s) => s.authModal !== null || s.resetPasswordOpen);
  // stay mounted once loaded so closing plays the modal's animation
  const [loaded, setLoaded] = useState(false);
  if (wanted && !loaded) setLoaded(true);
  if (!wanted && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <AuthModals />
    </Suspense>
  );
}

/**
 * A new screen starts at the top. (react-router's ScrollRestoration would also do this, but it
 * writes to sessionStorage while the page unloads, which would undo the logout wipe.)
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootShell() {
  return (
    <>
      <ScrollToTop />
      <MaintenanceNotice />
      <Outlet />
      <AuthModalsHost />
    </>
  );
}
