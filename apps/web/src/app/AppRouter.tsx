/**
 * Client routes (spec section 2 names none; our choice, see apps/web/README.md). The server
 * answers every non-API path with index.html, and each screen is its own lazy chunk.
 */
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, RouterProvider, useLocation, useParams, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { platform } from '../platform/platform';
import { RootShell } from './RootShell';
import { RouteErrorPage } from './RouteErrorPage';
import { SessionGate } from './SessionGate';
import { signedInRoutes } from './signedInRoutes';

/** The path this page was loaded at (the router is made here, before any navigation). */
const loadedAt = window.location.pathname;

const ShareViewerPage = lazy(() =>
  import('../features/share/viewer/ShareViewerPage').then((m) => ({ default: m.ShareViewerPage })),
);

/**
 * `/share/{shareId}` reached inside the app (after signing in from the viewer) loads the
 * server's lean viewer page. A server that answered this very path with the app (no viewer
 * page in its build, an odd form of the path) gets the viewer drawn here instead of a loop.
 */
function SharePageRoute() {
  const { shareId = '' } = useParams();
  const { pathname } = useLocation();
  const servedTheApp = pathname === loadedAt;
  useEffect(() => {
    if (!servedTheApp) platform.reload();
  }, [servedTheApp]);
  if (!servedTheApp) return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <ShareViewerPage shareId={shareId} />
    </Suspense>
  );
}

export const routeTable: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: LoadingScreen,
    children: [
      {
        path: 'privacy',
        lazy: () => import('../features/legal/PrivacyPage').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: 'terms',
        lazy: () => import('../features/legal/TermsPage').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: 'verify',
        lazy: () =>
          import('../features/auth/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage })),
      },
      {
        // the public share viewer is its own lean page (share.html, answered by the server at
        // /share/{shareId}): a navigation inside the app (after signing in) loads it
        path: 'share/:shareId',
        Component: SharePageRoute,
      },
      { element: <SessionGate />, children: signedInRoutes },
    ],
  },
];

const router = createBrowserRouter(routeTable);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
