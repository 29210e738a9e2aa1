/**
 * Client routes (spec section 2 names none; our choice, see apps/web/README.md). The server
 * answers every non-API path with index.html, and each screen is its own lazy chunk.
 */
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { RootShell } from './RootShell';
import { RouteErrorPage } from './RouteErrorPage';
import { SessionGate } from './SessionGate';
import { signedInRoutes } from './signedInRoutes';

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
        // the public share viewer: signed in or not, no app shell (features/share/viewer)
        path: 'share/:shareId',
        lazy: () =>
          import('../features/share/viewer/ShareViewerPage').then((m) => ({ Component: m.ShareViewerPage })),
      },
      { element: <SessionGate />, children: signedInRoutes },
    ],
  },
];

const router = createBrowserRouter(routeTable);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
