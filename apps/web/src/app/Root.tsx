/** Top of the React tree: providers, then the router loaded on demand behind the loading screen. */
import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/LoadingScreen';
import { AppProviders } from './AppProviders';

const AppRouter = lazy(() => import('./AppRouter').then((m) => ({ default: m.AppRouter })));

export function Root() {
  return (
    <AppProviders>
      <Suspense fallback={<LoadingScreen />}>
        <AppRouter />
      </Suspense>
    </AppProviders>
  );
}
