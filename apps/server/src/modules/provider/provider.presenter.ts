/**
 * Wire shapes of providers and items. Only these fields leave the server: never an API key (sealed
 * or from the environment), and a global provider's endpoint without any credentials in its URL.
 */
import type { Provider, ProviderItem, ProviderItemConfig } from '@atelier/contract';
import type { UsableItem } from './provider.items.js';
import type { ProviderRecord } from './provider.types.js';

function withoutCredentials(url: string | null): string | null {
  if (!url) return url;
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/+$/, '');
  } catch {
    return null;
  }
}

export function presentProvider(p: ProviderRecord): Provider {
  return {
    providerId: p.providerId,
    providerKey: p.providerKey,
    name: p.name,
    categories: [...p.categories],
    baseUrl: p.isGlobal ? withoutCredentials(p.baseUrl) : p.baseUrl,
    enabled: p.enabled,
    isGlobal: p.isGlobal,
  };
}

export function presentItem({ item, provider }: UsableItem): ProviderItem {
  return {
    itemId: item.itemId,
    providerId: item.providerId,
    name: item.name,
    category: item.category,
    enabled: item.enabled,
    tier: item.tier,
    config: item.config as ProviderItemConfig,
    order: item.order,
    group: item.group,
    provider: presentProvider(provider),
  };
}
