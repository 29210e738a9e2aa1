/** Providers and provider items through TanStack Query, shared by the settings tabs and the launchpad. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderCategory } from '@atelier/contract';
import { api } from '../../../api/client';

export const providerKeys = {
  providers: ['provider', 'list'] as const,
  items: (category?: ProviderCategory) => ['provider', 'items', category ?? 'all'] as const,
  options: (providerId: string, category?: ProviderCategory) =>
    ['provider', 'options', providerId, category ?? 'all'] as const,
};

export function useProviders() {
  return useQuery({
    queryKey: providerKeys.providers,
    queryFn: ({ signal }) => api.call('provider.list', {}, { signal }),
  });
}

export function useProviderItems(category?: ProviderCategory) {
  return useQuery({
    queryKey: providerKeys.items(category),
    queryFn: ({ signal }) =>
      api.call('provider.item.list', { query: category ? { category } : {} }, { signal }),
  });
}

/** The models a provider offers (also its connection test); errors are shown by the caller. */
export function useProviderOptions(providerId: string | undefined, category?: ProviderCategory) {
  return useQuery({
    queryKey: providerKeys.options(providerId ?? '', category),
    queryFn: ({ signal }) =>
      api.call(
        'provider.item.option.list',
        { query: { providerId: providerId ?? '', ...(category ? { category } : {}) } },
        { signal },
      ),
    enabled: Boolean(providerId),
    retry: false,
    meta: { silent: true },
  });
}

/** Invalidates every provider query after a change. */
export function useInvalidateProviders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['provider'] });
}

export function useProviderMutations() {
  const invalidate = useInvalidateProviders();
  const onSuccess = () => void invalidate();
  return {
    create: useMutation({
      mutationFn: (body: Parameters<typeof api.call<'provider.create'>>[1] & object) =>
        api.call('provider.create', body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: Parameters<typeof api.call<'provider.update'>>[1] & object) =>
        api.call('provider.update', body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (providerId: string) => api.call('provider.delete', { body: { providerId } }),
      onSuccess,
    }),
    createItem: useMutation({
      mutationFn: (body: Parameters<typeof api.call<'provider.item.create'>>[1] & object) =>
        api.call('provider.item.create', body),
      onSuccess,
    }),
    updateItem: useMutation({
      mutationFn: (body: Parameters<typeof api.call<'provider.item.update'>>[1] & object) =>
        api.call('provider.item.update', body),
      onSuccess,
    }),
    removeItem: useMutation({
      mutationFn: (itemId: string) => api.call('provider.item.delete', { body: { itemId } }),
      onSuccess,
    }),
  };
}
