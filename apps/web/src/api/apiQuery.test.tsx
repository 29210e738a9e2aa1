import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { apiKey, useInvalidateRoutes } from './apiQuery';

describe('typed API query keys', () => {
  it('keys a route answer by route id and input', () => {
    expect(apiKey('canvas.detail', { query: { canvasId: 'c1' } })).toEqual([
      'canvas.detail',
      { query: { canvasId: 'c1' } },
    ]);
    expect(apiKey('skill.list')).toEqual(['skill.list', {}]);
  });

  it('marks every cached answer of a route stale, whatever its input, and nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(apiKey('canvas.list', { query: { pageSize: 100 } }), []);
    client.setQueryData(['canvas.list', { query: { pageSize: 20 } }, 'pages'], { pages: [], pageParams: [] });
    client.setQueryData(apiKey('canvas.detail', { query: { canvasId: 'c1' } }), null);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useInvalidateRoutes(), { wrapper });
    await act(() => result.current(['canvas.list']));
    const stale = client
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryKey[0], q.state.isInvalidated]);
    expect(stale).toEqual([
      ['canvas.list', true],
      ['canvas.list', true],
      ['canvas.detail', false],
    ]);
  });
});
