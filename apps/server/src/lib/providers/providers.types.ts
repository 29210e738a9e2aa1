/**
 * The shapes of model providers every layer shares: a provider a user may use (own or global), a
 * model or tool provider resolved for a call, and the operator's global providers. The provider
 * module (modules/provider) makes them; ingest, skills, search and the app context only read them,
 * so they live here, below every module.
 */
import type { DefaultModelScene, ModelTier, ProviderCategory, ProviderItemConfig } from '@atelier/contract';

/** Fixed ids of the global providers (they have no database row). */
export const GLOBAL_PROVIDER_IDS = {
  openai: 'pr-global-openai',
  anthropic: 'pr-global-anthropic',
  ollama: 'pr-global-ollama',
  searxng: 'pr-global-searxng',
} as const;

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

/** The providers configured by the environment (and a detected local Ollama), read-only for users. */
export interface GlobalProviderList {
  list(): Promise<ProviderRecord[]>;
  get(providerId: string): Promise<ProviderRecord | undefined>;
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
