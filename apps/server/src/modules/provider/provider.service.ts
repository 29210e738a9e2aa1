/**
 * Providers: create, update, delete and list a user's providers beside the global ones, with the
 * API key sealed at rest. Authorization: `getUsableProvider` (own or global, E1015 otherwise) and
 * `getWritableProvider` (own only; a global provider is read-only: E0003 naming why).
 */
import { AppError, badRequest } from '../../lib/errors.js';
import { decryptSecret, encryptSecret, SecretDecryptError } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import type { CreateProvider, ProviderCategory, UpdateProvider } from '@atelier/contract';
import type { Db } from '../../db/connect.js';
import type { DbOrTx } from '../../db/helpers.js';
import { PROVIDER_KINDS, providerKind, type ProviderKind } from './provider.catalog.js';
import type { GlobalProviderList } from '../../lib/providers/providers.types.js';
import {
  assertAllowedUrl,
  privateNetworkAllowed,
  type PrivateNetworkSettings,
  type ProviderHttpOptions,
} from '../../lib/providers/providers.http.js';
import { listProviderOptions, type ProviderItemOption } from './provider.options.js';
import { forgetInPreferences } from './provider.preferences.js';
import {
  deleteItemsOfProvider,
  deleteProvider,
  findProvider,
  insertProvider,
  listProviders,
  updateProvider,
  type NewProviderRow,
} from './provider.repository.js';
import type { ProviderRecord, ProviderRow } from './provider.types.js';

export const GLOBAL_READ_ONLY =
  'Global providers are configured by the instance operator (environment) and are read-only';

const notFound = () => new AppError('E1015');

export function toProviderRecord(row: ProviderRow): ProviderRecord {
  return {
    providerId: row.providerId,
    uid: row.uid,
    providerKey: row.providerKey,
    name: row.name,
    categories: row.categories,
    baseUrl: row.baseUrl,
    enabled: row.enabled,
    isGlobal: false,
    apiKeyEncrypted: row.apiKeyEncrypted,
    envApiKey: null,
  };
}

/** A provider `uid` may use: one of theirs or a global one. Someone else's answers like a missing one. */
export async function getUsableProvider(
  db: DbOrTx,
  globals: GlobalProviderList,
  uid: string,
  providerId: string,
): Promise<ProviderRecord> {
  const global = await globals.get(providerId);
  if (global) return global;
  const row = await findProvider(db, uid, providerId);
  if (!row) throw notFound();
  return toProviderRecord(row);
}

/** A provider `uid` may change: only their own. */
export async function getWritableProvider(
  db: DbOrTx,
  globals: GlobalProviderList,
  uid: string,
  providerId: string,
): Promise<ProviderRow> {
  if (await globals.get(providerId)) throw badRequest(GLOBAL_READ_ONLY);
  const row = await findProvider(db, uid, providerId);
  if (!row) throw notFound();
  return row;
}

/** The plain API key of a provider (E3001 when a stored key no longer decrypts, e.g. ENCRYPTION_KEY changed). */
export function openApiKey(record: ProviderRecord, encryptionKey: string): string | null {
  if (record.isGlobal) return record.envApiKey;
  if (!record.apiKeyEncrypted) return null;
  try {
    return decryptSecret(record.apiKeyEncrypted, encryptionKey, record.providerId);
  } catch (err) {
    if (err instanceof SecretDecryptError) {
      throw new AppError(
        'E3001',
        `The stored API key of "${record.name}" cannot be decrypted; enter it again`,
      );
    }
    throw err;
  }
}

function kindOf(providerKey: string): ProviderKind {
  const kind = providerKind(providerKey);
  if (!kind) {
    throw badRequest(
      `providerKey: unknown provider type '${providerKey}'; one of ${[...PROVIDER_KINDS.keys()].join(', ')}`,
    );
  }
  return kind;
}

function checkCategories(kind: ProviderKind, categories: ProviderCategory[]): ProviderCategory[] {
  const unique = [...new Set(categories)];
  const unsupported = unique.filter((c) => !kind.categories.includes(c));
  if (unsupported.length) {
    throw badRequest(
      `categories: ${kind.label} offers ${kind.categories.join(', ')}, not ${unsupported.join(', ')}`,
    );
  }
  return unique;
}

export interface ListProvidersFilter {
  enabled?: boolean;
  providerKey?: string;
  category?: ProviderCategory;
  isGlobal?: boolean;
}

export class ProviderService {
  constructor(
    private readonly db: Db,
    private readonly encryptionKey: string,
    private readonly globals: GlobalProviderList,
    private readonly http: ProviderHttpOptions & { network: PrivateNetworkSettings },
  ) {}

