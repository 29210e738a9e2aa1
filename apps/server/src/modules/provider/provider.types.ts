/** Internal shapes of the provider module: a provider a user may use, an item, and a resolved model. */
import type { DefaultModelScene, ModelTier, ProviderCategory, ProviderItemConfig } from '@atelier/contract';
import type { providerItems, providers } from '../../db/schema/index.js';

export type ProviderRow = typeof providers.$inferSelect;
export type ProviderItemRow = typeof providerItems.$inferSelect;

/** A user's own provider or a global one, with its secret still sealed (or held in memory for globals). */
export interface ProviderRecord {
  providerId: string;
  /** The owner; null for a global provider. */
  uid: string | null;
  providerKey: string;
  name: string;
  categories: ProviderCategory[];
  baseUrl: string | null;
  enabled: boolean;
  isGlobal: boolean;
  /** User providers: the AES-256-GCM sealed key. */
  apiKeyEncrypted: string | null;
  /** Global providers: the key from the environment. Never presented. */
  envApiKey: string | null;
}

/** Scenes with a default model, plus the categories whose first enabled item is used. */
export type ModelScene = DefaultModelScene | 'embedding' | 'reranker';

export interface ResolvedModel {
  item: {
    itemId: string;
    name: string;
    category: ProviderCategory;
    tier: ModelTier | null;
  };
  provider: {
    providerId: string;
    providerKey: string;
    name: string;
    isGlobal: boolean;
    /** The endpoint to call (the provider's own, else its type's default). */
    baseUrl: string | null;
  };
  /** Decrypted; keep it out of logs and answers. */
  apiKey: string | null;
  config: ProviderItemConfig & { modelId?: string; modelName?: string };
  /** Whether user endpoints may reach private addresses (the AI SDK fetch applies the guard). */
  allowPrivateNetwork: boolean;
}

/** A web-search or parsing provider resolved for a user. */
export interface ResolvedToolProvider {
  provider: ResolvedModel['provider'];
  apiKey: string | null;
  /** The chosen item of that category, when the user picked one. */
  item: ResolvedModel['item'] | null;
  config: Record<string, unknown>;
}
