/** Settings > Subscription, loaded when the tab opens (with recharts behind it). */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';

const Inner = lazy(() => import('./SubscriptionTab').then((m) => ({ default: m.SubscriptionTab })));

export function LazySubscriptionTab() {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <Inner />
    </Suspense>
  );
}
