/** The MCP servers tab, loaded when the settings dialog first shows it. */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';

const Inner = lazy(() => import('./McpServersTab').then((m) => ({ default: m.McpServersTab })));

export function LazyMcpServersTab() {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <Inner />
    </Suspense>
  );
}