  private async checkBaseUrl(kind: ProviderKind, baseUrl: string | null): Promise<void> {
    if (!baseUrl && !kind.defaultBaseUrl) throw badRequest(`baseUrl: required for ${kind.label}`);
    if (baseUrl)
      await assertAllowedUrl(baseUrl, {
        allowPrivateNetwork: privateNetworkAllowed(this.http.network, baseUrl),
      });
  }

  private seal(providerId: string, apiKey: string): string {
    return encryptSecret(apiKey, this.encryptionKey, providerId);
  }

  async create(uid: string, input: CreateProvider): Promise<ProviderRecord> {
    const kind = kindOf(input.providerKey);
    const categories = checkCategories(kind, input.categories);
    const baseUrl = input.baseUrl ?? null;
    await this.checkBaseUrl(kind, baseUrl);
    const apiKey = input.apiKey?.trim() ?? '';
    if (kind.requiresApiKey && !apiKey) throw badRequest(`apiKey: required for ${kind.label}`);
    const providerId = newId('provider');
    const row = await insertProvider(this.db, {
      providerId,
      uid,
      providerKey: kind.key,
      name: input.name,
      categories,
      baseUrl,
      apiKeyEncrypted: apiKey ? this.seal(providerId, apiKey) : null,
      enabled: input.enabled,
    });
    return toProviderRecord(row);
  }

  async update(uid: string, input: UpdateProvider): Promise<ProviderRecord> {
    const current = await getWritableProvider(this.db, this.globals, uid, input.providerId);
    const kind = kindOf(current.providerKey);
    const patch: Partial<NewProviderRow> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.categories !== undefined) patch.categories = checkCategories(kind, input.categories);
    if (input.baseUrl !== undefined) {
      await this.checkBaseUrl(kind, input.baseUrl);
      patch.baseUrl = input.baseUrl;
    }
    if (input.apiKey !== undefined) {
      const apiKey = input.apiKey.trim();
      if (kind.requiresApiKey && !apiKey) throw badRequest(`apiKey: required for ${kind.label}`);
      patch.apiKeyEncrypted = apiKey ? this.seal(current.providerId, apiKey) : null;
    }
    if (input.enabled !== undefined) patch.enabled = input.enabled;
    const row = Object.keys(patch).length
      ? await updateProvider(this.db, uid, current.providerId, patch)
      : current;
    if (!row) throw notFound();
    return toProviderRecord(row);
  }

  /** Deletes the provider, its items, and the preferences that pointed at them. */
  async delete(uid: string, providerId: string): Promise<void> {
    await getWritableProvider(this.db, this.globals, uid, providerId);
    await this.db.transaction(async (tx) => {
      const itemIds = await deleteItemsOfProvider(tx, uid, providerId);
      if (!(await deleteProvider(tx, uid, providerId))) throw notFound();
      await forgetInPreferences(tx, uid, { providerIds: [providerId], itemIds });
    });
  }

  /** Global providers first, then the user's own by creation. */
  async list(uid: string, filter: ListProvidersFilter = {}): Promise<ProviderRecord[]> {
    const all = [
      ...(await this.globals.list()),
      ...(await listProviders(this.db, uid)).map(toProviderRecord),
    ];
    return all.filter(
      (p) =>
        (filter.enabled === undefined || p.enabled === filter.enabled) &&
        (filter.providerKey === undefined || p.providerKey === filter.providerKey) &&
        (filter.category === undefined || p.categories.includes(filter.category)) &&
        (filter.isGlobal === undefined || p.isGlobal === filter.isGlobal),
    );
  }

  getUsable(uid: string, providerId: string): Promise<ProviderRecord> {
    return getUsableProvider(this.db, this.globals, uid, providerId);
  }

  apiKeyOf(record: ProviderRecord): string | null {
    return openApiKey(record, this.encryptionKey);
  }

  /** The models a provider offers; also the connection test (E3001 / E3003 when it fails). */
  async options(uid: string, providerId: string, category?: ProviderCategory): Promise<ProviderItemOption[]> {
    const provider = await this.getUsable(uid, providerId);
    // Operator-configured endpoints are trusted; the private-network guard is for user ones.
    const http = {
      timeoutMs: this.http.timeoutMs,
      allowPrivateNetwork: provider.isGlobal || privateNetworkAllowed(this.http.network, provider.baseUrl),
    };
    return listProviderOptions(provider, this.apiKeyOf(provider), http, category);
  }
}
