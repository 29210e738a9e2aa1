/** Lazy wrappers of the AI settings tabs (each with its own loading state inside the dialog). */
import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';

type TabName = 'ProvidersTab' | 'ModelsTab' | 'DefaultModelTab' | 'ParsersTab' | 'SetupGuideTab';

function lazyTab(name: TabName): ComponentType {
  const Inner = lazy(() => import('./index').then((m) => ({ default: m[name] })));
  return function LazyAiSettingsTab() {
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
        <Inner />
      </Suspense>
    );
  };
}

export const LazyProvidersTab = lazyTab('ProvidersTab');
export const LazyModelsTab = lazyTab('ModelsTab');
export const LazyDefaultModelTab = lazyTab('DefaultModelTab');
export const LazyParsersTab = lazyTab('ParsersTab');
export const LazySetupGuideTab = lazyTab('SetupGuideTab');
