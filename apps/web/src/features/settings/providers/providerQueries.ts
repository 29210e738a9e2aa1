/** Providers and provider items through the typed API hooks, shared by the settings tabs and the launchpad. */
import type { ProviderCategory } from '@atelier/contract';
import { useApiMutation, useApiQuery, useInvalidateRoutes } from '../../../api/apiQuery';

export function useProviders() {
  return useApiQuery('provider.list');
}

export function useProviderItems(category?: ProviderCategory) {
  return useApiQuery('provider.item.list', { query: category ? { category } : {} });
}

/** The models a provider offers (also its connection test); errors are shown by the caller. */
export function useProviderOptions(providerId: string | undefined, category?: ProviderCategory) {
  return useApiQuery(
    'provider.item.option.list',
    { query: { providerId: providerId ?? '', ...(category ? { category } : {}) } },
    { enabled: Boolean(providerId), retry: false, meta: { silent: true } },
  );
}

export function useProviderMutations() {
  const invalidate = useInvalidateRoutes();
  // the model options are asked of the provider itself: refresh them without waiting
  const invalidates = ['provider.list', 'provider.item.list'] as const;
  const onSuccess = () => void invalidate(['provider.item.option.list']);
  return {
    create: useApiMutation('provider.create', { invalidates, onSuccess }),
    update: useApiMutation('provider.update', { invalidates, onSuccess }),
    remove: useApiMutation('provider.delete', { invalidates, onSuccess }),
    createItem: useApiMutation('provider.item.create', { invalidates, onSuccess }),
    updateItem: useApiMutation('provider.item.update', { invalidates, onSuccess }),
    removeItem: useApiMutation('provider.item.delete', { invalidates, onSuccess }),
  };
}
